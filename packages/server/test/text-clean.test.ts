import { MAX_CHAT_LENGTH } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatText } from '../src/chat/text.js';
import { BLANK_LOOKALIKES, cleanText, isBlank, MAX_MARKS } from '../src/text/clean.js';
import { shownText } from '../src/text/shown.js';

/*
 * The one cleaner of text others read (text/clean.ts, text/shown.ts): each hidden or steering
 * character a case of its own, the joiners that scripts and emoji need kept, blank-looking
 * text refused, and properties over any string.
 */

/** [name, a text with the character inside a word]: each must come out as "ab". */
const HIDDEN: readonly (readonly [string, string])[] = [
  ['left-to-right mark U+200E', 'a\u200Eb'],
  ['right-to-left mark U+200F', 'a\u200Fb'],
  ['Arabic letter mark U+061C', 'a\u061Cb'],
  ['zero-width joiner between Latin letters', 'a\u200Db'],
  ['zero-width non-joiner between Latin letters', 'a\u200Cb'],
  ['zero-width space U+200B', 'a\u200Bb'],
  ['soft hyphen U+00AD', 'a\u00ADb'],
  ['Mongolian vowel separator U+180E', 'a\u180Eb'],
  ['word joiner U+2060', 'a\u2060b'],
  ['function application U+2061', 'a\u2061b'],
  ['invisible times U+2062', 'a\u2062b'],
  ['invisible separator U+2063', 'a\u2063b'],
  ['invisible plus U+2064', 'a\u2064b'],
  ['tag characters U+E0000–E007F', 'a\u{E0001}\u{E0041}\u{E007F}b'],
  ['left-to-right embedding U+202A', 'a\u202Ab'],
  ['right-to-left embedding U+202B', 'a\u202Bb'],
  ['pop directional formatting U+202C', 'a\u202Cb'],
  ['left-to-right override U+202D', 'a\u202Db'],
  ['right-to-left override U+202E', 'a\u202Eb'],
  ['left-to-right isolate U+2066', 'a\u2066b'],
  ['right-to-left isolate U+2067', 'a\u2067b'],
  ['first strong isolate U+2068', 'a\u2068b'],
  ['pop directional isolate U+2069', 'a\u2069b'],
  ['byte order mark U+FEFF', 'a\uFEFFb'],
  ['combining grapheme joiner U+034F', 'a\u034Fb'],
  ['variation selector after a letter', 'a\uFE0Fb'],
  ['interlinear annotation U+FFF9–FFFB', 'a\uFFF9\uFFFA\uFFFBb'],
  ['bell U+0007', 'a\u0007b'],
  ['escape U+001B', 'a\u001Bb'],
  ['null U+0000', 'a\u0000b'],
  ['delete U+007F', 'a\u007Fb'],
  ['a C1 control U+009B', 'a\u009Bb'],
  ['a lone surrogate', 'a\uD800b'],
];

/** Texts that show nothing: each refused with ERR_TEXT_BLANK. */
const BLANK: readonly (readonly [string, string])[] = [
  ['Hangul filler U+3164', '\u3164'],
  ['Hangul choseong filler U+115F', '\u115F'],
  ['Hangul jungseong filler U+1160', '\u1160'],
  ['halfwidth Hangul filler U+FFA0', '\uFFA0'],
  ['braille pattern blank U+2800', '\u2800\u2800\u2800'],
  ['musical symbol null notehead U+1D159', '\u{1D159}'],
  ['spaces of every width', ' \u00A0\u2000\u2003\u200A\u202F\u205F\u3000'],
  ['line breaks and tabs', '\n\r\t\u2028\u2029\u0085'],
  ['direction characters only', '\u202E\u2066\u200F'],
  ['zero-width characters only', '\u200B\u200C\u200D\u2060\uFEFF'],
  ['tag characters only', '\u{E0068}\u{E0069}'],
  ['combining marks with nothing under them', '\u0301\u0302'],
  ['a mix of them', '\u3164 \u2800\u200B\u115F\n\u202E'],
  ['controls only', '\u0007\u0007'],
];

