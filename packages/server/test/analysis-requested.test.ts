import type { MatchRecord } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { ON_REQUEST } from '../src/store/analysis-store.js';
import { memoryStore } from '../src/store/index.js';
import { outcomeOf } from '../src/store/outcome.js';
import type { GameRow, Store } from '../src/store/types.js';
import { botMatch } from './support/bot-match.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { gameRowFor } from './support/game-row.js';
import { Caller, startServer, TEST_LIMITS } from './support/harness.js';

const cleanups = cleanupsAfterEach();

/** A whole match between a person and a baseline bot, stored as the server would have. */
async function storeBotMatch(store: Store, id: string, seed: number): Promise<GameRow> {
  const { settings, actions, end } = await botMatch({ length: 1 }, seed);
  if (end.winner === null) throw new Error('the match did not end');
  const record: MatchRecord = { version: 1, settings, players: ['Ana', 'Bot'], actions };
  const row = gameRowFor({
    id,
    seats: [
      { kind: 'human', userId: null, name: 'Ana', level: null },
      { kind: 'bot', userId: null, name: 'Bot', level: 'club' },
    ],
    record: { version: 1, settings, players: record.players },
    status: 'over',
    version: 0,
    ...outcomeOf(record, actions),
  });
  await store.createGame(row);
  for (const [i, a] of actions.entries()) await store.appendAction(id, i, a, 0, 'over');
  return { ...row, version: actions.length };
}

describe('analyses asked for, through the store, on two instances', () => {
  it('answer alike on either instance, count one account on both, and are kept in the store', async () => {
    const store = memoryStore();
    await storeBotMatch(store, 'asked1', 3);
    await storeBotMatch(store, 'asked2', 4);
    const limits = { ...TEST_LIMITS, analysesPerAccount: 1 };
    const one = await startServer({ store, limits });
    cleanups.push(one.close);
    const two = await startServer({ store, limits });
    cleanups.push(two.close);
    const onOne = new Caller(one.base);
    await onOne.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    // The same session on the other instance, as behind a balancer without stickiness.
    const onTwo = new Caller(two.base);
    onTwo.cookie = onOne.cookie;
    expect((await onOne.call('GET', '/api/games/asked1/analysis')).status).toBe(202);
    expect(await store.analysisRequest('asked1')).toMatchObject({ priority: ON_REQUEST });
    // The other instance sees the same request: no second one, and the account's one is counted there too.
    expect([200, 202]).toContain((await onTwo.call('GET', '/api/games/asked1/analysis')).status);
    const second = await onTwo.call<{ error: { code: string } }>('GET', '/api/games/asked2/analysis');
    expect([second.status, second.body.error.code]).toEqual([429, 'ERR_RATE_LIMITED']);
    let ready: unknown = null;
    for (let i = 0; i < 600 && ready === null; i++) {
      const caller = i % 2 === 0 ? onOne : onTwo;
      const r = await caller.call<{ state: string; analysis?: unknown }>('GET', '/api/games/asked1/analysis');
      expect([200, 202]).toContain(r.status);
      if (r.status === 200) ready = r.body.analysis;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).not.toBeNull();
    // Kept in the store: both instances hold it, and the account may ask for the next.
    expect((await store.analysisOf('asked1'))?.analysis).toEqual(ready);
    expect(await store.queuedAnalysisState('asked1')).toBe('done');
    for (const caller of [onOne, onTwo]) {
      expect((await caller.call('GET', '/api/games/asked1/analysis')).body).toEqual({
        state: 'ready',
        analysis: ready,
      });
    }
    expect((await onTwo.call('GET', '/api/games/asked2/analysis')).status).toBe(202);
  }, 120_000);
});
