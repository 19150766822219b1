import type { Play, Position, Rules } from '@zar/engine';
import { equityOf, OUTPUTS } from '../probabilities.js';
import { gaussian, type Random } from '../random.js';
import { ROLLS, type Roll } from '../rolls.js';
import { createNplySearch, type NplySearch, type SearchedPlay } from '../search/n-ply.js';
import type { Expansion, PlyEvaluator } from '../search/ply-evaluator.js';
import { type GameEvaluator, sameSideGoesOn } from './evaluator.js';

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

export interface GamePlayChooser {
  /** The chosen play among `plays` (the legal plays of `pos` for its roll); null if there is none. */
  choose(rules: Rules, plays: readonly Play[]): Play | null;
  /** Cubeless equity for the side on roll of `pos` before its roll, searched `plies` deep (0 or 1). */
  positionEquity(rules: Rules, pos: Position, plies: 0 | 1): number;
}

/** The plays of one roll as the engine lists them, with their 0-ply values. */
interface PlaysExpansion extends Expansion<Position> {
  plays: readonly Play[];
  probs: Float32Array;
  /** The position and roll expanded last, for a roll that cannot be played. */
  parent: Position | null;
  dice: readonly [number, number];
}

/**
 * A game net under `rules` as the n-ply search sees it: the engine's positions and plays; every
 * roll by its chance, except that a gul bara run block has its dice fixed; finished games exact.
 */
export function gameNetPlyEvaluator(
  ev: GameEvaluator,
  rules: Rules,
): PlyEvaluator<Position> & {
  /** Fills `into` with `plays` (the legal plays of one roll) and their 0-ply values. */
  expandPlays(plays: readonly Play[], into: Expansion<Position>): number;
} {
  const expandPlays = (plays: readonly Play[], into: Expansion<Position>): number => {
    const e = into as PlaysExpansion;
    e.plays = plays;
    if (e.probs.length < plays.length * OUTPUTS) e.probs = new Float32Array(2 * plays.length * OUTPUTS);
    for (let k = 0; k < plays.length; k++) ev.evaluate(rules, (plays[k] as Play).next, e.probs, k * OUTPUTS);
    return plays.length;
  };
  return {
    // The net's own scoring: trained on its game's outcomes, which are never worth 3, its
    // backgammon outputs learned to stay near 0, and its standard equity is its game's.
    equity: equityOf,
    evaluate: (pos, out, at) => ev.evaluate(rules, pos, out, at),
    isExact: (pos) => rules.outcome(pos) !== null,
    rollsOf: (pos): readonly Roll[] => (pos.run > 0 ? [[pos.run, pos.run, 36]] : ROLLS),
    expansion(): PlaysExpansion {
      const e: PlaysExpansion = {
        plays: [],
        probs: new Float32Array(64 * OUTPUTS),
        parent: null,
        dice: [1, 1],
        sameSide: (k) => sameSideGoesOn(rules, (e.plays[k] as Play).next),
        next: (k) => (e.plays[k] as Play).next,
        // A stuck gul bara block ends the turn too, so the pass always hands the dice over.
        passed: () => rules.pass(e.parent as Position, e.dice),
      };
      return e;
    },
    expand(pos, d1, d2, into) {
      const e = into as PlaysExpansion;
      e.parent = pos;
      e.dice = [d1, d2];
      return expandPlays(rules.legalPlays(pos, [d1, d2]), e);
    },
    expandPlays,
  };
}

export function createGamePlayChooser(ev: GameEvaluator, search: GameNetSearch, random: Random): GamePlayChooser {
  // The search of the rules asked last: a net plays one game, and its callers keep their Rules.
  let current: {
    rules: Rules;
    evaluator: ReturnType<typeof gameNetPlyEvaluator>;
    search: NplySearch<Position>;
    root: Expansion<Position>;
  } | null = null;
  const searchOf = (rules: Rules) => {
    if (current === null || current.rules !== rules) {
      const evaluator = gameNetPlyEvaluator(ev, rules);
      current = { rules, evaluator, search: createNplySearch(evaluator), root: evaluator.expansion() };
    }
    return current;
  };
  const filter = { count: search.candidates, width: search.window };
  const out = new Float32Array(OUTPUTS);
  const probs = new Float64Array(OUTPUTS);
  let eq = new Float64Array(64);

  return {
    choose(rules, plays) {
      if (plays.length <= 1) return plays[0] ?? null;
      const s = searchOf(rules);
      const n = s.evaluator.expandPlays(plays, s.root);
      if (search.plies === 0) {
        // Each play's equity, noise drawn play by play in the engine's order, the first best kept.
        if (eq.length < n) eq = new Float64Array(2 * n);
        s.search.equities(s.root, n, eq);
        let best = 0;
        for (let k = 0; k < n; k++) {
          if (search.noise > 0) eq[k] = (eq[k] as number) + search.noise * gaussian(random);
          if ((eq[k] as number) > (eq[best] as number)) best = k;
        }
        return plays[best] as Play;
      }
      let ranked: SearchedPlay<Position>[] = s.search.rank(s.root, n);
      if (search.noise > 0) {
        // Noise before the filter, drawn play by play in the engine's order, then ranked again.
        const byIndex = ranked.slice().sort((x, y) => x.index - y.index);
        const noisy = byIndex.map((r) => ({ ...r, equity: r.equity + search.noise * gaussian(random) }));
        ranked = noisy.sort((x, y) => y.equity - x.equity);
      }
      ranked = s.search.deepen(ranked, 1, filter);
      return plays[(ranked[0] as SearchedPlay<Position>).index] as Play;
    },
    positionEquity(rules, pos, plies) {
      if (plies === 0) {
        ev.evaluate(rules, pos, out, 0);
        return equityOf(out, 0);
      }
      searchOf(rules).search.evaluatePosition(pos, plies, probs);
      return equityOf(probs);
    },
  };
}
