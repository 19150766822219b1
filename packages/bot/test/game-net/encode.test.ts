import { PIN_BASE, type Position, rulesFor, THEM } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  denseGameInputs,
  encodeGamePosition,
  GAME_INPUTS,
  MAX_ACTIVE,
  OFF_AT,
  OPPONENT_AT,
  PINNED_AT,
  PINNING_AT,
  PIPS_AT,
  RUN_AT,
  TURNS_AT,
} from '../../src/game-net/encode.js';
import { NET_GAMES, randomGame } from './positions.js';

/** Positions reached by random legal play, eight games of each (playing them is the slow part). */
const POOL: readonly Position[] = NET_GAMES.flatMap((game) =>
  Array.from({ length: 8 }, (_, i) => randomGame(game, 1000 + i)).flat(),
);
const reached = fc.nat({ max: POOL.length - 1 }).map((i) => POOL[i] as Position);

describe('game-net encoding', () => {
  it('writes finite values, each input at most once, within the layout', () => {
    fc.assert(
      fc.property(reached, (pos) => {
        const idx = new Int32Array(MAX_ACTIVE);
        const val = new Float32Array(MAX_ACTIVE);
        const n = encodeGamePosition(rulesFor(pos.game), pos, idx, val);
        const seen = new Set<number>();
        for (let j = 0; j < n; j++) {
          expect(Number.isFinite(val[j])).toBe(true);
          expect(val[j]).not.toBe(0);
          expect(idx[j]).toBeGreaterThanOrEqual(0);
          expect(idx[j]).toBeLessThan(GAME_INPUTS);
          expect(seen.has(idx[j] as number)).toBe(false);
          seen.add(idx[j] as number);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the side-swapped position has the two sides exchanged, mapped by theirPointToMine', () => {
    fc.assert(
      fc.property(reached, (pos) => {
        const rules = rulesFor(pos.game);
        const x = denseGameInputs(rules, pos);
        const y = denseGameInputs(rules, rules.swapSides(pos));
        for (let p = 1; p <= 24; p++) {
          const q = rules.theirPointToMine(p);
          for (let u = 0; u < 4; u++) {
            // My point p after the swap holds what the opponent had on his own p: in my
            // numbering before the swap that is my point q.
            expect(y[(p - 1) * 4 + u]).toBe(x[OPPONENT_AT + (q - 1) * 4 + u]);
            expect(y[OPPONENT_AT + (q - 1) * 4 + u]).toBe(x[(p - 1) * 4 + u]);
          }
          expect(y[PINNED_AT + q - 1]).toBe(x[PINNING_AT + p - 1]);
          expect(y[PINNING_AT + q - 1]).toBe(x[PINNED_AT + p - 1]);
        }
        expect([y[OFF_AT], y[OFF_AT + 1]]).toEqual([x[OFF_AT + 1], x[OFF_AT]]);
        expect([y[PIPS_AT], y[PIPS_AT + 1]]).toEqual([x[PIPS_AT + 1], x[PIPS_AT]]);
        expect(Array.from(y.subarray(TURNS_AT, TURNS_AT + 3))).toEqual(
          Array.from(x.subarray(TURNS_AT + 3, TURNS_AT + 6)),
        );
        expect(Array.from(y.subarray(RUN_AT, RUN_AT + 6))).toEqual(Array.from(x.subarray(RUN_AT, RUN_AT + 6)));
      }),
      { numRuns: 300 },
    );
  });

  it('counts each side’s checkers back from its point units', () => {
    fc.assert(
      fc.property(reached, (pos) => {
        const x = denseGameInputs(rulesFor(pos.game), pos);
        // 1, 2, 3+ and (n − 3)/2 units: n = u1 + u2 + u3 + 2·u4 for every point.
        const count = (from: number) => {
          let n = 0;
          for (let p = 0; p < 25; p++) {
            const o = from + p * 4;
            n += (x[o] as number) + (x[o + 1] as number) + (x[o + 2] as number) + 2 * (x[o + 3] as number);
          }
          return Math.round(n);
        };
        expect(count(0)).toBe(15 - (pos.board[0] ?? 0));
        expect(count(OPPONENT_AT)).toBe(15 - (pos.board[THEM] ?? 0));
      }),
      { numRuns: 200 },
    );
  });

  it('encodes every plakoto pin on its point, and none in the other games', () => {
    let pins = 0;
    for (const game of NET_GAMES) {
      const rules = rulesFor(game);
      for (let seed = 1; seed <= 6; seed++) {
        for (const pos of randomGame(game, seed)) {
          const x = denseGameInputs(rules, pos);
          for (let p = 1; p <= 24; p++) {
            const pin = rules.hasPins ? (pos.board[PIN_BASE + p] ?? 0) : 0;
            expect(x[PINNED_AT + p - 1]).toBe(pin > 0 ? 1 : 0);
            expect(x[PINNING_AT + p - 1]).toBe(pin < 0 ? 1 : 0);
            if (pin !== 0) pins++;
          }
        }
      }
    }
    // Random plakoto play pins often; a property that never met a pin would test nothing.
    expect(pins).toBeGreaterThan(100);
  });

  it('marks the die of a gul bara run still to play and the turns each side has completed', () => {
    let runs = 0;
    const rules = rulesFor('gul-bara');
    for (let seed = 1; seed <= 20; seed++) {
      for (const pos of randomGame('gul-bara', seed)) {
        const x = denseGameInputs(rules, pos);
        for (let d = 1; d <= 6; d++) expect(x[RUN_AT + d - 1]).toBe(pos.run === d ? 1 : 0);
        if (pos.run > 0) runs++;
        for (let s = 0; s < 3; s++) {
          expect(x[TURNS_AT + s]).toBe(pos.turns[0] > s ? 1 : 0);
          expect(x[TURNS_AT + 3 + s]).toBe(pos.turns[1] > s ? 1 : 0);
        }
      }
    }
    expect(runs).toBeGreaterThan(0);
  });
});
