import { NameSchema } from '@zar/protocol';
import fc from 'fast-check';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Auth } from '../src/people/auth.js';
import { memoryStore } from '../src/store/index.js';
import { accountName } from '../src/text/account-name.js';

/*
 * An account's name passes the gate of every text others read (text/shown.ts) as well as the
 * protocol's ASCII rule. The rule refuses all of these first today, so the gate is tested on
 * its own and through registration called past the rule, as a wider rule would let them in.
 */

const REFUSED: [string, string, string][] = [
  ['a link', 'scam.com', 'ERR_TEXT_LINK'],
  ['a link with a look-alike letter', 'scam.c\u03BFm', 'ERR_TEXT_LINK'],
  ['blank look-alikes only', '\u3164\u3164\u3164', 'ERR_TEXT_BLANK'],
  ['direction marks only', '\u200E\u200F\u061C', 'ERR_TEXT_BLANK'],
  ['a hidden joiner (shown other than written)', 'ad\u200Dmin', 'ERR_BODY'],
  ['a right-to-left override', 'ana\u202Eeno', 'ERR_BODY'],
  ['a control character', 'ana\u0007', 'ERR_BODY'],
];

describe('accountName', () => {
  it('passes every name the protocol takes, as it is written', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{3,24}$/), (name) => {
        expect(v.is(NameSchema, name)).toBe(true);
        expect(accountName(name)).toEqual({ ok: true, value: name });
      }),
    );
  });

  it.each(REFUSED)('refuses a name with %s', (_, name, code) => {
    expect(accountName(name)).toMatchObject({ ok: false, error: { code } });
  });
});

describe('registration', () => {
  it('refuses such a name before anything is stored, whatever let it past the protocol', async () => {
    const store = memoryStore();
    const auth = new Auth({ store, now: () => 1, secureCookies: false });
    // The refusal comes before the request or the reply is touched: none is needed.
    const nothing = {} as FastifyRequest & FastifyReply;
    for (const [, name, code] of REFUSED) {
      const r = await auth.register(null, { name, password: 'correct horse battery' }, nothing, nothing);
      expect(r, name).toMatchObject({ ok: false, error: { code } });
      expect(await store.userByName(name)).toBeNull();
    }
  });
});
