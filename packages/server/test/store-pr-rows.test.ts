import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PrReport, prRowsOf } from '../src/analysis/pr-rows.js';
import type { GameRow, SeatRow } from '../src/store/index.js';
import { game, human } from './store-contract.js';

/* The rows an analysis adds to the profiles (PR) and to their luck, per person. */

const BOT: SeatRow = { kind: 'bot', userId: null, name: 'Bot', level: 'expert' };
const bg = (seats: GameRow['seats']): GameRow =>
  game('a1', 1, {
    seats,
    status: 'over',
    record: {
      ...game('a1', 1).record,
      settings: { ...game('a1', 1).record.settings, cycle: [{ game: 'backgammon' }] },
    },
  });
const report = (pr: number, decisions: number, luck?: number): PrReport =>
  luck === undefined ? { pr, decisions } : { pr, decisions, luck };

describe('prRowsOf', () => {
  it('keeps each person’s luck and his opponent’s (a bot’s too), null where the analysis has none', () => {
    const people = bg([human('u1', 'Ana'), human('u2', 'Bo')]);
    expect(prRowsOf(people, { players: [report(4, 10, 0.5), report(9, 12, -0.25)] }, 7)).toEqual([
      { gameId: 'a1', userId: 'u1', pr: 4, at: 7, luck: 0.5, opponentLuck: -0.25 },
      { gameId: 'a1', userId: 'u2', pr: 9, at: 7, luck: -0.25, opponentLuck: 0.5 },
    ]);
    const vsBot = bg([BOT, human('u2', 'Bo')]);
    expect(prRowsOf(vsBot, { players: [report(2, 10, 1.5), report(9, 12)] }, 7)).toEqual([
      { gameId: 'a1', userId: 'u2', pr: 9, at: 7, luck: null, opponentLuck: 1.5 },
    ]);
    expect(
      prRowsOf(people, { players: [report(4, 10), report(9, 12)] }, 7).map((r) => [r.luck, r.opponentLuck]),
    ).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('gives a luck that is a finite number as it is, and null for anything else', () => {
    const people = bg([human('u1', 'Ana'), human('u2', 'Bo')]);
    fc.assert(
      fc.property(fc.option(fc.double(), { nil: undefined }), fc.option(fc.double(), { nil: undefined }), (a, b) => {
        const rows = prRowsOf(people, { players: [report(4, 10, a), report(9, 12, b)] }, 7);
        const as = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);
        expect(rows.map((r) => [r.luck, r.opponentLuck])).toEqual([
          [as(a), as(b)],
          [as(b), as(a)],
        ]);
      }),
    );
  });
});
