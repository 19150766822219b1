import { Worker } from 'node:worker_threads';
import type { GameAction, MatchRecord } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { Analyses, type AnalysisRefusal, type AnalysisStatus } from '../src/analysis/analyses.js';
import type { Limits } from '../src/limits/config.js';
import { memoryStore } from '../src/store/index.js';
import { outcomeOf } from '../src/store/outcome.js';
import type { GameRow } from '../src/store/types.js';
import { botMatch } from './support/bot-match.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { gameRowFor } from './support/game-row.js';
import { Caller, startServer, TEST_LIMITS } from './support/harness.js';

const cleanups = cleanupsAfterEach();

/** A whole match between two baseline bots, as the server would have stored it. */
async function playedMatch(input: Record<string, unknown>, seed: number): Promise<MatchRecord> {
  const { settings, actions, end } = await botMatch(input, seed);
  if (end.winner === null) throw new Error('the match did not end');
  return { version: 1, settings, players: ['Ana', 'Bot'], actions };
}

type Answer = AnalysisStatus | AnalysisRefusal;

async function until(ask: () => Promise<Answer>, seen: string[] = []): Promise<Answer> {
  for (;;) {
    const s = await ask();
    seen.push(s.state);
    if (s.state === 'ready' || s.state === 'failed' || s.state === 'refused') return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('analyses in a worker thread', () => {
  it('analyses a finished match once, reporting progress until it is ready', async () => {
    const analyses = new Analyses({ plies: 0, cubePlies: 0 });
    cleanups.push(() => analyses.close());
    const record = await playedMatch({ length: 3 }, 5);
    let loads = 0;
    const load = async () => {
      loads++;
      return record;
    };
    const seen: string[] = [];
    const s = await until(() => analyses.request('g:1', load), seen);
    expect(s.state).toBe('ready');
    if (s.state !== 'ready') return;
    expect(seen[0]).not.toBe('ready');
    expect(s.analysis.players.map((p) => p.name)).toEqual(['Ana', 'Bot']);
    expect(s.analysis.decisions.length).toBeGreaterThan(0);
    const again = await analyses.request('g:1', load);
    expect(again).toBe(s);
    expect(loads).toBe(1);
    // What is held: the ready analysis, and nothing for a key never asked for (which stays unasked).
    expect(analyses.held('g:1')).toBe(s.analysis);
    expect(analyses.held('g:9')).toBeNull();
    expect(loads).toBe(1);
  }, 60_000);

  it('a crashed worker fails the job it had, and the next request starts a fresh one', async () => {
    let spawned = 0;
    const analyses = new Analyses({
      spawn: () => {
        spawned++;
        return new Worker('process.exit(3)', { eval: true });
      },
    });
    cleanups.push(() => analyses.close());
    const record = await playedMatch({ length: 1 }, 2);
    const first = await until(() => analyses.request('g:2', async () => record));
    expect(first).toMatchObject({ state: 'failed', code: 'ERR_ANALYSIS_CRASHED' });
    const second = await until(() => analyses.request('g:2', async () => record));
    expect(second.state).toBe('failed');
    expect(spawned).toBe(2);
  });

  it('bounds the analyses an owner has under way and the queue, never refusing one already asked for', async () => {
    // A worker that never answers: the first job runs for ever, the rest wait.
    const analyses = new Analyses({
      maxQueued: 2,
      perOwner: 2,
      spawn: () => new Worker('setInterval(() => {}, 1000)', { eval: true }),
    });
    cleanups.push(() => analyses.close());
    const record = await playedMatch({ length: 1 }, 2);
    const load = async () => record;
    expect((await analyses.request('a:1', load, 'ana')).state).toBe('running');
    expect((await analyses.request('a:2', load, 'ana')).state).toBe('queued');
    expect(await analyses.request('a:3', load, 'ana')).toMatchObject({ state: 'refused', code: 'ERR_RATE_LIMITED' });
    // Asking again after one's own, or after anyone's, is never refused.
    expect((await analyses.request('a:2', load, 'ana')).state).toBe('queued');
    expect((await analyses.request('a:1', load, 'bea')).state).toBe('running');
    expect((await analyses.request('b:1', load, 'bea')).state).toBe('queued');
    // Two wait: the queue is full for everybody, at once and for a flood of parallel asks.
    const flood = await Promise.all(
      Array.from({ length: 20 }, (_, i) => analyses.request(`c:${i}`, load, `owner${i}`)),
    );
    expect(flood.map((s) => s.state === 'refused' && s.code)).toEqual(Array(20).fill('ERR_ANALYSIS_BUSY'));
  });
});

describe('GET /api/games/:id/analysis', () => {
  async function serverWith(rows: { row: GameRow; actions: readonly GameAction[] }[], limits?: Partial<Limits>) {
    const store = memoryStore();
    for (const { row, actions } of rows) {
      await store.createGame({ ...row, version: 0 });
      for (const [i, a] of actions.entries()) await store.appendAction(row.id, i, a, 0, row.status);
    }
    const server = await startServer({ store, limits: { ...TEST_LIMITS, ...limits } });
    cleanups.push(server.close);
    const caller = new Caller(server.base);
    // Only a player may ask: one who has started a game.
    await caller.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    return caller;
  }

  const rowOf = (id: string, record: MatchRecord, status: GameRow['status']): GameRow =>
    gameRowFor({
      id,
      seats: [
        { kind: 'human', userId: null, name: 'Ana', level: null },
        { kind: 'bot', userId: null, name: 'Bot', level: 'club' },
      ],
      // Seeded bot dice, as the record says: no fair dice to prove.
      record: { version: 1, settings: record.settings, players: record.players },
      status,
      version: record.actions.length,
      ...outcomeOf(record, record.actions),
    });

  it('answers 202 while it works, then 200 with every decision', async () => {
    const record = await playedMatch({ length: 1 }, 3);
    const caller = await serverWith([{ row: rowOf('finished1', record, 'over'), actions: record.actions }]);
    const codes: number[] = [];
    let body: unknown;
    for (let i = 0; i < 600; i++) {
      const r = await caller.call('GET', '/api/games/finished1/analysis');
      codes.push(r.status);
      body = r.body;
      if (r.status !== 202) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(codes[0]).toBe(202);
    expect(codes.at(-1)).toBe(200);
    expect(body).toMatchObject({ state: 'ready', analysis: { length: 1, plies: 1 } });
    // Each player's report carries his luck, a finite equity.
    const players = (body as { analysis: { players: { luck?: number }[] } }).analysis.players;
    for (const p of players) expect(Number.isFinite(p.luck)).toBe(true);
  }, 120_000);

  it('holds a made analysis for anyone who may see the match, and asking for it starts none', async () => {
    const record = await playedMatch({ length: 1 }, 3);
    const caller = await serverWith([
      { row: rowOf('finished5', record, 'over'), actions: record.actions },
      { row: rowOf('playing5', record, 'playing'), actions: record.actions.slice(0, 3) },
    ]);
    const visitor = new Caller(caller.base);
    const held = async (id: string) => visitor.call<{ analysis: unknown }>('GET', `/api/games/${id}/analysis/held`);
    expect(await held('finished5')).toMatchObject({ status: 200, body: { analysis: null } });
    // Asking what is held starts nothing (Analyses.held, tested above); a player's request does.
    expect((await caller.call('GET', '/api/games/finished5/analysis')).status).toBe(202);
    let ready: unknown = null;
    for (let i = 0; i < 600 && ready === null; i++) {
      const r = await caller.call<{ state: string; analysis?: unknown }>('GET', '/api/games/finished5/analysis');
      if (r.status === 200) ready = r.body.analysis;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).not.toBeNull();
    expect((await held('finished5')).body.analysis).toEqual(ready);
    expect(await held('playing5')).toMatchObject({ status: 200, body: { analysis: null } });
    expect((await held('nosuchgame')).status).toBe(404);
  }, 120_000);

  it('analyses a plakoto match with the plakoto net: each decision says its game and its position', async () => {
    const record = await playedMatch({ length: 1, cycle: [{ game: 'plakoto' }] }, 5);
    const caller = await serverWith([{ row: rowOf('plakoto3', record, 'over'), actions: record.actions }]);
    type Made = { decisions: { gameId?: string; position?: string; positionId?: string }[] };
    let ready: Made | null = null;
    for (let i = 0; i < 600 && ready === null; i++) {
      const r: { status: number; body: { analysis?: Made } } = await caller.call('GET', '/api/games/plakoto3/analysis');
      if (r.status === 200) ready = r.body.analysis ?? null;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (ready === null) throw new Error('no analysis');
    expect(ready.decisions.length).toBeGreaterThan(0);
    for (const d of ready.decisions) {
      expect(d.gameId).toBe('plakoto');
      expect(d.position?.startsWith('plakoto:')).toBe(true);
      expect(d.positionId).toBeUndefined();
    }
  }, 120_000);

  it('answers only players (401 ERR_NO_SESSION), and a player one analysis too many (429, Retry-After)', async () => {
    const one = await playedMatch({ length: 3 }, 3);
    const two = await playedMatch({ length: 3 }, 4);
    const caller = await serverWith(
      [
        { row: rowOf('finished3', one, 'over'), actions: one.actions },
        { row: rowOf('finished4', two, 'over'), actions: two.actions },
      ],
      { analysesPerAccount: 1 },
    );
    const nobody = await new Caller(caller.base).call<{ error: { code: string } }>(
      'GET',
      '/api/games/finished3/analysis',
    );
    expect([nobody.status, nobody.body.error.code]).toEqual([401, 'ERR_NO_SESSION']);
    expect((await caller.call('GET', '/api/games/finished3/analysis')).status).toBe(202);
    const res = await fetch(`${caller.base}/api/games/finished4/analysis`, { headers: { cookie: caller.cookie } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ERR_RATE_LIMITED');
    // Asking how the first goes is not a new one.
    expect([200, 202]).toContain((await caller.call('GET', '/api/games/finished3/analysis')).status);
  });

  it('refuses a match still in play, rules no net values exactly, and an unknown id', async () => {
    const live = await playedMatch({ length: 1 }, 4);
    // Street rules: a pinned mother always loses 2, which the plakoto net was not trained on.
    const plakoto = await playedMatch({ length: 1, cycle: [{ preset: 'plakoto-street' }] }, 4);
    // A variant no net values exactly: the long-nardy net was trained on the strict block rule.
    const lenient = await playedMatch({ length: 1, cycle: [{ preset: 'long-nardy-lenient' }] }, 4);
    const caller = await serverWith([
      { row: rowOf('playing1', live, 'playing'), actions: live.actions.slice(0, 3) },
      { row: rowOf('plakoto1', plakoto, 'over'), actions: plakoto.actions },
      { row: rowOf('lenient1', lenient, 'over'), actions: lenient.actions },
    ]);
    const refused = async (path: string) => {
      const r = await caller.call('GET', path);
      return [r.status, (r.body as { error?: { code?: string } }).error?.code];
    };
    const why = async (path: string) =>
      (await caller.call<{ error: { message: string } }>('GET', path)).body.error.message;
    expect(await refused('/api/games/playing1/analysis')).toEqual([409, 'ERR_NOT_OVER']);
    expect(await refused('/api/games/plakoto1/analysis')).toEqual([422, 'ERR_ANALYSIS_GAME']);
    expect(await why('/api/games/plakoto1/analysis')).toBe(
      'plakoto with these options cannot be analysed: the plakoto net was trained with motherException true, not false',
    );
    expect(await refused('/api/games/lenient1/analysis')).toEqual([422, 'ERR_ANALYSIS_GAME']);
    expect(await why('/api/games/lenient1/analysis')).toContain('blockCheck "every-step", not "final"');
    expect(await refused('/api/games/nosuchgame/analysis')).toEqual([404, 'ERR_NOT_FOUND']);
    expect(await refused('/api/games/..%2F..%2Fetc/analysis')).toEqual([404, 'ERR_NOT_FOUND']);
  });

  it('a view says whether its match can be analysed, as the route would answer', async () => {
    const done = await playedMatch({ length: 1 }, 4);
    const plakoto = await playedMatch({ length: 1, cycle: [{ game: 'plakoto' }] }, 4);
    const portes = await playedMatch({ length: 1, cycle: [{ preset: 'portes' }] }, 4);
    const caller = await serverWith([
      { row: rowOf('finished2', done, 'over'), actions: done.actions },
      { row: rowOf('playing2', done, 'playing'), actions: done.actions.slice(0, 3) },
      { row: rowOf('plakoto2', plakoto, 'over'), actions: plakoto.actions },
      { row: rowOf('portes2', portes, 'over'), actions: portes.actions },
    ]);
    const analysable = async (id: string) =>
      (await caller.call<{ view: { analysable: boolean } }>('GET', `/api/games/${id}`)).body.view.analysable;
    expect(await analysable('finished2')).toBe(true);
    expect(await analysable('playing2')).toBe(false);
    // Plakoto's own net analyses it.
    expect(await analysable('plakoto2')).toBe(true);
    // Portes is backgammon with a backgammon worth 2: the backgammon net values it exactly.
    expect(await analysable('portes2')).toBe(true);
  });
});
