import { describe, expect, it } from 'vitest';
import { ON_REQUEST } from '../src/store/analysis-store.js';
import type { Store } from '../src/store/types.js';
import { game, human, play, user } from './store-contract.js';
import type { Cleanup } from './support/cleanups.js';

/*
 * What every store keeps of the background analysis (its queue, the analyses, the PR per game),
 * registered for one implementation: the memory store and SQLite in store-analysis-queue.test.ts,
 * PostgreSQL in store-postgres.test.ts.
 */

const PEOPLE = [human('u1', 'Ana'), human('u2', 'Bo')] as const;
const BOT = { kind: 'bot', userId: null, name: 'Bot', level: 'strong' } as const;

/** A fresh store with the two people, migrated; closed after the test. */
export async function freshAnalysisStore(makeStore: () => Promise<Store>, cleanups: Cleanup[]): Promise<Store> {
  const store = await makeStore();
  cleanups.push(() => store.close());
  await store.migrate();
  await store.createUser(user('u1', 'Ana'));
  await store.createUser(user('u2', 'Bo'));
  return store;
}

/** A match between `seats` that is played and ended by its first action, at `at`. */
export async function endMatch(store: Store, id: string, at: number, seats = PEOPLE): Promise<void> {
  await store.createGame(game(id, at - 1, { seats, status: 'playing', open: false }));
  expect(await store.appendAction(id, 0, play(0, 'a'), at, 'over')).toEqual({ ok: true });
}

