import {
  type Dice,
  err,
  formatPlay,
  ok,
  type Play,
  type Position,
  type Result,
  type Rules,
  swapHalves,
} from '@zar/engine';
import { type BoardCube, MET_MAX_AWAY, MONEY_CUBE_LIMIT, usefulCubeLimit } from '@zar/match';
import type { Evaluator } from '../backgammon-net/evaluator.js';
import { trainedBackgammonEvaluator } from '../backgammon-net/trained.js';
import { type CubeContext, type CubeOwner, matchView } from '../cube/context.js';
import { createCubeSearch, cubeLife } from '../cube/decision.js';
import { cubefulValue, toEquity } from '../cube/janowski.js';
import { GAME_NET_LEVELS } from '../game-net/index.js';
import { committedGameNet } from '../game-net/load.js';
import type { Network } from '../nn/network.js';
import { playerFor } from '../players.js';
import { type CubelessEquity, equityOf, equityUnder, flipProbabilities, OUTPUTS } from '../probabilities.js';
import type { NplySearch, PlyFilter, SearchedPlay } from '../search/n-ply.js';
import type { ProperCubeAction } from './hint.js';
import {
  BACKGAMMON_FILTERS,
  backgammonSearchOf,
  boardKey,
  clampDepth,
  gameSearchOf,
  positionsAfter,
  rankStages,
  searchStages,
} from './searchers.js';

/*
 * The analysis board's bot: any position of any game, with or without a roll, valued as a hint
 * values a player's decision (the same searches, filters and ranking: searchers.ts), plus what a
 * player studying a position asks besides: the chances behind each equity, the cube decision's
 * three equities, the pip counts and shots, and the temperature map (the best play of each roll).
 */

/** The five cumulative chances of the side on roll (gammon: also mars and the mother pin, worth 2). */
export interface Chances {
  readonly win: number;
  readonly winGammon: number;
  readonly winBackgammon: number;
  readonly loseGammon: number;
  readonly loseBackgammon: number;
}

export interface BoardPlay {
  readonly play: string;
  /** The position after it, the mover still on roll, in Zar text (as a hint gives it). */
  readonly position: string;
  readonly equity: number;
  readonly loss: number;
  readonly plies: number;
  readonly chances: Chances;
}

export interface BoardCubeDecision {
  readonly plies: number;
  /** The side on roll may double now (cube access, Crawford, the limit, a dead cube). */
  readonly mayDouble: boolean;
  /** The side on roll's cubeful equities, normalised to the cube before the double. */
  readonly noDouble: number;
  readonly doubleTake: number;
  readonly doubleDrop: number;
  /** The right action of the side on roll. */
  readonly proper: Extract<ProperCubeAction, 'no-double' | 'double-take' | 'double-drop' | 'too-good'>;
  /** The opponent's right answer to a double. */
  readonly answer: 'take' | 'drop' | 'beaver';
}

export interface PositionAnalysis {
  readonly game: Rules['game'];
  /** The bot player that valued it, as messages name it. */
  readonly bot: string;
  /** The deepest search of the plays (0 without dice). */
  readonly plies: number;
  /** Whether the equities count the cube. */
  readonly cubeful: boolean;
  /** Pips to bear off: [side on roll, opponent]. */
  readonly pips: readonly [number, number];
  /** Rolls of 36 that hit a blot: the side on roll's, the opponent's next; null where nothing is hit. */
  readonly shots: { readonly onRoll: number; readonly opponent: number } | null;
  /** The side on roll's chances before the roll, and their cubeless equity. */
  readonly chances: Chances;
  readonly equity: number;
  /** Backgammon with a cube: the side on roll's cube decision before the roll. */
  readonly cube: BoardCubeDecision | null;
  /** With dice: every legal play, best first (empty when the roll cannot be played); null without. */
  readonly plays: readonly BoardPlay[] | null;
  readonly legal: number;
}

export interface BoardQuery {
  readonly rules: Rules;
  readonly position: Position;
  readonly context: CubeContext;
  /** Depth of the plays' search: backgammon 0 to 2 (2 unless given), the game nets 0 or 1 (1 unless given). */
  readonly plies?: number;
  /** Backgammon's cube decision, 0 or 1 (1 unless given). */
  readonly cubePlies?: number;
}

export type BoardRefusalCode = 'ERR_HINT_RULES' | 'ERR_GAME_OVER' | 'ERR_DICE' | 'ERR_NO_WEIGHTS';

