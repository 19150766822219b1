import type { GameAction } from '@zar/match';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryStore, openSqlite, type SeatRow, type Store, sqlStore } from '../src/store/index.js';
import { game, human, play } from './store-contract.js';
import { addPlayers } from './store-contract-dice.js';
import { talliedTotals } from './support/dice-oracle.js';

/*
 * The dice totals as an invariant (the contract's cases show examples): for any finished
 * matches, between any seats, with any dice, however often their end is written again, the
 * site's totals are the sum of both sides' tallyMatchPlayer over the matches, and each
 * person's the sum of his own sides', each match counted once.
 */

const BOT: SeatRow = { kind: 'bot', userId: null, name: 'Bot', level: 'expert' };
const SEATINGS: readonly (readonly [SeatRow, SeatRow])[] = [
  [human('u1', 'Ana'), human('u2', 'Bo')],
  [human('u1', 'Ana'), BOT],
  [BOT, human('u3', 'Cy')],
  [human('u2', 'Bo'), human('u1', 'Ana')],
];
const OWNERS = [null, 'u1', 'u2', 'u3'] as const;

const die = fc.integer({ min: 1, max: 6 });
const diceAction: fc.Arbitrary<GameAction> = fc.oneof(
  fc.tuple(die, die).map(([a, b]): GameAction => ({ type: 'opening', dice: [a, b] })),
  fc
    .tuple(fc.constantFrom(0 as const, 1 as const), die, die)
    .map(([player, a, b]): GameAction => ({ type: 'roll', player, dice: [a, b] })),
  fc.constantFrom(0 as const, 1 as const).map((p) => play(p, '')),
);
const match = fc.record({
  seating: fc.integer({ min: 0, max: SEATINGS.length - 1 }),
  actions: fc.array(diceAction, { minLength: 1, maxLength: 25 }),
  /** How many more actions marked 'over' are written after its end (a retry, a late write). */
  rewrites: fc.integer({ min: 0, max: 2 }),
});

type Match = { seating: number; actions: GameAction[]; rewrites: number };

const expected = (matches: readonly Match[]) =>
  talliedTotals(
    matches.map((m) => ({
      record: { ...game('x', 0).record, actions: m.actions },
      seats: SEATINGS[m.seating] as readonly [SeatRow, SeatRow],
    })),
    OWNERS,
  );

async function playAll(store: Store, matches: readonly Match[]): Promise<void> {
  await store.migrate();
  await addPlayers(store);
  for (const [k, m] of matches.entries()) {
    const id = `m${k}`;
    const seats = SEATINGS[m.seating] as readonly [SeatRow, SeatRow];
    await store.createGame(game(id, k, { seats, status: 'playing', open: false }));
    const writes = [...m.actions, ...Array.from({ length: m.rewrites }, () => play(0, ''))];
    for (const [i, action] of writes.entries()) {
      const over = i >= m.actions.length - 1 ? ('over' as const) : undefined;
      expect(await store.appendAction(id, i, action, 100 + i, over)).toEqual({ ok: true });
    }
  }
}

function property(makeStore: () => Store, numRuns: number): Promise<void> {
  return fc.assert(
    fc.asyncProperty(fc.array(match, { maxLength: 6 }), async (matches) => {
      const store = makeStore();
      try {
        await playAll(store, matches);
        const want = expected(matches);
        for (const owner of OWNERS) expect(await store.diceTotals(owner)).toEqual(want.get(owner));
      } finally {
        await store.close();
      }
    }),
    { numRuns },
  );
}

describe('dice totals', () => {
  it('memory: sum tallyMatchPlayer over the finished matches, each counted once', async () => {
    await property(memoryStore, 150);
  });

  it('SQLite: sum tallyMatchPlayer over the finished matches, each counted once', async () => {
    await property(() => sqlStore(openSqlite(':memory:')), 25);
  });
});