export function analysisQueueContract(name: string, makeStore: () => Promise<Store>, cleanups: Cleanup[]): void {
  const fresh = (make: () => Promise<Store>) => freshAnalysisStore(make, cleanups);
  describe(`the background analysis's queue (${name})`, () => {
    it('queues a match between two people with the action that ends it, once; a bot match never', async () => {
      const store = await fresh(makeStore);
      await endMatch(store, 'g1', 10);
      await endMatch(store, 'g2', 20, [PEOPLE[0], BOT]);
      expect(await store.queuedAnalysisState('g1')).toBe('queued');
      expect(await store.queuedAnalysisState('g2')).toBeNull();
      expect(await store.enqueueAnalysis('g1', 30)).toBe(false);
      expect(await store.analysisBacklog()).toBe(1);
      // Asked by hand (a match ended before the queue was), it is queued once too.
      expect(await store.enqueueAnalysis('g2', 30)).toBe(true);
      expect(await store.enqueueAnalysis('g2', 31)).toBe(false);
      expect(await store.analysisBacklog()).toBe(2);
    });

    it('gives the oldest queued first, counts its tries and retries a failure a bounded number of times', async () => {
      const store = await fresh(makeStore);
      await endMatch(store, 'g2', 20);
      await endMatch(store, 'g1', 10);
      expect(await store.takeQueuedAnalysis(40)).toEqual({ gameId: 'g1', attempts: 1 });
      expect(await store.takeQueuedAnalysis(41)).toEqual({ gameId: 'g2', attempts: 1 });
      expect(await store.takeQueuedAnalysis(42)).toBeNull();
      expect(await store.failAnalysis('g1', 2, 43)).toBe('queued');
      expect(await store.takeQueuedAnalysis(44)).toEqual({ gameId: 'g1', attempts: 2 });
      expect(await store.failAnalysis('g1', 2, 45)).toBe('failed');
      expect(await store.takeQueuedAnalysis(46)).toBeNull();
      expect(await store.analysisBacklog()).toBe(1);
    });

    it('keeps a finished analysis with its PR per game and marks the match done', async () => {
      const store = await fresh(makeStore);
      await endMatch(store, 'g1', 10);
      expect(await store.takeQueuedAnalysis(11)).toEqual({ gameId: 'g1', attempts: 1 });
      const pr = { gameId: 'g1', userId: 'u1', pr: 7.5, at: 12, luck: 0.1, opponentLuck: -0.1, game: 'long-nardy' };
      await store.saveAnalysis({ gameId: 'g1', version: 1, analysis: { players: ['x'] }, madeAt: 12 }, [pr]);
      expect(await store.analysisOf('g1')).toEqual({
        gameId: 'g1',
        version: 1,
        analysis: { players: ['x'] },
        madeAt: 12,
      });
      expect(await store.analysisOf('g2')).toBeNull();
      expect(await store.queuedAnalysisState('g1')).toBe('done');
      // The profile's average is backgammon's; the PR is read per game.
      expect(await store.prOf('u1')).toBeNull();
      expect(await store.prHistoryOf('u1', 10)).toEqual([{ gameId: 'g1', game: 'long-nardy', pr: 7.5, at: 12 }]);
      expect(await store.prHistoryOf('u2', 10)).toEqual([]);
      expect(await store.analysisBacklog()).toBe(0);
      await expect(
        store.saveAnalysis({ gameId: 'nothing', version: 1, analysis: {}, madeAt: 1 }, []),
      ).rejects.toThrow();
    });

    it('gives concurrent takers different matches, none of them idle while one waits', async () => {
      const store = await fresh(makeStore);
      for (let i = 0; i < 6; i++) await endMatch(store, `g${i}`, 10 + i);
      const taken = await Promise.all(
        ['a', 'b', 'a', 'b', 'c', 'c'].map((holder) => store.takeQueuedAnalysis(50, holder)),
      );
      expect(taken.map((t) => t?.gameId).sort()).toEqual(['g0', 'g1', 'g2', 'g3', 'g4', 'g5']);
      expect(taken.every((t) => t?.attempts === 1)).toBe(true);
      expect(await store.takeQueuedAnalysis(51, 'a')).toBeNull();
    });

    it('at start, queues again only the matches whose holder is gone', async () => {
      const store = await fresh(makeStore);
      for (let i = 0; i < 4; i++) await endMatch(store, `g${i}`, 10 + i);
      expect((await store.takeQueuedAnalysis(20, 'alive'))?.gameId).toBe('g0');
      expect((await store.takeQueuedAnalysis(21, 'dead'))?.gameId).toBe('g1');
      expect((await store.takeQueuedAnalysis(22))?.gameId).toBe('g2');
      // g2 has no holder named: nobody alive holds it.
      expect(await store.requeueRunningAnalyses(new Set(['alive', 'other']))).toBe(2);
      expect(await store.queuedAnalysisState('g0')).toBe('running');
      expect(await store.queuedAnalysisState('g1')).toBe('queued');
      expect(await store.queuedAnalysisState('g2')).toBe('queued');
      expect(await store.takeQueuedAnalysis(23, 'alive')).toEqual({ gameId: 'g1', attempts: 2 });
      // The holder taken for dead fails it late: it is another's now, and nothing changes.
      expect(await store.failAnalysis('g1', 3, 24, 'dead')).toBe('running');
      expect(await store.failAnalysis('g1', 3, 25, 'alive')).toBe('queued');
      expect(await store.takeQueuedAnalysis(26, 'alive')).toEqual({ gameId: 'g1', attempts: 3 });
      // No one named alive: every running match, as a single server's restart does.
      expect(await store.requeueRunningAnalyses(new Set())).toBe(2);
      expect(await store.queuedAnalysisState('g0')).toBe('queued');
    });

    it('takes a match asked for on request before the background ones, however old they are', async () => {
      const store = await fresh(makeStore);
      await endMatch(store, 'g1', 10);
      await endMatch(store, 'g2', 20);
      await endMatch(store, 'g3', 30, [PEOPLE[0], BOT]);
      await endMatch(store, 'g4', 40, [PEOPLE[0], BOT]);
      await store.requestAnalysis('g4', 50, 'u1');
      await store.requestAnalysis('g3', 51, 'u2');
      // Asked for while it waits in the background: it moves ahead too, still one row.
      await store.requestAnalysis('g2', 52, 'u1');
      expect(await store.analysisBacklog()).toBe(4);
      expect(await store.analysisRequest('g2')).toEqual({
        state: 'queued',
        priority: ON_REQUEST,
        requestedBy: 'u1',
        ahead: 0,
      });
      expect(await store.analysisRequest('g3')).toMatchObject({ requestedBy: 'u2', ahead: 2 });
      expect(await store.analysisRequest('g1')).toEqual({ state: 'queued', priority: 0, requestedBy: null, ahead: 3 });
      expect(await store.analysisRequests('u1')).toEqual({ waiting: 3, mine: 2 });
      // Each worker takes its own: the background's only when asked for none.
      expect(await store.takeQueuedAnalysis(59, 'a', 0)).toMatchObject({ gameId: 'g1' });
      const order = [];
      for (let at = 60; at < 64; at++) order.push((await store.takeQueuedAnalysis(at, 'a'))?.gameId ?? null);
      expect(order).toEqual(['g2', 'g4', 'g3', null]);
      expect(await store.analysisRequests('u1')).toEqual({ waiting: 0, mine: 2 });
      expect(await store.analysisRequests(null)).toEqual({ waiting: 0, mine: 0 });
    });

    it('queues a failed match asked for again, and tells its asker of the failure once', async () => {
      const store = await fresh(makeStore);
      await endMatch(store, 'g1', 10, [PEOPLE[0], BOT]);
      await store.requestAnalysis('g1', 11, 'u1');
      expect(await store.takeQueuedAnalysis(12, 'a', ON_REQUEST)).toEqual({ gameId: 'g1', attempts: 1 });
      // Asked again while it runs: nothing changes.
      await store.requestAnalysis('g1', 13, 'u2');
      expect(await store.analysisRequest('g1')).toEqual({ state: 'running', priority: 1, requestedBy: 'u1', ahead: 0 });
      expect(await store.failAnalysis('g1', 1, 14)).toBe('failed');
      expect(await store.analysisRequests('u1')).toEqual({ waiting: 0, mine: 0 });
      expect(await store.analysisRequest('g1')).toMatchObject({ state: 'failed', requestedBy: 'u1' });
      await store.forgetAnalysisRequest('g1');
      expect(await store.analysisRequest('g1')).toMatchObject({ state: 'failed', requestedBy: null });
      await store.requestAnalysis('g1', 15, 'u2');
      expect(await store.analysisRequest('g1')).toMatchObject({ state: 'queued', requestedBy: 'u2' });
      expect(await store.takeQueuedAnalysis(16, 'a')).toEqual({ gameId: 'g1', attempts: 1 });
    });

    it('grows by a flood of finished matches in the store, and gives them back in order', async () => {
      const store = await fresh(makeStore);
      for (let i = 0; i < 60; i++) await endMatch(store, `g${String(i).padStart(3, '0')}`, 100 + i);
      expect(await store.analysisBacklog()).toBe(60);
      expect((await store.takeQueuedAnalysis(1000))?.gameId).toBe('g000');
    });
  });
}
