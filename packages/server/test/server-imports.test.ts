import { readFileSync } from 'node:fs';
import { toJsonRecord } from '@zar/match';
import {
  type ErrorBody,
  IMPORT_MAX_BYTES,
  type ImportList,
  type ImportSummary,
  type MatchRecordView,
  pathOf,
  REST,
} from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { bothStores } from './support/both-stores.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { Caller, startServer, TEST_LIMITS } from './support/harness.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../match/test/fixtures/mat/${name}`, import.meta.url), 'utf8');
const GOLDEN = fixture('zar-golden.mat');
/** The golden match with Alice's second move made illegal (line 6). */
const ILLEGAL = GOLDEN.replace('64: 21/15 15/11', '64: 21/15 15/9');

const cleanups = cleanupsAfterEach();

async function serverOn(store: Store, limits = {}) {
  const server = await startServer({ store, limits: { ...TEST_LIMITS, ...limits } });
  cleanups.push(server.close);
  return server;
}

const upload = (caller: Caller, text: string, name?: string) =>
  caller.call<ImportSummary & ErrorBody>('POST', pathOf(REST.createImport), { text, ...(name ? { name } : {}) });

for (const [storeName, makeStore] of bothStores()) {
  describe(`imports (${storeName})`, () => {
    it('a .mat that checks is kept: its summary, the list, the record the replay reads', async () => {
      const server = await serverOn(await makeStore());
      const me = new Caller(server.base);
      const r = await upload(me, GOLDEN, 'golden.mat');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        format: 'mat',
        name: 'golden.mat',
        players: ['Alice', 'Bob'],
        score: [5, 2],
        winner: 0,
        games: 4,
      });
      // The visitor was made a guest, who owns the import.
      expect(me.cookie).not.toBe('');
      const { id } = r.body;
      expect((await me.call<ImportSummary>('GET', pathOf(REST.importOne, { id }))).body).toEqual(r.body);
      const list = await me.call<ImportList>('GET', pathOf(REST.imports));
      expect(list.body.imports.map((i) => i.id)).toEqual([id]);
      // Anyone with the id reads it; a stranger's list is his own.
      const stranger = new Caller(server.base);
      const record = await stranger.call<MatchRecordView>('GET', pathOf(REST.importRecord, { id }));
      expect(record.status).toBe(200);
      expect(record.body).toMatchObject({ id, status: 'over', score: [5, 2], winner: 0, mat: true });
      expect(record.body.games.map((g) => g.number)).toEqual([1, 2, 3, 4]);
      expect(record.body.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
      expect((await stranger.call<ImportList>('GET', pathOf(REST.imports))).body.imports).toEqual([]);
      expect((await stranger.call('GET', pathOf(REST.importOne, { id: 'nosuchimport' }))).status).toBe(404);
    });

    it("gnubg's SGF of the same match is imported as that match", async () => {
      const server = await serverOn(await makeStore());
      const me = new Caller(server.base);
      const r = await upload(me, fixture('gnubg-golden.sgf'), 'golden.sgf');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ format: 'sgf', players: ['Alice', 'Bob'], score: [5, 2], winner: 0, games: 4 });
      const bad = await upload(me, fixture('gnubg-golden.sgf').replace(';W[64uook]', ';W[64uoki]'));
      expect(bad.body.error).toMatchObject({ code: 'ERR_MAT_ILLEGAL_MOVE', detail: { params: { player: 'Alice' } } });
    });

    it('a file that does not check: 422 with its code, line and parameters, and nothing kept', async () => {
      const store = await makeStore();
      const server = await serverOn(store);
      const visitor = new Caller(server.base);
      const r = await upload(visitor, ILLEGAL);
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({
        code: 'ERR_MAT_ILLEGAL_MOVE',
        detail: { line: 6, params: { player: 'Alice', dice: '6-4', move: '21/15 15/9' } },
      });
      // Not even a guest is made for a refused file.
      expect(visitor.cookie).toBe('');
      // A player's refused file leaves his list as it was.
      const player = new Caller(server.base);
      expect((await player.call('POST', pathOf(REST.guest), {})).status).toBe(200);
      const me = (await player.call<{ id: string }>('GET', pathOf(REST.me))).body;
      expect((await upload(player, ILLEGAL)).status).toBe(422);
      expect((await upload(player, '{"version":1,"settings":{}}')).body.error).toMatchObject({
        code: 'ERR_RECORD_SHAPE',
        detail: { line: null },
      });
      expect(await store.importsOf(me.id, 10)).toEqual([]);
      expect((await player.call<ImportList>('GET', pathOf(REST.imports))).body.imports).toEqual([]);
    });
  });
}

describe('imports: what is refused before any checking', () => {
  it('several malformed lines are reported together', async () => {
    const server = await serverOn(memoryStore());
    const bad = GOLDEN.replace('  5) 65: 13/7 13/8', '  5) hello 65: 13/7 13/8').replace(
      '  8) 65: 7/1 8/3',
      '  8) ?? 65: 7/1 8/3',
    );
    const r = await upload(new Caller(server.base), bad);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('ERR_MAT_SYNTAX');
    expect(r.body.error.detail).toMatchObject({ line: 15, more: [{ code: 'ERR_MAT_SYNTAX', line: 18 }] });
  });

  it('a file above IMPORT_MAX_BYTES is 413 ERR_TOO_LARGE, a body far above it too', async () => {
    const server = await serverOn(memoryStore());
    const me = new Caller(server.base);
    const big = `${GOLDEN}\n${';'.repeat(IMPORT_MAX_BYTES)}`;
    const r = await upload(me, big);
    expect([r.status, r.body.error.code]).toEqual([413, 'ERR_TOO_LARGE']);
    const huge = await upload(me, 'x'.repeat(3 * IMPORT_MAX_BYTES));
    expect([huge.status, huge.body.error.code]).toEqual([413, 'ERR_TOO_LARGE']);
    // Just under the limit (comment lines are skipped): it checks and is kept.
    const padded = `${';'.repeat(IMPORT_MAX_BYTES - GOLDEN.length - 1)}\n${GOLDEN}`;
    expect((await upload(me, padded)).status).toBe(200);
  });

  it('a person imports at most importsPerMinute files (429 with Retry-After beyond)', async () => {
    const server = await serverOn(memoryStore(), { importsPerMinute: 2 });
    const me = new Caller(server.base);
    // A guest's files count against him; a visitor's against his address.
    await me.call('POST', pathOf(REST.guest), {});
    expect((await upload(me, GOLDEN)).status).toBe(200);
    expect((await upload(me, ILLEGAL)).status).toBe(422);
    const third = await me.call('POST', pathOf(REST.createImport), { text: GOLDEN });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: { code: 'ERR_RATE_LIMITED' } });
  });

  it('a Zar JSON record of any game is imported; its analysis needs a session and the match over', async () => {
    const server = await serverOn(memoryStore());
    const me = new Caller(server.base);
    const mat = await upload(me, GOLDEN);
    const unfinished = {
      version: 1 as const,
      settings: { length: 3, cycle: [{ game: 'plakoto' }], jacoby: false, beaver: false, raccoon: false },
      players: ['Ana', 'Bo'] as [string, string],
      actions: [],
    };
    const json = await upload(me, toJsonRecord(unfinished as never));
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ format: 'json', players: ['Ana', 'Bo'], winner: null, games: 0 });
    const analysis = (id: string, who: Caller) => who.call('GET', pathOf(REST.importAnalysis, { id }));
    expect((await analysis(mat.body.id, new Caller(server.base))).status).toBe(401);
    expect((await analysis(json.body.id, me)).status).toBe(409);
  });
});
