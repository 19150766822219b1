import {
  BOARD_LENGTH,
  type Dice,
  err,
  formatPlay,
  makePositionId,
  matchPlay,
  ok,
  type Result,
  type Rules,
  sameBoard,
  swapHalves,
} from '@zar/engine';
import {
  doubleRefusal,
  type GameAction,
  type MatchRecord,
  type MatchState,
  matchIdOf,
  type Player,
  replay,
  rulesOf,
} from '@zar/match';
import type { Evaluator } from '../backgammon-net/evaluator.js';
import { createPlySearch, type PlySearch } from '../backgammon-net/search.js';
import { contextOf } from '../cube/context.js';
import { type CubeDecision, createCubeSearch, cubeLife } from '../cube/decision.js';
import { cubefulValue, toEquity } from '../cube/janowski.js';
import { whyNotAnalysable } from '../players.js';
import { createLuckMeter, luckOfAction } from './luck.js';
import { errorRate, type Mark, markOf, performanceRating } from './marks.js';

export interface AnalysisOptions {
  /** Depth of the play search (0, 1 or 2); 1 unless given. */
  readonly plies?: number;
  /** Depth of cube decisions (0 or 1); 1 unless given. */
  readonly cubePlies?: number;
  /** How many of the best plays each move lists; 3 unless given. */
  readonly alternatives?: number;
  /** A cube decision counts when doubling is within this much of the best action, or was done. */
  readonly closeCube?: number;
  /** Called after each action of the record with how many are done out of how many. */
  readonly onProgress?: (done: number, total: number) => void;
}

interface DecisionBase {
  /** Index of the action in the record. */
  readonly action: number;
  /** 1 for the first game. */
  readonly game: number;
  readonly player: Player;
  readonly positionId: string;
  readonly matchId: string;
  /** Normalised equity lost against the best found (0 when the choice was best). */
  readonly loss: number;
  readonly mark: Mark;
}

export interface MoveAnalysis extends DecisionBase {
  readonly kind: 'move';
  readonly dice: Dice;
  readonly played: string;
  readonly best: string;
  /** The best plays found, best first, with their equities for the mover. */
  readonly alternatives: readonly { readonly play: string; readonly equity: number }[];
  readonly equityPlayed: number;
  readonly equityBest: number;
}

export type CubeAction = 'no-double' | 'double' | 'take' | 'drop' | 'beaver';

export interface CubeAnalysis extends DecisionBase {
  readonly kind: 'cube';
  readonly chosen: CubeAction;
  readonly best: CubeAction;
  /** The doubler's equities (no double, double/take, double/drop). */
  readonly equities: { readonly noDouble: number; readonly doubleTake: number; readonly doubleDrop: number };
}

export type DecisionAnalysis = MoveAnalysis | CubeAnalysis;

export interface PlayerReport {
  readonly name: string;
  /** Non-obvious decisions: moves with a choice, and close or taken cube decisions. */
  readonly decisions: number;
  readonly moves: number;
  readonly cubeDecisions: number;
  readonly equityLost: number;
  /** mEMG per decision. */
  readonly errorRate: number;
  /** 500 × equity lost per decision. */
  readonly pr: number;
  readonly marks: { readonly doubtful: number; readonly error: number; readonly blunder: number };
  /** The luck of his rolls (luck.ts), summed: normalised cubeful equity at 0-ply, positive when lucky. */
  readonly luck: number;
}

export interface MatchAnalysis {
  readonly length: number;
  readonly plies: number;
  readonly cubePlies: number;
  readonly players: readonly [PlayerReport, PlayerReport];
  /** Every non-obvious decision, in the order of the record. */
  readonly decisions: readonly DecisionAnalysis[];
}

/**
 * Analyses every move and cube decision of a finished (or unfinished) match of rules the
 * backgammon net values exactly (players.ts: any backgammon; others are refused with why):
 * each choice is compared with the best the search finds, in normalised cubeful equity (the
 * cube, the match score and the game's scoring are put on the searched probabilities with
 * Janowski's model). Plays are searched under the scoring of the game they belong to, so a
 * portes or tabla game is judged with a backgammon worth 2. Each player's luck is the sum of
 * his rolls' (luck.ts), on the same equity scale.
 */
export function analyseMatch(record: MatchRecord, ev: Evaluator, options: AnalysisOptions = {}): Result<MatchAnalysis> {
  const plies = options.plies ?? 1;
  const cubePlies = options.cubePlies ?? 1;
  const keep = options.alternatives ?? 3;
  const close = options.closeCube ?? 0.16;
  const refused = whyNotAnalysable(record.settings);
  if (refused !== null) return err('ERR_ANALYSIS_GAME', refused);
  const r = replay(record);
  if (!r.ok) return r;
  const searches = new Map<Rules, PlySearch>();
  const searchOf = (rules: Rules): PlySearch => {
    let search = searches.get(rules);
    if (search === undefined) {
      search = createPlySearch(ev, rules.scoring);
      searches.set(rules, search);
    }
    return search;
  };
  const cube = createCubeSearch(ev);
  const decisions: DecisionAnalysis[] = [];
  const meter = createLuckMeter(ev);
  const luck = [0, 0];
  record.actions.forEach((action, i) => {
    const state = r.value.states[i] as MatchState;
    const rolled = luckOfAction(state, action, meter);
    if (rolled) luck[rolled.player] = (luck[rolled.player] as number) + rolled.luck;
    const d =
      action.type === 'play'
        ? analyseMove(state, action, i, searchOf(rulesOf(state.game.settings)), plies, keep)
        : analyseCube(state, action, i, cube, cubePlies, close);
    if (d) decisions.push(d);
    options.onProgress?.(i + 1, record.actions.length);
  });
  const report = (p: Player): PlayerReport => {
    const mine = decisions.filter((d) => d.player === p);
    const lost = mine.reduce((s, d) => s + d.loss, 0);
    const count = (m: Mark) => mine.filter((d) => d.mark === m).length;
    return {
      name: record.players[p],
      decisions: mine.length,
      moves: mine.filter((d) => d.kind === 'move').length,
      cubeDecisions: mine.filter((d) => d.kind === 'cube').length,
      equityLost: lost,
      errorRate: errorRate(lost, mine.length),
      pr: performanceRating(lost, mine.length),
      marks: { doubtful: count('doubtful'), error: count('error'), blunder: count('blunder') },
      luck: luck[p] as number,
    };
  };
  return ok({ length: record.settings.length, plies, cubePlies, players: [report(0), report(1)], decisions });
}

function base(state: MatchState, i: number, player: Player, loss: number) {
  const l = Math.max(0, loss);
  return {
    action: i,
    game: state.gameNumber,
    player,
    positionId: makePositionId(state.game.position),
    matchId: matchIdOf(state),
    loss: l,
    mark: markOf(l),
  };
}

function analyseMove(
  state: MatchState,
  action: Extract<GameAction, { type: 'play' }>,
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
    ...base(state, i, g.turn, best.equity - equityPlayed),
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
    ...base(state, i, player, loss),
    chosen,
    best,
    equities: { noDouble: d.noDouble, doubleTake: d.doubleTake, doubleDrop: d.doubleDrop },
  };
}
