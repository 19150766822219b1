import type { Dice, Play, Position, Rules } from '@zar/engine';
import { equityOf, OUTPUTS } from '../evaluator.js';
import { gaussian, type Random } from '../random.js';
import type { GameEvaluator } from './evaluator.js';

/** How a game net chooses: search depth, the 1-ply candidate filter, noise in equity. */
export interface GameNetSearch {
  /** 0: each play valued by the position it leaves; 1: averaged over the opponent's 21 rolls. */
  readonly plies: 0 | 1;
  /** 1-ply: at most this many of the best 0-ply plays are searched... */
  readonly candidates: number;
  /** ...and only those within this much equity of the best. */
  readonly window: number;
  /** Standard deviation of a normal deviate added to each 0-ply equity before choosing. */
  readonly noise: number;
}

/** The 21 distinct rolls and their weights out of 36. */
const ROLLS: readonly (readonly [number, number, number])[] = (() => {
  const r: [number, number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) r.push([a, b, a === b ? 1 : 2]);
  return r;
})();

export interface GamePlayChooser {
  /** The chosen play among `plays` (the legal plays of `pos` for its roll); null if there is none. */
  choose(rules: Rules, plays: readonly Play[]): Play | null;
  /** Cubeless equity for the side on roll of `pos` before its roll, searched `plies` deep (0 or 1). */
  positionEquity(rules: Rules, pos: Position, plies: 0 | 1): number;
}

export function createGamePlayChooser(ev: GameEvaluator, search: GameNetSearch, random: Random): GamePlayChooser {
  const out = new Float32Array(OUTPUTS);

  /** 0-ply equity of each play for its mover. */
  const ranked0 = (rules: Rules, plays: readonly Play[]): Float64Array => {
    const eq = new Float64Array(plays.length);
    for (let i = 0; i < plays.length; i++) {
      ev.evaluatePlay(rules, plays[i] as Play, out, 0);
      eq[i] = equityOf(out, 0);
    }
    return eq;
  };

  /** The mover's best 0-ply equity for `dice` in `pos`; a roll that cannot be played passes. */
  const bestReply = (rules: Rules, pos: Position, dice: Dice): number => {
    const plays = rules.legalPlays(pos, dice);
    if (plays.length === 0) {
      const passed = rules.pass(pos, dice);
      ev.evaluate(rules, passed, out, 0);
      // A stuck gul bara block ends the turn, so the pass always hands the dice over.
      return -equityOf(out, 0);
    }
    let best = Number.NEGATIVE_INFINITY;
    for (const p of plays) {
      ev.evaluatePlay(rules, p, out, 0);
      const e = equityOf(out, 0);
      if (e > best) best = e;
    }
    return best;
  };

  /** Equity before the roll for the side on roll of `pos`, looking one roll ahead. */
  const equity1 = (rules: Rules, pos: Position): number => {
    const o = rules.outcome(pos);
    if (o) {
      ev.evaluate(rules, pos, out, 0);
      return equityOf(out, 0);
    }
    // A gul bara run block has its dice fixed; otherwise every roll counts by its chance.
    if (pos.run > 0) return bestReply(rules, pos, [pos.run, pos.run]);
    let sum = 0;
    for (const [a, b, w] of ROLLS) sum += w * bestReply(rules, pos, [a, b]);
    return sum / 36;
  };

  /** The 1-ply equity of a play for its mover. */
  const play1 = (rules: Rules, play: Play): number => {
    const next = play.next;
    const sameSide = next.run > 0 && rules.outcome(next) === null;
    const e = equity1(rules, next);
    return sameSide ? e : -e;
  };

  return {
    choose(rules, plays) {
      if (plays.length <= 1) return plays[0] ?? null;
      const eq = ranked0(rules, plays);
      if (search.noise > 0)
        for (let i = 0; i < eq.length; i++) eq[i] = (eq[i] as number) + search.noise * gaussian(random);
      let best = 0;
      for (let i = 1; i < eq.length; i++) if ((eq[i] as number) > (eq[best] as number)) best = i;
      if (search.plies === 0) return plays[best] as Play;
      const top = eq[best] as number;
      const order = Array.from(eq.keys())
        .filter((i) => (eq[i] as number) >= top - search.window)
        .sort((a, b) => (eq[b] as number) - (eq[a] as number))
        .slice(0, search.candidates);
      if (order.length <= 1) return plays[best] as Play;
      let chosen = best;
      let bestDeep = Number.NEGATIVE_INFINITY;
      for (const i of order) {
        const e = play1(rules, plays[i] as Play);
        if (e > bestDeep) {
          bestDeep = e;
          chosen = i;
        }
      }
      return plays[chosen] as Play;
    },
    positionEquity(rules, pos, plies) {
      if (plies === 1) return equity1(rules, pos);
      ev.evaluate(rules, pos, out, 0);
      return equityOf(out, 0);
    },
  };
}