const chancesOf = (p: ArrayLike<number>): Chances => ({
  win: p[0] as number,
  winGammon: p[1] as number,
  winBackgammon: p[2] as number,
  loseGammon: p[3] as number,
  loseBackgammon: p[4] as number,
});

/**
 * The cube context of the side on roll under a board's cube (position-text.ts); the games
 * without a cube are valued cubeless, with their own scoring. Beyond the match equity table
 * (more than 25 away) a match is valued as money play, as a hint does.
 */
export function boardContextOf(rules: Rules, cube: BoardCube | null): CubeContext {
  const none: CubeContext = {
    value: 1,
    owner: 'centre',
    match: null,
    enabled: false,
    jacoby: false,
    beaver: false,
    limit: MONEY_CUBE_LIMIT,
    scoring: rules.scoring,
  };
  if (cube === null) return none;
  const owner: CubeOwner = cube.owner === 'centre' ? 'centre' : cube.owner === 'onRoll' ? 'me' : 'them';
  const length = cube.matchLength;
  const [awayMe, awayThem] = [length - cube.score[0], length - cube.score[1]];
  const money = length === 0 || awayMe > MET_MAX_AWAY || awayThem > MET_MAX_AWAY;
  return {
    ...none,
    value: cube.value,
    owner,
    match: money ? null : matchView(awayMe, awayThem, cube.crawford),
    enabled: true,
    jacoby: length === 0 && cube.jacoby && cube.value === 1,
    beaver: length === 0 && cube.beaver,
    limit: length === 0 ? MONEY_CUBE_LIMIT : usefulCubeLimit(length, cube.score),
  };
}

/** A ranking with each play's chances, whatever the player's own kind of position. */
interface ValuedRanking {
  readonly plies: number;
  readonly top: number;
  readonly plays: readonly {
    readonly play: Play;
    readonly loss: number;
    readonly plies: number;
    readonly probs: Float64Array;
  }[];
}

/** How one player values the plays of a roll, as a hint of its rules does. */
interface Valuer {
  readonly bot: string;
  readonly maxPlies: number;
  readonly cubeful: boolean;
  /** Cubeless equity of the side the chances belong to. */
  readonly cubeless: CubelessEquity;
  /** `plays` (the engine's of `dice` in `pos`) ranked, searched `depth` deep. */
  rank(pos: Position, dice: Dice, plays: readonly Play[], depth: number): ValuedRanking;
  /** The side on roll's value when the roll cannot be played, at `plies`. */
  passValue(pos: Position, dice: Dice, plies: number): { value: number; probs: Float64Array };
  /** The side on roll's chances before the roll, at `plies`. */
  chances(pos: Position, plies: number): Float64Array;
}

/** The searched depths ranked (searchers.ts, as a hint ranks them), each play with its chances. */
function rankWith<P>(
  search: NplySearch<P>,
  ranked: SearchedPlay<P>[],
  depth: number,
  filters: readonly PlyFilter[],
  value: (r: SearchedPlay<P>) => number,
  playOf: (r: SearchedPlay<P>) => Play | undefined,
): ValuedRanking {
  const ranking = rankStages(searchStages(search, ranked, depth, filters), value, playOf);
  const plays = ranking.plays.map(({ r, play, loss }) => ({ play, loss, plies: r.plies, probs: r.probs }));
  return { plies: ranking.plies, top: ranking.top, plays };
}

function backgammonValuer(ev: Evaluator, bot: string, rules: Rules, ctx: CubeContext): Valuer {
  const search = backgammonSearchOf(ev, rules);
  const value = (probs: ArrayLike<number>, next: Int8Array): number =>
    toEquity(ctx, cubefulValue(probs, ctx, cubeLife(next)));
  return {
    bot,
    maxPlies: 2,
    cubeful: ctx.enabled,
    cubeless: equityUnder(rules.scoring),
    rank(pos, dice, plays, depth) {
      const root = search.evaluator.expansion();
      const ranked = search.rank(root, search.evaluator.expand(pos.board, dice[0], dice[1], root));
      // The fast generator's plays are the engine's; each is found by the board it leaves.
      const byBoard = new Map(plays.map((p) => [boardKey(p.next.board), p]));
      const playOf = (r: SearchedPlay<Int8Array>) => byBoard.get(boardKey(r.next));
      return rankWith(search, ranked, depth, BACKGAMMON_FILTERS, (r) => value(r.probs, r.next), playOf);
    },
    passValue(pos, _dice, plies) {
      const passed = Int8Array.from(pos.board.subarray(0, pos.board.length));
      swapHalves(passed);
      const probs = new Float64Array(OUTPUTS);
      search.evaluatePosition(passed, plies, probs);
      flipProbabilities(probs);
      return { value: value(probs, passed), probs };
    },
    chances(pos, plies) {
      const out = new Float64Array(OUTPUTS);
      search.evaluatePosition(pos.board, plies, out);
      return out;
    },
  };
}

