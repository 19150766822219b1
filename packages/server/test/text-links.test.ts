import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asLatin, LOOKALIKES, latinReading } from '../src/text/confusables.js';
import { DISGUISED_ENDINGS, hasLink, WORD_ENDINGS } from '../src/text/links.js';

/*
 * The link filter (text/links.ts, text/confusables.ts): every disguise a case of its own, and
 * ordinary chat in the site's eight languages that must pass, dots and all.
 */

/** [text, holds a link]: what spam writes, and ordinary chat that must pass. */
const CASES: readonly (readonly [string, boolean])[] = [
  ['http://example.com', true],
  ['see https://zar.example/play', true],
  ['HTTPS://EXAMPLE.ORG', true],
  ['ftp://files', true],
  ['www.example', true],
  ['go to WWW . example', true],
  ['example.com', true],
  ['visit example.com/promo now', true],
  ['t.me/freecoins', true],
  ['join discord.gg/abc', true],
  ['bit.ly/x', true],
  ['mail me at me@example.net', true],
  ['shop.xyz', true],
  ['example . com', true],
  ['example  .  net', true],
  ['example(.)com', true],
  ['example [dot] org', true],
  ['example dot com', true],
  ['example\u200B.com', true],
  ['example\uFF0Ecom', true],
  ['ｅｘａｍｐｌｅ.ｃｏｍ', true],
  ['my server is 10.0.0.1', true],
  ['watch youtu.be/dQw4w9', true],
  ['goo.gl/x', true],
  ['example\u3002com', true],
  ['example\uFF61com', true],
  ['example .com', true],
  ['example.\u0332com', true],
  ['e\u0332x\u0332a\u0332m\u0332p\u0332l\u0332e\u0332.\u0332c\u0332o\u0332m\u0332', true],
  ['exam\u0336ple.c\u0336om', true],
  ['gl hf', false],
  ['gg wp', false],
  ['nice roll!', false],
  ['e.g. the 6-1 is best', false],
  ['i.e. run', false],
  ['3.5 points ahead', false],
  ['ok.so what now', false],
  ['thanks. com on', false],
  ['good game. gg', false],
  ['Joguei bem. Com sorte', false],
  ['e.g./i.e. both', false],
  ['24/18 13/11', false],
  ['Xin chào bạn, chơi tốt', false],
  ['नमस्ते दोस्त', false],
  ['well. net gain', false],
  ['the score is 3-2. Crawford next', false],
  ['13/7 8/7', false],
  ['I like the community.', false],
  ['version 1.2.3', false],
  ['dot the i', false],
  ['www', false],
  ['wwwhat', false],
  ['', false],
];

/** Disguises that passed the filter before it read every ending and look-alike letters. */
const DISGUISES: readonly string[] = [
  'scam.live',
  'zar-bonus.click',
  'FREE COINS at zar-bonus.com',
  'scam.c\u03BFm', // Greek omicron
  'sc\u0430m.com', // Cyrillic a
  '\u0455\u0441\u0430m.\u0441\u043E\u043C', // Cyrillic dze, es, a; es, o, em
  'scam.\u0441\u043E\u043C', // a Latin name, a Cyrillic "com"
  '\u0441\u043E\u0441\u043E.\u0441\u043E\u043C', // Cyrillic only, every letter a look-alike
  'SCAM.C\u039FM', // Greek capital omicron
  'scam . c\u03BFm',
  'scam dot c\u03BFm',
  'scam. com',
  'scam. com!',
  'go to scam. com/abc',
  'discord gg/abc',
  'discord  gg / abc',
  'discord dot gg/abc',
  't me/abc',
  'bit ly/abc',
  'wa me/40700000000',
  'scam\u00B7com',
  'scam\u30FBcom',
  'scam\u00AD.com',
  'sc\u2062am.com',
  'scam.c\u{E0041}om',
  'scam.com\u202E',
  'Scam.Live',
  'casino.bet',
  'win.online',
  'zar-bonus.\u0440\u0444', // .рф
  '\u{1D42C}\u{1D41C}\u{1D41A}\u{1D426}.\u{1D41C}\u{1D428}\u{1D426}', // mathematical bold
  '\u24E2\u24D2\u24D0\u24DC.\u24D2\u24DE\u24DC', // circled letters
  'e.g.com',
  'ok.so/abc',
];

