import { NameSchema } from '@zar/protocol';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanText } from '../src/text/clean.js';
import { hasLink } from '../src/text/links.js';
import { newTournament } from '../src/tournament/create.js';
import { type Running, startServer } from './support/harness.js';
import { account } from './support/people.js';
import { request } from './support/tournaments.js';

/*
 * Names others read pass the same gate as the chat (text/shown.ts): a tournament's name is
 * stored cleaned, and refused when blank or holding a link; an account's name is held by the
 * protocol to letters, digits, _ and -, which the cleaner would leave as they are and in which
 * no link can be written.
 */

const CLOCK = { kind: 'timed', delayMs: 60_000, perPointMs: 600_000 } as const;
const made = (name: string) =>
  newTournament(
    request({ name, format: 'knockout', roundSettings: [{ length: 1, clock: CLOCK }] }),
    { name: 'host', guest: false },
    1000,
  );

describe("a tournament's name", () => {
  it.each([
    ['a link', 'FREE COINS at zar-bonus.com', 'ERR_TEXT_LINK'],
    ['a link with a look-alike letter', 'Cup at sc\u0430m.com', 'ERR_TEXT_LINK'],
    ['a disguised link', 'Cup discord gg/abc', 'ERR_TEXT_LINK'],
    ['Hangul fillers', '\u3164\u3164\u3164', 'ERR_TEXT_BLANK'],
    ['braille blanks', '\u2800\u2800\u2800', 'ERR_TEXT_BLANK'],
    ['direction characters', '\u202E\u202E\u202E', 'ERR_TEXT_BLANK'],
    ['two letters once hidden ones are gone', 'a\u200Bb\u200B', 'ERR_TOURNAMENT'],
  ])('is refused when it is %s', (_, name, code) => {
    expect(made(name)).toMatchObject({ ok: false, error: { code } });
  });

  it('is stored cleaned: no direction characters, controls or line breaks', () => {
    const cases = [
      ['Club \u202Enight', 'Club night'],
      ['Club\u0007 night', 'Club night'],
      ['Club\nnight\r\ncup', 'Club night cup'],
      ['Kupa\u200B \u2066Final\u2069', 'Kupa Final'],
      ['Τουρνουά Αθήνας', 'Τουρνουά Αθήνας'],
      ['جام باشگاه می\u200Cخواهیم', 'جام باشگاه می\u200Cخواهیم'],
    ] as const;
    for (const [name, stored] of cases) expect(made(name)).toMatchObject({ ok: true, value: { name: stored } });
  });
});

describe('over REST', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a name with a link or that shows nothing, and lists the cleaned name', async () => {
    const host = await account(server.base, 'host');
    const body = (name: string) => ({ name, format: 'knockout', roundSettings: [{ length: 1, clock: CLOCK }] });
    const link = await host.call<{ error: { code: string } }>(
      'POST',
      '/api/tournaments',
      body('FREE COINS at zar-bonus.com'),
    );
    expect([link.status, link.body.error.code]).toEqual([400, 'ERR_TEXT_LINK']);
    const blank = await host.call<{ error: { code: string } }>('POST', '/api/tournaments', body('\u3164\u3164\u3164'));
    expect([blank.status, blank.body.error.code]).toEqual([400, 'ERR_TEXT_BLANK']);
    const r = await host.call<{ id: string }>('POST', '/api/tournaments', body('Night\u0007\n\u202ECup'));
    expect(r.status).toBe(201);
    const list = await host.call<{ tournaments: { id: string; name: string }[] }>('GET', '/api/tournaments');
    expect(list.body.tournaments.find((t) => t.id === r.body.id)?.name).toBe('Night Cup');
  });
});

describe("an account's name", () => {
  it('is one the cleaner leaves as it is, and never holds a link', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_-]{3,24}$/);
    fc.assert(
      fc.property(name, (n) => {
        expect(v.is(NameSchema, n)).toBe(true);
        expect(cleanText(n)).toBe(n);
        expect(hasLink(n)).toBe(false);
      }),
    );
    // What the cleaner would take out or refuse, the protocol refuses first.
    for (const n of ['ad\u200Dmin', 'scam.com', 'a b c', '\u3164\u3164\u3164', 'x\u202Ey', 'ab\n']) {
      expect(v.is(NameSchema, n)).toBe(false);
    }
  });
});