function gameNetValuer(net: Network, bot: string, rules: Rules): Valuer {
  const { evaluator, search } = gameSearchOf(net, rules);
  const { candidates, window } = GAME_NET_LEVELS.master;
  const filters = [{ count: candidates, width: window }];
  // The net's own equity, as its search and a hint rank by (game-net/search.ts).
  const equity = equityOf;
  return {
    bot,
    maxPlies: 1,
    cubeful: false,
    cubeless: equity,
    rank(_pos, _dice, plays, depth) {
      const root = evaluator.expansion();
      const ranked = search.rank(root, evaluator.expandPlays(plays, root));
      return rankWith(
        search,
        ranked,
        depth,
        filters,
        (r) => equity(r.probs),
        (r) => plays[r.index],
      );
    },
    passValue(pos, dice, plies) {
      const passed = rules.pass(pos, dice);
      const probs = new Float64Array(OUTPUTS);
      search.evaluatePosition(passed, plies, probs);
      flipProbabilities(probs);
      return { value: equity(probs), probs };
    },
    chances(pos, plies) {
      const out = new Float64Array(OUTPUTS);
      search.evaluatePosition(pos, plies, out);
      return out;
    },
  };
}

type Loaded = { valuer: Valuer; ev: Evaluator | null };

/** The player that values the rules exactly, loaded (the committed weights, once per thread). */
async function valuerFor(q: BoardQuery): Promise<Result<Loaded, BoardRefusalCode>> {
  const { player, inexact } = playerFor(q.rules);
  if (inexact !== null) return err('ERR_HINT_RULES', `the bot cannot value these rules: ${player.name} ${inexact}`);
  if (q.rules.outcome(q.position) !== null) return err('ERR_GAME_OVER', 'the game is over in this position');
  if (player.values?.game === 'backgammon') {
    const ev = await trainedBackgammonEvaluator();
    return ok({ valuer: backgammonValuer(ev, player.name, q.rules, q.context), ev });
  }
  const net = await committedGameNet(q.rules.game);
  if (net === null) return err('ERR_NO_WEIGHTS', `no committed net for ${q.rules.game}`);
  return ok({ valuer: gameNetValuer(net, player.name, q.rules), ev: null });
}

function checkDice(pos: Position, dice: Dice): Result<Dice, 'ERR_DICE'> {
  if (!dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) return err('ERR_DICE', 'each die is 1 to 6');
  if (pos.run > 0 && (dice[0] !== pos.run || dice[1] !== pos.run)) {
    return err('ERR_DICE', `a gul bara run of ${pos.run}s is played with ${pos.run}-${pos.run}`);
  }
  return ok(dice);
}

const depthOf = (q: BoardQuery, v: Valuer): number => clampDepth(q.plies ?? v.maxPlies, v.maxPlies);

/** Every legal play of `dice` ranked, each with its chances. */
function rankedPlays(v: Valuer, q: BoardQuery, dice: Dice, plays: readonly Play[]) {
  const ranking = v.rank(q.position, dice, plays, depthOf(q, v));
  const positions = positionsAfter(q.rules, q.position, dice);
  const listed: BoardPlay[] = ranking.plays.map(({ play, loss, plies, probs }) => ({
    play: formatPlay(play.steps),
    position: positions(play),
    equity: ranking.top - loss,
    loss,
    plies,
    chances: chancesOf(probs),
  }));
  return { plies: ranking.plies, plays: listed };
}

/** Rolls of 36 with a legal play that hits a blot, for the side on roll of `pos`. */
function shotsOf(rules: Rules, pos: Position): number {
  let rolls = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = a; b <= 6; b++) {
      const hits = rules.legalPlays(pos, [a, b]).some((play) => play.steps.some((s) => s.hit));
      if (hits) rolls += a === b ? 1 : 2;
    }
  }
  return rolls;
}

