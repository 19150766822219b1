import { importMat, parseJsonRecord } from '@zar/match';
import { ERROR_CODES } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { api, setFetch } from '../src/api.js';
import { ar } from '../src/i18n/ar.js';
import { bg } from '../src/i18n/bg.js';
import type { Catalogue } from '../src/i18n/catalogue.js';
import { el } from '../src/i18n/el.js';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import type { Lang } from '../src/i18n/languages.js';
import { ro } from '../src/i18n/ro.js';
import { ru } from '../src/i18n/ru.js';
import { tr } from '../src/i18n/tr.js';
import { uk } from '../src/i18n/uk.js';
import { fileErrorText } from '../src/imports/file-error.js';
import { matchRoute, pathOf } from '../src/router.js';

const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { en, ro, tr, ru, uk, el, bg, ar };

/** Parameters of the kinds each code's error carries (@zar/match's mat-error.ts and json-record.ts). */
const PARAMS: Readonly<Record<string, Readonly<Record<string, string | number>>>> = {
  ERR_JSON: {},
  ERR_MAT_EMPTY: {},
  ERR_MAT_HEADER: { found: 'Hello world' },
  ERR_MAT_SYNTAX: { found: '5) hello 65: 13/7 13/8' },
  ERR_MAT_SCORE: { given: '3-1', expected: '4-1' },
  ERR_MAT_ILLEGAL_MOVE: { player: 'Alice', dice: '6-4', move: '21/15 15/9' },
  ERR_MAT_ILLEGAL_ACTION: { player: 'Bob', action: 'Takes' },
  ERR_MAT_CUBE: { value: 8, expected: 4 },
  ERR_MAT_RESULT: { player: 'Alice', points: 2 },
  ERR_MAT_TRUNCATED: { game: 4 },
  ERR_RECORD_VERSION: { version: '2' },
  ERR_RECORD_SHAPE: { field: 'settings' },
  ERR_RECORD_ILLEGAL: { number: 17 },
};

describe("an imported file's errors in the reader's language", () => {
  it('every code of a file has its sentence, and every such code is the contract’s', () => {
    for (const code of Object.keys(PARAMS)) expect(ERROR_CODES, code).toContain(code);
    expect(Object.keys(en.imports.errors).sort()).toEqual(Object.keys(PARAMS).sort());
  });

  for (const [lang, t] of Object.entries(CATALOGUES)) {
    it(`${lang}: each error with its line and every parameter, no slot left unfilled`, () => {
      const i18n = makeI18n(lang as Lang, t);
      for (const [code, params] of Object.entries(PARAMS)) {
        const text = fileErrorText(i18n, code, { line: 12, params });
        expect(text, `${lang} ${code}`).toContain(i18n.num(12));
        for (const value of Object.values(params)) expect(text, `${lang} ${code}`).toContain(String(value));
        expect(text, `${lang} ${code}`).not.toMatch(/\{\w+\}/);
        if (lang !== 'en') expect(text).not.toBe(fileErrorText(makeI18n('en', en), code, { line: 12, params }));
        // Without a line (a JSON record's, the file as a whole): the sentence alone.
        expect(fileErrorText(i18n, code, { line: null, params })).not.toContain(i18n.num(12));
      }
    });
  }

  it('reads what @zar/match reports: an illegal move of a .mat, a JSON record’s field', () => {
    const i18n = makeI18n('en', en);
    const mat = importMat(' 1 point match\n\n Game 1\n Ann : 0      Ben : 0\n  1) 31: 8/5 6/5    62: 24/16 13/11\n');
    if (mat.ok) expect.fail('the file was accepted');
    const { code, line, params } = mat.error;
    expect(fileErrorText(i18n, code, { line, params })).toBe(
      'Line 5: Ben rolls 6-2 and the file plays “24/16 13/11”, which is not legal there.',
    );
    const json = parseJsonRecord('{"version":1,"settings":5,"players":["a","b"],"actions":[]}');
    if (json.ok) expect.fail('the record was accepted');
    expect(fileErrorText(i18n, json.error.code, { line: null, params: json.error.params })).toBe(
      'This Zar record is wrong at “settings”.',
    );
  });

  it('a code without a file sentence, or without its detail, reads as any refusal', () => {
    const i18n = makeI18n('en', en);
    expect(fileErrorText(i18n, 'ERR_TOO_LARGE', { line: 3, params: {} })).toBe(en.errors.ERR_TOO_LARGE);
    expect(fileErrorText(i18n, 'ERR_MAT_SYNTAX', undefined)).toBe(en.errors.ERR_MAT_SYNTAX);
  });

  it('the routes of the import pages', () => {
    for (const path of ['/import', '/imports/abc123', '/imports/abc123/analysis']) {
      expect(pathOf(matchRoute(path))).toBe(path);
    }
    expect(matchRoute('/imports/abc123/analysis')).toEqual({ page: 'import-analysis', id: 'abc123' });
    expect(matchRoute('/imports/abc123/other').page).toBe('not-found');
  });

  describe('the client', () => {
    afterEach(() => setFetch((input, init) => fetch(input, init)));

    it('keeps a refused file’s detail, and sends the file’s name only when there is one', async () => {
      const sent: unknown[] = [];
      const detail = { line: 5, params: { player: 'Ben', dice: '6-2', move: '24/16 13/11' } };
      setFetch(async (_path, init) => {
        sent.push(JSON.parse(String(init.body)));
        const error = { code: 'ERR_MAT_ILLEGAL_MOVE', message: 'line 5: right plays …', detail };
        return new Response(JSON.stringify({ error }), { status: 422 });
      });
      const r = await api.createImport(' 1 point match', 'a.mat');
      expect(r).toEqual({
        ok: false,
        error: { code: 'ERR_MAT_ILLEGAL_MOVE', message: 'line 5: right plays …', detail, status: 422 },
      });
      await api.createImport('(;GM[6])', null);
      expect(sent).toEqual([{ text: ' 1 point match', name: 'a.mat' }, { text: '(;GM[6])' }]);
    });
  });
});
