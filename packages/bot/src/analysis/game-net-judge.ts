import { formatPlay, matchPlay, type Position, type Rules } from '@zar/engine';
import { type MatchState, rulesOf } from '@zar/match';
import { FILTER_COUNT, FILTER_WIDTH } from '../backgammon-net/search.js';
import { contextOf } from '../cube/context.js';
import { createGameEvaluator, sameSideGoesOn } from '../game-net/evaluator.js';
import { gameNetPlyEvaluator } from '../game-net/search.js';
import type { Network } from '../nn/network.js';
import { flipProbabilities, OUTPUTS } from '../probabilities.js';
import { createNplySearch, type NplySearch, type PlyFilter } from '../search/n-ply.js';
import type { Expansion } from '../search/ply-evaluator.js';
import { decisionBase, type MoveAnalysis } from './decisions.js';
import { gameRollEquities } from './game-luck.js';
import { gameNetEquity } from './game-value.js';
import type { Judge, PlayAction } from './judge.js';
import { luckOfRoll } from './luck.js';

/**
 * The plays a 1-ply judgement searches: gnubg's normal filter, as backgammon's analysis. It is
 * not the master level's own (6 within 0.2): a judge that searched as the master does would
 * find every master play best.
 */
const JUDGE_FILTER: PlyFilter = { count: FILTER_COUNT, width: FILTER_WIDTH };

/** The deepest a game net searches: 2-ply costs seconds a move (docs/bot-levels.md). */
export const GAME_NET_MAX_PLIES = 1;

interface Searcher {
  readonly evaluator: ReturnType<typeof gameNetPlyEvaluator>;
  readonly search: NplySearch<Position>;
  readonly root: Expansion<Position>;
}

/**
 * A game net's judge of its game under `rules` (players.ts: the rules it values exactly): every
 * legal play is valued at 0-ply, the best few (JUDGE_FILTER) again at 1-ply, each in the
 * analysis' equity (game-value.ts), and the choice is compared with the best of the deepest. A
 * gul bara run is judged block by block as the player played it: each block is its own play
 * action, the run's next block still his (the search fixes its dice). No cube: these games
 * have none.
 */
export function gameNetJudge(net: Network, rules: Rules): Judge {
  const evaluator = gameNetPlyEvaluator(createGameEvaluator(net), rules);
  const s: Searcher = { evaluator, search: createNplySearch(evaluator), root: evaluator.expansion() };
  // The luck meter's expansion is its own; the evaluator's scratch lives within one call.
  const rollEquities = gameRollEquities(evaluator, rules);
  return {
    move: (state, action, i, depth) => analyseMove(state, action, i, s, depth.plies, depth.keep),
    cube: () => null,
    luck: (state, action) => luckOfRoll(state, action, rollEquities),
  };
}

function analyseMove(
  state: MatchState,
  action: PlayAction,
  i: number,
  s: Searcher,
  plies: number,
  keep: number,
): MoveAnalysis | null {
  const g = state.game;
  if (g.phase !== 'move' || g.dice === null) return null;
  const rules = rulesOf(g.settings);
  const plays = rules.legalPlays(g.position, g.dice);
  if (plays.length <= 1) return null;
  const played = matchPlay(plays, action.play);
  if (!played.ok) return null;
  const ctx = contextOf(state, g.turn);
  let ranked = s.search.rank(s.root, s.evaluator.expandPlays(plays, s.root));
  if (Math.min(plies, GAME_NET_MAX_PLIES) >= 1) ranked = s.search.deepen(ranked, 1, JUDGE_FILTER);
  const depth = ranked[0]?.plies ?? 0;
  const scored = ranked
    .filter((r) => r.plies === depth)
    .map((r) => ({ index: r.index, equity: gameNetEquity(rules, ctx, r.probs, r.next) }))
    .sort((a, b) => b.equity - a.equity);
  const playedIndex = plays.indexOf(played.value);
  let equityPlayed = scored.find((x) => x.index === playedIndex)?.equity;
  if (equityPlayed === undefined) {
    const next = played.value.next;
    const probs = new Float64Array(OUTPUTS);
    s.search.evaluatePosition(next, depth, probs);
    if (!sameSideGoesOn(rules, next)) flipProbabilities(probs);
    equityPlayed = gameNetEquity(rules, ctx, probs, next);
  }
  const notation = (index: number): string => {
    const p = plays[index];
    return p ? formatPlay(p.steps) : '?';
  };
  const best = scored[0] as { index: number; equity: number };
  return {
    kind: 'move',
    ...decisionBase(state, i, g.turn, best.equity - equityPlayed),
    dice: g.dice,
    played: formatPlay(played.value.steps),
    best: notation(best.index),
    alternatives: scored.slice(0, keep).map((x) => ({ play: notation(x.index), equity: x.equity })),
    equityPlayed,
    equityBest: best.equity,
  };
}