function cubeDecisionOf(ev: Evaluator, q: BoardQuery) {
  const d = createCubeSearch(ev).decide(q.position.board, q.context, clampDepth(q.cubePlies ?? 1, 1));
  const proper = d.double ? (d.take ? 'double-take' : 'double-drop') : d.take ? 'no-double' : 'too-good';
  const answer = d.take ? (d.beaver ? 'beaver' : 'take') : 'drop';
  const decision: BoardCubeDecision = {
    plies: d.plies,
    mayDouble: d.mayDouble,
    noDouble: d.noDouble,
    doubleTake: d.doubleTake,
    doubleDrop: d.doubleDrop,
    proper,
    answer,
  };
  return { decision, probs: d.probs };
}

/**
 * The board's analysis of `q.position`: the chances before the roll, the cube decision
 * (backgammon with a cube), pips and shots, and with `dice` every legal play ranked. Searches
 * synchronously once the weights are loaded: a backgammon 2-ply ranking takes 0.1 to 0.9 s.
 */
export async function analysePosition(
  q: BoardQuery,
  dice: Dice | null,
): Promise<Result<PositionAnalysis, BoardRefusalCode>> {
  const loaded = await valuerFor(q);
  if (!loaded.ok) return loaded;
  const { valuer: v, ev } = loaded.value;
  if (dice !== null) {
    const checked = checkDice(q.position, dice);
    if (!checked.ok) return checked;
  }
  const cubePlies = clampDepth(q.cubePlies ?? 1, 1);
  const cube = ev !== null && q.context.enabled ? cubeDecisionOf(ev, q) : null;
  const probs = cube?.probs ?? v.chances(q.position, Math.min(cubePlies, v.maxPlies));
  const legal = dice === null ? [] : q.rules.legalPlays(q.position, dice);
  const ranked = dice === null ? null : rankedPlays(v, q, dice, legal);
  const rules = q.rules;
  return ok({
    game: rules.game,
    bot: v.bot,
    plies: ranked?.plies ?? 0,
    cubeful: v.cubeful,
    pips: rules.pips(q.position),
    shots: rules.hasBar
      ? { onRoll: shotsOf(rules, q.position), opponent: shotsOf(rules, rules.swapSides(q.position)) }
      : null,
    chances: chancesOf(probs),
    equity: v.cubeless(probs),
    cube: cube?.decision ?? null,
    plays: ranked?.plays ?? null,
    legal: legal.length,
  });
}

/** One roll of a temperature map: its best play (null when it cannot be played) and what it leaves. */
export interface TemperatureRoll {
  readonly dice: Dice;
  /** Ways out of 36: 1 for doubles, 2 otherwise. */
  readonly weight: 1 | 2;
  readonly play: string | null;
  readonly equity: number;
  readonly chances: Chances;
}

/** All 21 distinct rolls, larger die first, 6-6 down to 1-1 (the order gnubg draws its map in). */
export const TEMPERATURE_ROLLS: readonly Dice[] = (() => {
  const rolls: Dice[] = [];
  for (let a = 6; a >= 1; a--) for (let b = a; b >= 1; b--) rolls.push([a, b]);
  return rolls;
})();

/**
 * The best play of each of `rolls` in `q.position` (before its roll), searched as a ranking
 * of that roll is. A part of a temperature map: a caller may ask for the 21 rolls in pieces.
 */
export async function temperatureRolls(
  q: BoardQuery,
  rolls: readonly Dice[] = TEMPERATURE_ROLLS,
): Promise<Result<TemperatureRoll[], BoardRefusalCode>> {
  const loaded = await valuerFor(q);
  if (!loaded.ok) return loaded;
  if (q.position.run > 0) return err('ERR_DICE', 'a gul bara run has one roll, its own: no temperature map');
  const v = loaded.value.valuer;
  const out: TemperatureRoll[] = [];
  for (const dice of rolls) {
    const checked = checkDice(q.position, dice);
    if (!checked.ok) return checked;
    const weight = dice[0] === dice[1] ? 1 : 2;
    const legal = q.rules.legalPlays(q.position, dice);
    if (legal.length === 0) {
      const passed = v.passValue(q.position, dice, depthOf(q, v));
      out.push({ dice, weight, play: null, equity: passed.value, chances: chancesOf(passed.probs) });
      continue;
    }
    const best = rankedPlays(v, q, dice, legal).plays[0] as BoardPlay;
    out.push({ dice, weight, play: best.play, equity: best.equity, chances: best.chances });
  }
  return ok(out);
}

/** The average equity over the 36 rolls of a whole map: what the position is worth before the roll. */
export function averageEquity(rolls: readonly TemperatureRoll[]): number {
  let sum = 0;
  let weight = 0;
  for (const r of rolls) {
    sum += r.weight * r.equity;
    weight += r.weight;
  }
  return weight === 0 ? 0 : sum / weight;
}