describe('cleanText', () => {
  it.each(HIDDEN)('removes the %s', (_, text) => {
    expect(cleanText(text)).toBe('ab');
  });

  it('makes one line: line breaks, tabs and runs of spaces become one space; the ends are trimmed', () => {
    expect(cleanText('  gl\n\n\thf \u0007 ')).toBe('gl hf');
    expect(cleanText('Club\r\nnight\u2028cup\u0085final')).toBe('Club night cup final');
    expect(cleanText('FREE\u3164COINS\u2800now')).toBe('FREE COINS now');
  });

  it('keeps ZWNJ and ZWJ where a script needs them, and emoji sequences whole', () => {
    // Persian writes ZWNJ inside words ("I want"), Devanagari chooses a half form with ZWJ.
    for (const word of ['می\u200Cخواهم', 'क्\u200Dष', 'क्\u200Cष']) expect(cleanText(word)).toBe(word);
    for (const emoji of ['👨\u200D👩\u200D👧', '🏳\uFE0F\u200D🌈', '👩🏽\u200D💻', '❤\uFE0F', '1\uFE0F\u20E3']) {
      expect(cleanText(`gg ${emoji}`)).toBe(`gg ${emoji}`);
    }
    // The same characters beside Latin letters or spaces do nothing visible: removed.
    expect(cleanText('ad\u200Dmin \u200D x\uFE0F')).toBe('admin x');
  });

  it('keeps at most MAX_MARKS combining marks on a character, and none with nothing under them', () => {
    const zalgo = `a${'\u0301'.repeat(40)}b`;
    expect(cleanText(zalgo)).toBe(`a${'\u0301'.repeat(MAX_MARKS)}b`);
    expect(cleanText('Việt nam')).toBe('Việt nam');
    expect(cleanText('\u0301x \u0308y')).toBe('x y');
  });

  it('cleans once for all: cleaning again changes nothing; nothing grows; nothing hidden is left', () => {
    const kept = new Set(['\u200C', '\u200D', '\uFE0E', '\uFE0F']);
    // Any text, and texts of the characters whose neighbours decide their fate.
    const tricky = fc.string({
      unit: fc.constantFrom(...'aب्क👨❤1.c \n\u{1F3FD}\u200C\u200D\uFE0F\uFE0E\u0301\u3164\u2800\uFEFF\u202E\uD800'),
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), tricky), (text) => {
        const once = cleanText(text);
        expect(cleanText(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(text.length);
        expect(once).not.toMatch(/[\p{Cc}\n\t]|\s\s|^\s|\s$/u);
        for (const c of once.match(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu) ?? []) expect(kept.has(c)).toBe(true);
        for (const c of BLANK_LOOKALIKES) expect(once).not.toContain(c);
      }),
    );
  });

  it('leaves ordinary text of every language the site speaks as it was', () => {
    const texts = [
      'gg wp, nice roll!',
      'Bine jucat, mulțumesc!',
      'İyi oyun, teşekkürler.',
      'Хорошая игра, спасибо.',
      'Гарна гра, дякую.',
      'Καλό παιχνίδι, ευχαριστώ.',
      'Добра игра, благодаря.',
      'لعبة جيدة، شكرا.',
      'Club night — round 2 (5 pts)',
    ];
    for (const t of texts) expect(cleanText(t)).toBe(t);
  });
});

describe('shownText', () => {
  it.each(BLANK)('refuses a text of %s as blank', (_, text) => {
    expect(shownText(text)).toMatchObject({ ok: false, error: { code: 'ERR_TEXT_BLANK' } });
  });

  it('refuses a link, and passes the rest cleaned', () => {
    expect(shownText('FREE COINS at zar-bonus.com')).toMatchObject({ ok: false, error: { code: 'ERR_TEXT_LINK' } });
    expect(shownText('\u202Emoc.sunob-raz\u202C')).toEqual({ ok: true, value: 'moc.sunob-raz' });
    expect(shownText(' Club\u0007\nnight ')).toEqual({ ok: true, value: 'Club night' });
  });

  it('a text it passes is never blank, and passes again unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const shown = shownText(text);
        if (!shown.ok) return;
        expect(isBlank(shown.value)).toBe(false);
        expect(shownText(shown.value)).toEqual(shown);
      }),
    );
  });
});

describe('chatText', () => {
  it('refuses a blank message, a long one, and one with a link, each with its code', () => {
    expect(chatText(' \n\t ')).toMatchObject({ ok: false, error: { code: 'ERR_TEXT_BLANK' } });
    expect(chatText('\u3164')).toMatchObject({ ok: false, error: { code: 'ERR_TEXT_BLANK' } });
    expect(chatText('\u2800')).toMatchObject({ ok: false, error: { code: 'ERR_TEXT_BLANK' } });
    expect(chatText('\u115F')).toMatchObject({ ok: false, error: { code: 'ERR_TEXT_BLANK' } });
    expect(chatText('x'.repeat(MAX_CHAT_LENGTH + 1))).toMatchObject({ ok: false, error: { code: 'ERR_REQUEST' } });
    expect(chatText('see example.com')).toMatchObject({ ok: false, error: { code: 'ERR_CHAT_LINK' } });
    expect(chatText('discord gg/abc')).toMatchObject({ ok: false, error: { code: 'ERR_CHAT_LINK' } });
    expect(chatText(`  ${'x'.repeat(MAX_CHAT_LENGTH)}  `)).toEqual({ ok: true, value: 'x'.repeat(MAX_CHAT_LENGTH) });
    expect(chatText('g\u200Bl \u202Ehf')).toEqual({ ok: true, value: 'gl hf' });
  });
});
