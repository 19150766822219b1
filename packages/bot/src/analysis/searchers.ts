import {
  BOARD_LENGTH,
  currentPosition,
  type Dice,
  makeZarPosition,
  move,
  type Play,
  type Position,
  type Rules,
  startTurn,
  type Turn,
} from '@zar/engine';
import type { Evaluator } from '../backgammon-net/evaluator.js';
import {
  backgammonPlyEvaluator,
  FILTER_COUNT,
  FILTER_WIDTH,
  FILTER2_COUNT,
  FILTER2_WIDTH,
} from '../backgammon-net/search.js';
import { createGameEvaluator } from '../game-net/evaluator.js';
import { gameNetPlyEvaluator } from '../game-net/index.js';
import type { Network } from '../nn/network.js';
import { createNplySearch, type NplySearch, type PlyFilter, type SearchedPlay } from '../search/n-ply.js';

/*
 * The searches a hint and the analysis board rank plays with, made once per evaluator and rules
 * (each holds scratch buffers for its depths), and the one way both turn the searched depths
 * into a ranked list, so that the board ranks a position as a hint ranks the same decision.
 */

export const BACKGAMMON_FILTERS: readonly PlyFilter[] = [
  { count: FILTER_COUNT, width: FILTER_WIDTH },
  { count: FILTER2_COUNT, width: FILTER2_WIDTH },
];

const backgammonSearches = new WeakMap<Evaluator, Map<Rules, NplySearch<Int8Array>>>();

export function backgammonSearchOf(ev: Evaluator, rules: Rules): NplySearch<Int8Array> {
  let byRules = backgammonSearches.get(ev);
  if (byRules === undefined) {
    byRules = new Map();
    backgammonSearches.set(ev, byRules);
  }
  let search = byRules.get(rules);
  if (search === undefined) {
    search = createNplySearch(backgammonPlyEvaluator(ev, rules.scoring));
    byRules.set(rules, search);
  }
  return search;
}

export type GameNetSearcher = { evaluator: ReturnType<typeof gameNetPlyEvaluator>; search: NplySearch<Position> };

const gameSearches = new WeakMap<Network, Map<Rules, GameNetSearcher>>();

export function gameSearchOf(net: Network, rules: Rules): GameNetSearcher {
  let byRules = gameSearches.get(net);
  if (byRules === undefined) {
    byRules = new Map();
    gameSearches.set(net, byRules);
  }
  let searcher = byRules.get(rules);
  if (searcher === undefined) {
    const evaluator = gameNetPlyEvaluator(createGameEvaluator(net), rules);
    searcher = { evaluator, search: createNplySearch(evaluator) };
    byRules.set(rules, searcher);
  }
  return searcher;
}

export const clampDepth = (plies: number, max: number): number => Math.max(0, Math.min(max, Math.floor(plies)));

/** The ranking after each depth: stage d holds every play, those that passed the filters valued at d. */
export function searchStages<P>(
  search: NplySearch<P>,
  ranked: SearchedPlay<P>[],
  depth: number,
  filters: readonly PlyFilter[],
): SearchedPlay<P>[][] {
  const stages = [ranked];
  if (ranked.length <= 1) return stages;
  for (let d = 1; d <= depth; d++) {
    stages.push(search.deepen(stages[d - 1] as SearchedPlay<P>[], d, filters[d - 1] as PlyFilter));
  }
  return stages;
}

/** One play of a ranking: as searched, the engine's play, and its loss against the best. */
export interface RankedPlay<P> {
  readonly r: SearchedPlay<P>;
  readonly play: Play;
  readonly loss: number;
}

export interface Ranking<P> {
  /** The deepest depth searched. */
  readonly plies: number;
  /** The best play's value at that depth. */
  readonly top: number;
  /** Least loss first. */
  readonly plays: RankedPlay<P>[];
}

/**
 * Every play with its loss against the best, each at the deepest depth it was valued at: a
 * play the filters dropped at depth d is compared with the best play's value at d (values of
 * different depths do not compare). Its equity is then the best's less its loss, so the list
 * reads on one scale, best first.
 */
export function rankStages<P>(
  stages: readonly SearchedPlay<P>[][],
  value: (r: SearchedPlay<P>) => number,
  playOf: (r: SearchedPlay<P>) => Play | undefined,
): Ranking<P> {
  const last = stages[stages.length - 1] as SearchedPlay<P>[];
  const deepest = last[0]?.plies ?? 0;
  // The best is the best valued of the deepest searched (cubeful where the cube counts).
  let best: SearchedPlay<P> | undefined;
  let top = Number.NEGATIVE_INFINITY;
  for (const r of last) {
    if (r.plies !== deepest) continue;
    const v = value(r);
    if (v > top) {
      top = v;
      best = r;
    }
  }
  const bestAt = stages.map((stage) => {
    const r = stage.find((x) => x.index === best?.index);
    return r === undefined ? 0 : value(r);
  });
  const plays = last.flatMap((r) => {
    const play = playOf(r);
    if (play === undefined) return [];
    const loss = Math.max(0, (bestAt[r.plies] as number) - value(r));
    return [{ r, play, loss }];
  });
  // Least loss first; among equal losses the deeper valued, then the engine's order.
  plays.sort((a, b) => a.loss - b.loss || b.r.plies - a.r.plies || a.r.index - b.r.index);
  return { plies: deepest, top, plays };
}

/** A board's key: the fast generator's plays are the engine's, each found by the board it leaves. */
export const boardKey = (board: Int8Array): string => board.subarray(0, BOARD_LENGTH).join(',');

/** The Zar text of the position each play leaves, as a page entering it step by step sees it. */
export function positionsAfter(rules: Rules, pos: Position, dice: Dice): (play: Play) => string {
  let start: Turn | null = null;
  return (play) => {
    start ??= startTurn(rules, pos, dice);
    let turn = start;
    for (const step of play.steps) {
      const moved = move(turn, step.from, step.to, step.die);
      if (!moved.ok)
        throw new Error(`a legal play's step ${step.from}/${step.to} does not replay: ${moved.error.message}`);
      turn = moved.value;
    }
    return makeZarPosition(currentPosition(turn));
  };
}
