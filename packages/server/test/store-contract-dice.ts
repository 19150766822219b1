import { type DiceTally, emptyTally, type GameAction, mergeTallies, tallyMatchPlayer } from '@zar/match';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameRow, PrRow, SeatRow, Store } from '../src/store/index.js';
import { game, human, play, user } from './store-contract.js';

/**
 * The contract's cases for the dice totals and the players' luck (registered by
 * storeContract inside its describe, with its fresh store per test).
 */
export function diceContract(current: () => Store): void {
  describe('dice totals and luck', () => diceCases(current));
}

const BOT: SeatRow = { kind: 'bot', userId: null, name: 'Bot (expert)', level: 'expert' };
const ANA_BO: GameRow['seats'] = [human('u1', 'Ana'), human('u2', 'Bo')];
const ANA_BOT: GameRow['seats'] = [human('u1', 'Ana'), BOT];
const BOT_CY: GameRow['seats'] = [BOT, human('u3', 'Cy')];

/** A match's actions: the opening, a few rolls of each side with plays between, a double of each. */
export const MATCH_A: readonly GameAction[] = [
  { type: 'opening', dice: [3, 3] },
  { type: 'opening', dice: [5, 2] },
  play(0, '13/8 13/11'),
  { type: 'roll', player: 1, dice: [6, 6] },
  play(1, '24/18(2) 13/7(2)'),
  { type: 'roll', player: 0, dice: [4, 1] },
  play(0, '24/23 13/9'),
  { type: 'roll', player: 1, dice: [1, 4] },
  { type: 'double', player: 0 },
  { type: 'take', player: 1 },
  { type: 'roll', player: 0, dice: [2, 2] },
  { type: 'resign', player: 1, level: 1 },
  { type: 'accept', player: 0 },
];

export const MATCH_B: readonly GameAction[] = [
  { type: 'opening', dice: [1, 6] },
  play(1, '13/7 8/7'),
  { type: 'roll', player: 0, dice: [3, 5] },
  play(0, '8/3 6/3'),
  { type: 'roll', player: 1, dice: [5, 5] },
  { type: 'roll', player: 0, dice: [6, 1] },
  { type: 'timeout', player: 1 },
];

