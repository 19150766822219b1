import type { MatchAnalysis } from '@zar/bot';
import type { AnalysisHeld, Profile } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { BackgroundAnalyses } from '../src/analysis/background.js';
import type { AnalysisPiece, AnalysisPieceAnswer, AnalysisRunner } from '../src/bots/index.js';
import { LocalLiveness } from '../src/cluster/index.js';
import { memoryStore } from '../src/store/index.js';
import type { SeatRow, Store } from '../src/store/types.js';
import { storePlayedMatch } from './support/analysed-match.js';
import { botMatch } from './support/bot-match.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { Caller, startServer } from './support/harness.js';

const cleanups = cleanupsAfterEach();

const human = (userId: string, name: string): SeatRow => ({ kind: 'human', userId, name, level: null });
const PEOPLE = [human('user-ann', 'ann'), human('user-ben', 'ben')] as const;
const QUIET = { warn() {} };

async function storeWithPeople(): Promise<Store> {
  const store = memoryStore();
  for (const seat of PEOPLE) {
    await store.createUser({ id: seat.userId as string, name: seat.name, passwordHash: 'x', createdAt: 0 });
  }
  return store;
}

async function until(done: () => Promise<boolean>, what: string, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`${what}: not by ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('every match between people analysed by itself', () => {
  it('a finished long nardy match between two people is analysed in the background, once', async () => {
    const store = await storeWithPeople();
    const played = await botMatch({ length: 1, cycle: [{ game: 'long-nardy' }] }, 7);
    const row = await storePlayedMatch(store, 'nardy01', PEOPLE, played);
    expect(await store.queuedAnalysisState(row.id)).toBe('queued');
    const server = await startServer({
      store,
      app: { backgroundAnalysis: { plies: 0, cubePlies: 0, idleMs: 50, startDelayMs: 0 } },
    });
    cleanups.push(() => server.close());
    const caller = new Caller(server.base);
    await until(async () => (await store.queuedAnalysisState(row.id)) === 'done', 'the analysis');
    const held = await caller.call<AnalysisHeld>('GET', `/api/games/${row.id}/analysis/held`);
    const analysis = held.body.analysis as MatchAnalysis;
    expect(analysis.players.map((p) => p.name)).toEqual(['ann', 'ben']);
    expect(analysis.decisions.length).toBeGreaterThan(0);
    // A player asking is answered with it at once; nothing else is queued.
    await caller.newGame({ opponent: 'bot', length: 1 });
    const asked = await caller.call<{ state: string; analysis: MatchAnalysis }>('GET', `/api/games/${row.id}/analysis`);
    expect(asked.status).toBe(200);
    expect(asked.body.analysis).toEqual(analysis);
    expect(await store.analysisBacklog()).toBe(0);
    // The profile's average PR stays backgammon's: the long nardy PR is shown per game.
    expect(await store.prOf('user-ann')).toBeNull();
    const profile = await caller.call<Profile>('GET', '/api/players/ann');
    const pr = analysis.players[0].pr;
    expect(profile.body.prGames).toEqual([
      { game: 'long-nardy', matches: 1, average: pr, history: [{ at: expect.any(Number), pr, match: row.id }] },
    ]);
  }, 120_000);

  it('goes on after a restart with the match a stopped server left running', async () => {
    const store = await storeWithPeople();
    const played = await botMatch({ length: 1 }, 3);
    const row = await storePlayedMatch(store, 'backgammon01', PEOPLE, played);
    // The server that took it stopped before it was done.
    expect(await store.takeQueuedAnalysis(1)).toEqual({ gameId: row.id, attempts: 1 });
    const server = await startServer({
      store,
      app: { backgroundAnalysis: { plies: 0, cubePlies: 0, idleMs: 50, startDelayMs: 0 } },
    });
    cleanups.push(() => server.close());
    await until(async () => (await store.queuedAnalysisState(row.id)) === 'done', 'the analysis');
    expect(await store.prOf('user-ann')).toEqual({ matches: 1, average: expect.any(Number) });
  }, 120_000);
});

/** A runner that answers each piece with one empty action, counting the matches it sees at once. */
class CountingRunner implements AnalysisRunner {
  readonly keys = new Set<string>();
  most = 0;
  pieces = 0;
  fail: ((piece: AnalysisPiece) => boolean) | null = null;

  async analyse(piece: AnalysisPiece): Promise<AnalysisPieceAnswer> {
    this.keys.add(piece.key);
    this.most = Math.max(this.most, this.keys.size);
    this.pieces++;
    await new Promise((r) => setImmediate(r));
    if (this.fail?.(piece)) return { ok: false, error: { code: 'ERR_ANALYSIS_CRASHED', message: 'the worker died' } };
    return { ok: true, value: [{ decision: null, luck: null }] };
  }

  forget(key: string): void {
    this.keys.delete(key);
  }
}

describe('the background analysis', () => {
  it('takes a flood of finished matches from the store one at a time', async () => {
    const store = await storeWithPeople();
    const played = await botMatch({ length: 1 }, 3);
    // Played to its first actions only: what is measured here is the queue, not the bot.
    const short = { ...played, actions: played.actions.slice(0, 3) };
    for (let i = 0; i < 40; i++) {
      const id = `flood${String(i).padStart(3, '0')}`;
      await storePlayedMatch(store, id, PEOPLE, short);
      await store.enqueueAnalysis(id, i);
    }
    expect(await store.analysisBacklog()).toBe(40);
    const runner = new CountingRunner();
    const background = new BackgroundAnalyses(
      { store, runner, log: QUIET, now: () => 1 },
      { idleMs: 10, startDelayMs: 0 },
    );
    cleanups.push(() => background.close());
    await background.start();
    await until(async () => (await store.analysisBacklog()) === 0, 'the flood');
    // One match in hand at a time: its record and its analyses so far, never the queue's.
    expect(runner.most).toBe(1);
    expect(runner.pieces).toBe(40 * 3);
    expect(await store.queuedAnalysisState('flood039')).toBe('done');
  });

  it('tries a match that crashes its worker a bounded number of times, then goes on to the next', async () => {
    const store = await storeWithPeople();
    const played = await botMatch({ length: 1 }, 3);
    const short = { ...played, actions: played.actions.slice(0, 2) };
    await storePlayedMatch(store, 'crash01', PEOPLE, short);
    await store.enqueueAnalysis('crash01', 1);
    await storePlayedMatch(store, 'fine01', PEOPLE, short);
    await store.enqueueAnalysis('fine01', 2);
    const runner = new CountingRunner();
    runner.fail = (piece) => piece.key.endsWith('crash01');
    const background = new BackgroundAnalyses(
      { store, runner, log: QUIET, now: () => 1 },
      { idleMs: 10, retryMs: 1, maxAttempts: 2, startDelayMs: 0 },
    );
    cleanups.push(() => background.close());
    await background.start();
    await until(async () => (await store.analysisBacklog()) === 0, 'the queue');
    expect(await store.queuedAnalysisState('crash01')).toBe('failed');
    expect(await store.queuedAnalysisState('fine01')).toBe('done');
    expect(await store.analysisOf('crash01')).toBeNull();
  });

  it("queues again the matches of instances no longer alive, at start and when a peer dies, never a live peer's", async () => {
    const store = await storeWithPeople();
    const played = await botMatch({ length: 1 }, 3);
    const short = { ...played, actions: played.actions.slice(0, 2) };
    // Held by a live peer, by an instance gone, and by this one's last life under the same name.
    for (const [id, holder] of [
      ['peer01', 'peer'],
      ['gone01', 'gone'],
      ['mine01', 'me'],
    ] as const) {
      await storePlayedMatch(store, id, PEOPLE, short);
      await store.enqueueAnalysis(id, 1);
      expect(await store.takeQueuedAnalysis(2, holder)).toMatchObject({ gameId: id });
    }
    const liveness = new LocalLiveness('me');
    liveness.setPeer('peer', true);
    const background = new BackgroundAnalyses(
      { store, runner: new CountingRunner(), log: QUIET, now: () => 3, liveness },
      { startDelayMs: 60_000 },
    );
    cleanups.push(() => background.close());
    await background.start();
    expect(await store.queuedAnalysisState('peer01')).toBe('running');
    expect(await store.queuedAnalysisState('gone01')).toBe('queued');
    expect(await store.queuedAnalysisState('mine01')).toBe('queued');
    liveness.setPeer('peer', false);
    await until(async () => (await store.queuedAnalysisState('peer01')) === 'queued', "the dead peer's match");
  });
});
