import { BOARD_LENGTH, formatPlay, matchPlay, type Rules, sameBoard, swapHalves } from '@zar/engine';
import { doubleRefusal, type GameAction, type MatchState, type Player, rulesOf } from '@zar/match';
import type { Evaluator } from '../backgammon-net/evaluator.js';
import { createPlySearch, type PlySearch } from '../backgammon-net/search.js';
import { contextOf } from '../cube/context.js';
import { type CubeDecision, createCubeSearch, cubeLife } from '../cube/decision.js';
import { cubefulValue, toEquity } from '../cube/janowski.js';
import { type CubeAction, type CubeAnalysis, decisionBase, type MoveAnalysis } from './decisions.js';
import type { Judge, PlayAction } from './judge.js';
import { createLuckMeter, luckOfAction } from './luck.js';

/**
 * The backgammon net's judge of backgammon under any scoring: each choice is compared with the
 * best the search finds, in normalised cubeful equity (the cube, the match score and the
 * game's scoring are put on the searched probabilities with Janowski's model). Plays are
 * searched under the scoring of the game they belong to, so a portes or tabla game is judged
 * with a backgammon worth 2. One judge serves every backgammon game of a match: its cube
 * search and luck meter are shared, its play searches kept per rules.
 */
export function backgammonJudge(ev: Evaluator): (rules: Rules) => Judge {
  const searches = new Map<Rules, PlySearch>();
  const cube = createCubeSearch(ev);
  const meter = createLuckMeter(ev);
  return (rules) => {
    let search = searches.get(rules);
    if (search === undefined) {
      search = createPlySearch(ev, rules.scoring);
      searches.set(rules, search);
    }
    const s = search;
    return {
      move: (state, action, i, depth) => analyseMove(state, action, i, s, depth.plies, depth.keep),
      cube: (state, action, i, depth) => analyseCube(state, action, i, cube, depth.cubePlies, depth.closeCube),
      luck: (state, action) => luckOfAction(state, action, meter),
    };
  };
}

function analyseMove(
  state: MatchState,
  action: PlayAction,
  i: number,
  search: PlySearch,
  plies: number,
  keep: number,
): MoveAnalysis | null {
  const g = state.game;
  if (g.phase !== 'move' || g.dice === null) return null;
  const plays = rulesOf(g.settings).legalPlays(g.position, g.dice);
  if (plays.length <= 1) return null;
  const played = matchPlay(plays, action.play);
  if (!played.ok) return null;
  const ctx = contextOf(state, g.turn);
  const view = new Int8Array(BOARD_LENGTH);
  const moverBoard = (next: Int8Array): Int8Array => {
    view.set(next.subarray(0, BOARD_LENGTH));
    swapHalves(view);
    return view;
  };
  const ranked = search.rankPlays(g.position.board, g.dice[0], g.dice[1], plies);
  const depth = ranked[0]?.plies ?? 0;
  const opponentView = new Int8Array(BOARD_LENGTH);
  /** The mover's cubeful equity after a play (`after`: mover's view) whose probabilities are `probs`. */
  const cubeful = (probs: Float64Array, after: Int8Array): number => {
    opponentView.set(after);
    swapHalves(opponentView);
    return toEquity(ctx, cubefulValue(probs, ctx, cubeLife(opponentView)));
  };
  const scored = ranked
    .filter((x) => x.plies === depth)
    .map((x) => ({ board: x.board, equity: cubeful(x.probs, x.board) }))
    .sort((a, b) => b.equity - a.equity);
  const notation = (board: Int8Array): string => {
    const p = plays.find((q) => sameBoard(moverBoard(q.next.board), board));
    return p ? formatPlay(p.steps) : '?';
  };
  const playedBoard = moverBoard(played.value.next.board).slice();
  let equityPlayed = scored.find((x) => sameBoard(x.board, playedBoard))?.equity;
  if (equityPlayed === undefined) {
    const probs = new Float64Array(5);
    search.evaluatePlay(playedBoard, depth, probs);
    equityPlayed = cubeful(probs, playedBoard);
  }
  const best = scored[0] as { board: Int8Array; equity: number };
  return {
    kind: 'move',
    ...decisionBase(state, i, g.turn, best.equity - equityPlayed),
    dice: g.dice,
    played: formatPlay(played.value.steps),
    best: notation(best.board),
    alternatives: scored.slice(0, keep).map((x) => ({ play: notation(x.board), equity: x.equity })),
    equityPlayed,
    equityBest: best.equity,
  };
}

function analyseCube(
  state: MatchState,
  action: GameAction,
  i: number,
  cube: ReturnType<typeof createCubeSearch>,
  cubePlies: number,
  close: number,
): CubeAnalysis | null {
  const g = state.game;
  if (g.phase === 'roll' && (action.type === 'roll' || action.type === 'double')) {
    if (doubleRefusal(g) !== null) return null;
    const d = cube.decide(g.position.board, contextOf(state, g.turn), cubePlies);
    const afterDouble = Math.min(d.doubleTake, d.doubleDrop);
    const doubled = action.type === 'double';
    if (!doubled && (!d.mayDouble || afterDouble < d.noDouble - close)) return null;
    const best: CubeAction = d.double ? 'double' : 'no-double';
    const chosen: CubeAction = doubled ? 'double' : 'no-double';
    const loss = Math.max(d.noDouble, d.double ? afterDouble : d.noDouble) - (doubled ? afterDouble : d.noDouble);
    return cubeResult(state, i, g.turn, chosen, best, loss, d);
  }
  if (g.phase === 'doubled' && (action.type === 'take' || action.type === 'drop' || action.type === 'beaver')) {
    const d = cube.decide(g.position.board, contextOf(state, g.turn), cubePlies);
    // The taker's equities are minus the doubler's; a beaver doubles the take's.
    const options: [CubeAction, number][] = [
      ['take', -d.doubleTake],
      ['drop', -d.doubleDrop],
    ];
    if (g.settings.cube.beaver) options.push(['beaver', -2 * d.doubleTake]);
    const top = options.reduce((a, b) => (b[1] > a[1] ? b : a));
    const chosen = options.find((o) => o[0] === action.type) ?? top;
    return cubeResult(state, i, action.player, action.type, top[0], top[1] - chosen[1], d);
  }
  return null;
}

function cubeResult(
  state: MatchState,
  i: number,
  player: Player,
  chosen: CubeAction,
  best: CubeAction,
  loss: number,
  d: CubeDecision,
): CubeAnalysis {
  return {
    kind: 'cube',
    ...decisionBase(state, i, player, loss),
    chosen,
    best,
    equities: { noDouble: d.noDouble, doubleTake: d.doubleTake, doubleDrop: d.doubleDrop },
  };
}
