import { MAX_CHAT_LENGTH } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLink } from '../src/chat/links.js';
import { chatText, cleanChatText, MAX_MARKS } from '../src/chat/text.js';

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

describe('hasLink', () => {
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

describe('chatText', () => {
  it('makes one trimmed line of the text, runs of blanks and controls as one space', () => {
    expect(cleanChatText('  gl\n\n\thf \u0007 ')).toBe('gl hf');
    expect(cleanChatText('a\u202Eb\u200Bc')).toBe('abc');
  });

  it('keeps at most MAX_MARKS combining marks on a character', () => {
    const zalgo = `a${'\u0301'.repeat(40)}b`;
    expect(cleanChatText(zalgo)).toBe(`a${'\u0301'.repeat(MAX_MARKS)}b`);
    expect(cleanChatText('Việt')).toBe('Việt');
  });

  it('refuses an empty text, a long one, and one with a link', () => {
    expect(chatText(' \n\t ')).toMatchObject({ ok: false, error: { code: 'ERR_REQUEST' } });
    expect(chatText('x'.repeat(MAX_CHAT_LENGTH + 1))).toMatchObject({ ok: false, error: { code: 'ERR_REQUEST' } });
    expect(chatText('see example.com')).toMatchObject({ ok: false, error: { code: 'ERR_CHAT_LINK' } });
    expect(chatText(`  ${'x'.repeat(MAX_CHAT_LENGTH)}  `)).toEqual({ ok: true, value: 'x'.repeat(MAX_CHAT_LENGTH) });
  });

  it('stores what it cleaned: cleaning again changes nothing, and nothing grows', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const once = cleanChatText(text);
        expect(cleanChatText(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(text.length);
        expect(once).not.toMatch(/[\p{Cc}\n\t]|\s\s|^\s|\s$/u);
      }),
    );
  });
});