/** Ordinary chat in en, ro, tr, ru, uk, el, bg and ar, full stops with and without their space. */
const ORDINARY: readonly string[] = [
  'gg wp',
  '3.5 pips ahead',
  "ok. com'on",
  'nice roll. gg',
  'Thanks. See you tomorrow.',
  'I.e. the 6-1 is best',
  'Dr. Smith plays well',
  'lol... ok',
  'ok.so what now',
  'Bine. Ne vedem mâine.',
  'Ai avut noroc la zaruri.',
  'Mersi.nu mai pot',
  'Dl. Popescu joacă bine, etc.',
  'İyi oyun. Tekrar oynayalım mı?',
  'Tamam.ve sonra?',
  'Saat 3.30’da görüşürüz',
  'Хорошая игра. Спасибо!',
  'т.е. ход 6-1 лучший, и т.д. и т.п.',
  'Пойдем.со мной',
  'ok.со мной',
  'Ловил сом. Ок',
  'Всего 3.5 очка',
  'Гарна гра. Дякую!',
  'Ну що ж, наступного разу. І т.д.',
  'Καλό παιχνίδι. Ευχαριστώ!',
  'Ναι.Το βλέπω',
  'Καλή τύχη. Τα λέμε αύριο, κ.λπ.',
  'Ο Κ.Παπαδόπουλος κέρδισε',
  'Добре. Ще видим',
  'Добре.Ще видим',
  'Браво. Хубава игра, т.е. добра!',
  "Ок. Ком'он",
  'لعبة جيدة. شكرا!',
  'حظ سعيد. أراك غدا.',
  'ممتاز.أحسنت',
  'هل نلعب مرة أخرى؟',
];

describe('hasLink', () => {
  it.each(DISGUISES)('%j is a link in disguise', (text) => {
    expect(hasLink(text)).toBe(true);
  });

  it.each(ORDINARY)('%j is ordinary chat', (text) => {
    expect(hasLink(text)).toBe(false);
  });

  it.each(CASES)('%j holds a link: %s', (text, link) => {
    expect(hasLink(text)).toBe(link);
  });

  const scheme = fc.constantFrom('http://', 'https://', 'HTTP://', 'www.', '');
  const label = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/);
  const tld = fc.constantFrom('com', 'net', 'org', 'ru', 'io', 'me', 'gg', 'ly');
  const path = fc.constantFrom('', '/', '/x', '/promo?id=1');
  const words = fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 4 }).map((w) => w.join(' '));

  it('finds any address written among words, whatever surrounds it', () => {
    fc.assert(
      fc.property(words, scheme, label, tld, path, words, (before, s, name, t, p, after) => {
        expect(hasLink(`${before} ${s}${name}.${t}${p} ${after}`)).toBe(true);
      }),
    );
  });

  it('finds an address with an invisible character slipped into it', () => {
    const hidden = fc.constantFrom('\u200B', '\u2060', '\uFEFF', '\u202E', '\u00AD');
    fc.assert(
      fc.property(label, tld, hidden, fc.nat(), (name, t, h, at) => {
        const address = `${name}.${t}`;
        const i = at % (address.length + 1);
        expect(hasLink(`${address.slice(0, i)}${h}${address.slice(i)}`)).toBe(true);
      }),
    );
  });

  it('passes sentences of plain words, each ended by a stop and a space', () => {
    const word = fc.stringMatching(/^[a-zA-Z']{1,10}$/).filter((w) => w.toLowerCase() !== 'dot');
    const sentence = fc.tuple(fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom('.', '!', '?', ','));
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 4 }), (sentences) => {
        const text = sentences.map(([w, stop]) => `${w.join(' ')}${stop}`).join(' ');
        expect(hasLink(text)).toBe(false);
      }),
    );
  });
});

describe('look-alike letters', () => {
  it('maps only Cyrillic and Greek letters, each to a Latin one', () => {
    for (const c of Object.keys(LOOKALIKES)) {
      expect(c, c).toMatch(/[\p{Script=Cyrillic}\p{Script=Greek}]/u);
      expect(asLatin(c), c).toMatch(/^\p{Script=Latin}$/u);
    }
    expect(asLatin('Привет')).toBe('Пpивeт');
  });

  it('reads a word as Latin only when disguised', () => {
    expect(latinReading('sc\u0430m', DISGUISED_ENDINGS)).toBe('scam');
    expect(latinReading('сом рыба', DISGUISED_ENDINGS)).toBe('сом рыба');
    expect(latinReading('ok.со', DISGUISED_ENDINGS)).toBe('ok.со');
    expect(latinReading('ok.сом', DISGUISED_ENDINGS)).toBe('ok.com');
  });

  it('a Cyrillic or Greek sentence with a missed space after its full stop is never read as Latin', () => {
    const cyrillic = fc.stringMatching(/^[а-яА-Я]{1,10}$/);
    const greek = fc.stringMatching(/^[α-ωΑ-Ω]{1,10}$/);
    const word = fc.oneof(cyrillic, greek);
    fc.assert(
      fc.property(word, word, (a, b) => {
        const text = `${a}.${b}`;
        const read = latinReading(text, DISGUISED_ENDINGS);
        // Changed only when the second word reads as one of the few endings spam uses most.
        if (read !== text) expect(DISGUISED_ENDINGS.has(asLatin(b).toLowerCase())).toBe(true);
      }),
    );
  });

  it('word endings are real endings, believed with a path', () => {
    for (const w of WORD_ENDINGS) {
      expect(hasLink(`ok.${w} then`), w).toBe(false);
      expect(hasLink(`ok.${w}/abc`), w).toBe(true);
    }
  });
});