/** What tallyMatchPlayer makes of a side of `actions` under the contract's record. */
export function sideTally(actions: readonly GameAction[], player: 0 | 1): DiceTally {
  const r = tallyMatchPlayer({ ...game('x', 0).record, actions: [...actions] }, player);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The accounts the dice cases seat: u1 Ana, u2 Bo and u3 Cy. */
export async function addPlayers(store: Store): Promise<void> {
  for (const [id, name] of [
    ['u1', 'Ana'],
    ['u2', 'Bo'],
    ['u3', 'Cy'],
  ] as const) {
    await store.createUser(user(id, name));
  }
}

function diceCases(current: () => Store): void {
  let store: Store;
  beforeEach(async () => {
    store = current();
    await addPlayers(store);
  });

  /** Plays `actions` into a new game between `seats`, the last one ending the match. */
  const playOut = async (id: string, seats: GameRow['seats'], actions: readonly GameAction[], at = 100) => {
    await store.createGame(game(id, at, { seats, status: 'playing', open: false }));
    for (const [i, action] of actions.entries()) {
      const last = i === actions.length - 1;
      const r = await store.appendAction(id, i, action, at + i + 1, last ? 'over' : undefined);
      expect(r).toEqual({ ok: true });
    }
  };

  describe('dice totals', () => {
    it('start at zero for the site and for anyone', async () => {
      const none = { matches: 0, tally: emptyTally() };
      expect(await store.diceTotals(null)).toEqual(none);
      expect(await store.diceTotals('u1')).toEqual(none);
      expect(await store.diceTotals('nobody')).toEqual(none);
    });

    it('add two finished matches: the site both sides (bots too), each person his own', async () => {
      await playOut('m1', ANA_BO, MATCH_A);
      await playOut('m2', ANA_BOT, MATCH_B, 200);
      const [a0, a1, b0, b1] = [
        sideTally(MATCH_A, 0),
        sideTally(MATCH_A, 1),
        sideTally(MATCH_B, 0),
        sideTally(MATCH_B, 1),
      ];
      expect(await store.diceTotals(null)).toEqual({ matches: 2, tally: mergeTallies(a0, a1, b0, b1) });
      expect(await store.diceTotals('u1')).toEqual({ matches: 2, tally: mergeTallies(a0, b0) });
      expect(await store.diceTotals('u2')).toEqual({ matches: 1, tally: a1 });
      expect(await store.diceTotals('u3')).toEqual({ matches: 0, tally: emptyTally() });
      // Hand-counted: the site saw 2 + 2 opening dice, and 7 rolls (doubles 6-6, 2-2, 5-5).
      const site = await store.diceTotals(null);
      expect(site.tally.openingDice).toBe(6);
      expect(site.tally.rolls.reduce((s, n) => s + n, 0)).toBe(7);
    });

    it('count nothing before the match is over, and a match once however its end is written again', async () => {
      await store.createGame(game('m1', 10, { seats: BOT_CY, status: 'playing', open: false }));
      for (const [i, action] of MATCH_B.slice(0, -1).entries()) await store.appendAction('m1', i, action, 11 + i);
      expect((await store.diceTotals(null)).matches).toBe(0);
      const end = MATCH_B.length - 1;
      // A stale writer (a retry of an older version) stores nothing and counts nothing.
      expect(await store.appendAction('m1', end - 1, play(0, 'x'), 50, 'over')).toEqual({
        ok: false,
        code: 'ERR_VERSION_CONFLICT',
      });
      expect((await store.diceTotals(null)).matches).toBe(0);
      expect(await store.appendAction('m1', end, MATCH_B[end] as GameAction, 60, 'over')).toEqual({ ok: true });
      // An action stored after the end that says 'over' again adds nothing.
      expect(await store.appendAction('m1', end + 1, play(0, ''), 70, 'over')).toEqual({ ok: true });
      const both = mergeTallies(sideTally(MATCH_B, 0), sideTally(MATCH_B, 1));
      expect(await store.diceTotals(null)).toEqual({ matches: 1, tally: both });
      expect(await store.diceTotals('u3')).toEqual({ matches: 1, tally: sideTally(MATCH_B, 1) });
    });

    it('add every match of many ending at once exactly once', async () => {
      const ids = Array.from({ length: 12 }, (_, i) => `c${i}`);
      for (const [i, id] of ids.entries()) {
        const seats = i % 3 === 0 ? ANA_BO : i % 3 === 1 ? ANA_BOT : BOT_CY;
        await store.createGame(game(id, 10 + i, { seats, status: 'playing', open: false }));
        for (const [k, action] of MATCH_A.slice(0, -1).entries()) await store.appendAction(id, k, action, 20 + k);
      }
      const last = MATCH_A.length - 1;
      const ended = await Promise.all(
        ids.map((id) => store.appendAction(id, last, MATCH_A[last] as GameAction, 99, 'over')),
      );
      expect(ended.every((r) => r.ok)).toBe(true);
      const [a0, a1] = [sideTally(MATCH_A, 0), sideTally(MATCH_A, 1)];
      const times = (t: DiceTally, n: number) => mergeTallies(...Array.from({ length: n }, () => t));
      expect(await store.diceTotals(null)).toEqual({ matches: 12, tally: times(mergeTallies(a0, a1), 12) });
      expect(await store.diceTotals('u1')).toEqual({ matches: 8, tally: times(a0, 8) });
      expect(await store.diceTotals('u2')).toEqual({ matches: 4, tally: times(a1, 4) });
      expect(await store.diceTotals('u3')).toEqual({ matches: 4, tally: times(a1, 4) });
    });

    it('keep the totals when migrate runs again', async () => {
      await playOut('m1', ANA_BO, MATCH_A);
      const before = [await store.diceTotals(null), await store.diceTotals('u1')];
      await store.migrate();
      expect([await store.diceTotals(null), await store.diceTotals('u1')]).toEqual(before);
    });
  });

  describe('luck', () => {
    const pr = (
      gameId: string,
      userId: string,
      at: number,
      luck: number | null,
      opponentLuck: number | null,
    ): PrRow => ({
      gameId,
      userId,
      pr: 5,
      at,
      luck,
      opponentLuck,
    });

    it('lists a player’s analysed matches with his luck and his opponent’s, latest first, up to the limit', async () => {
      await store.createGame(game('a1', 10, { seats: ANA_BO, status: 'over' }));
      await store.createGame(game('a2', 20, { seats: ANA_BOT, status: 'over' }));
      await store.createGame(game('a3', 30, { seats: [human('u2', 'Bo'), human('u1', 'Ana')], status: 'over' }));
      await store.savePr([pr('a1', 'u1', 100, 0.25, -0.5), pr('a1', 'u2', 100, -0.5, 0.25)]);
      await store.savePr([pr('a2', 'u1', 300, null, null)]);
      await store.savePr([pr('a3', 'u1', 300, -1.125, 2)]);
      expect(await store.luckOf('u1', 10)).toEqual([
        { ...pr('a3', 'u1', 300, -1.125, 2), opponent: 'Bo' },
        { ...pr('a2', 'u1', 300, null, null), opponent: 'Bot (expert)' },
        { ...pr('a1', 'u1', 100, 0.25, -0.5), opponent: 'Bo' },
      ]);
      expect((await store.luckOf('u1', 2)).map((r) => r.gameId)).toEqual(['a3', 'a2']);
      expect(await store.luckOf('u1', 0)).toEqual([]);
      expect(await store.luckOf('u1', Number.NaN)).toEqual([]);
      expect(await store.luckOf('u2', 10)).toEqual([{ ...pr('a1', 'u2', 100, -0.5, 0.25), opponent: 'Ana' }]);
      expect(await store.luckOf('u3', 10)).toEqual([]);
      // A new analysis of the same match replaces the luck with the PR.
      await store.savePr([pr('a1', 'u1', 400, null, 1.5)]);
      expect((await store.luckOf('u1', 1))[0]).toEqual({ ...pr('a1', 'u1', 400, null, 1.5), opponent: 'Bo' });
      expect(await store.prOf('u1')).toEqual({ matches: 3, average: 5 });
    });
  });
}
