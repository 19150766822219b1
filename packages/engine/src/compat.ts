// Entering a play one checker move at a time, for a board that knows no rules (chessground's
// `movable.dests`). The board asks `sources` and `destinations`, reports the player's choice
// to `move`, and sends `play(turn)` once `isComplete(turn)`.
//
// Exactness: the player may enter the steps of any legal play, in any order in which every
// step is legal by the game's per-step model (`Rules.turnModel`), and nothing else. A step is
// offered only when some way of going on from it ends in a play of `rules.legalPlays`: the
// same resulting board, the same number of dice, and the larger die when only one die can be
// played. So the per-step rules (bar first, long nardy's head, fevga's first checker, plakoto
// pins, blocks judged after every step) and the rules judged on the whole play (max dice,
// larger die, fevga's prime, blocks judged at the end) both hold.
//
// A destination may need several dice (24 to 13 with 6-5). When several routes lead there,
// `move` takes the one with the fewest dice, then the most hits (hitting on the way is the
// usual intent; a player who does not want it moves one die at a time), then the smaller die
// first. So bearing off from 2 with 5-3 uses the 3, keeping the 5. `move` with a `die` plays
// exactly that one step instead.

import { boardKey, mine } from './board.js';
import { makePosition } from './position.js';
import { err, ok, type Result } from './result.js';
import type { Rules } from './rules.js';
import type { TurnModel } from './search.js';
import { diceList } from './standard.js';
import { BAR, type Dice, OFF, type Play, type Position, type Step } from './types.js';

/** The board between two steps, from the mover's view. */
export interface TurnState {
  readonly board: Int8Array;
  /** The model's per-turn counters (long nardy: head steps taken). */
  readonly counters: Int32Array;
  /** Dice not yet played, highest first. */
  readonly left: readonly number[];
}

/** What every turn value built from one `startTurn` shares. */
export interface TurnContext {
  readonly rules: Rules;
  readonly pos: Position;
  /** The roll as played: two dice, or four equal ones. */
  readonly dice: readonly number[];
  readonly model: TurnModel;
  readonly plays: readonly Play[];
  /** The legal plays by the mover's board right after them (before the sides swap). */
  readonly finals: ReadonlyMap<string, Play>;
  /** Dice every legal play uses. */
  readonly length: number;
  /** When only one die can be played and the larger can, that die; 0 otherwise. */
  readonly larger: number;
  /** Whether some legal play goes on from a state (by stateKey); a cache. */
  readonly viable: Map<string, boolean>;
}

/** A turn being entered. A value: `move` and `undo` return new turns. */
export interface Turn {
  readonly context: TurnContext;
  /** The state after each move so far; `states[0]` is the start of the turn. */
  readonly states: readonly TurnState[];
  /** The moves entered so far, each one checker's steps; `undo` takes back one move. */
  readonly moves: readonly (readonly Step[])[];
}

export type MoveErrorCode = 'ERR_ILLEGAL_MOVE';

interface Advance {
  readonly state: TurnState;
  readonly step: Step;
}

const stateKey = (s: TurnState): string => `${boardKey(s.board)}|${s.left.join('')}|${s.counters.join(',')}`;

/** One step of the checker on `from` by `die`, or null when the model forbids it. */
function advance(model: TurnModel, s: TurnState, from: number, die: number): Advance | null {
  if (mine(s.board, from) <= 0) return null;
  const i = s.left.indexOf(die);
  if (i < 0) return null;
  const to = model.target(s.board, from, die, s.counters);
  if (to < 0) return null;
  const board = s.board.slice();
  const counters = s.counters.slice();
  const hit = model.apply(board, from, to, counters);
  const left = [...s.left.slice(0, i), ...s.left.slice(i + 1)];
  return { state: { board, counters, left }, step: { from, to, die, hit } };
}

const distinct = (dice: readonly number[]): number[] => [...new Set(dice)];

function accepted(ctx: TurnContext, s: TurnState): boolean {
  if (ctx.length === 0 || ctx.dice.length - s.left.length !== ctx.length) return false;
  if (ctx.larger > 0 && s.left.includes(ctx.larger)) return false;
  return ctx.finals.has(boardKey(s.board));
}

/** Some sequence of steps from `s` ends in a legal play. */
function viable(ctx: TurnContext, s: TurnState): boolean {
  const key = stateKey(s);
  const known = ctx.viable.get(key);
  if (known !== undefined) return known;
  let result = accepted(ctx, s);
  if (!result && ctx.dice.length - s.left.length < ctx.length) {
    search: for (const die of distinct(s.left)) {
      for (let from = BAR; from >= 1; from--) {
        const next = advance(ctx.model, s, from, die);
        if (next && viable(ctx, next.state)) {
          result = true;
          break search;
        }
      }
    }
  }
  ctx.viable.set(key, result);
  return result;
}

function replay(model: TurnModel, start: TurnState, steps: readonly Step[]): TurnState {
  let s = start;
  for (const step of steps) {
    const next = advance(model, s, step.from, step.die);
    if (!next || next.step.to !== step.to) {
      throw new Error(`a legal play's step ${step.from}/${step.to} (die ${step.die}) breaks its own turn model`);
    }
    s = next.state;
  }
  return s;
}

/** Starts entering a play of `dice` from `pos`. Throws when the rules have no turn model. */
export function startTurn(rules: Rules, pos: Position, dice: Dice): Turn {
  if (!rules.turnModel) throw new Error(`the ${rules.game} rules have no turn model to enter plays step by step`);
  const model = rules.turnModel(pos, dice);
  const list = diceList(dice);
  const plays = rules.legalPlays(pos, dice);
  const start: TurnState = {
    board: pos.board.slice(),
    counters: new Int32Array(2),
    left: [...list].sort((a, b) => b - a),
  };
  const finals = new Map<string, Play>();
  for (const play of plays) finals.set(boardKey(replay(model, start, play.steps).board), play);
  const length = plays[0]?.steps.length ?? 0;
  const high = Math.max(...list);
  const onlyLarger = list.length === 2 && length === 1 && plays.every((p) => p.steps[0]?.die === high);
  const context: TurnContext = {
    rules,
    pos,
    dice: list,
    model,
    plays,
    finals,
    length,
    larger: onlyLarger && list[0] !== list[1] ? high : 0,
    viable: new Map(),
  };
  return { context, states: [start], moves: [] };
}

const current = (turn: Turn): TurnState => turn.states[turn.states.length - 1] as TurnState;

const hitsOf = (steps: readonly Step[]): number => steps.filter((s) => s.hit).length;

/** The route preference documented at the top: fewest dice, most hits, smaller die first. */
function better(a: readonly Step[], b: readonly Step[]): boolean {
  if (a.length !== b.length) return a.length < b.length;
  const hits = hitsOf(a) - hitsOf(b);
  if (hits !== 0) return hits > 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as Step).die - (b[i] as Step).die;
    if (d !== 0) return d < 0;
  }
  return false;
}

interface Route {
  readonly steps: readonly Step[];
  readonly state: TurnState;
}

/** The preferred route to every destination of the checker on `from`. */
function routesFrom(turn: Turn, from: number): Map<number, Route> {
  const ctx = turn.context;
  const best = new Map<number, Route>();
  const walk = (s: TurnState, at: number, steps: readonly Step[]): void => {
    for (const die of distinct(s.left)) {
      const next = advance(ctx.model, s, at, die);
      if (!next || !viable(ctx, next.state)) continue;
      const route: Route = { steps: [...steps, next.step], state: next.state };
      const to = next.step.to;
      const prev = best.get(to);
      if (!prev || better(route.steps, prev.steps)) best.set(to, route);
      if (to !== OFF) walk(next.state, to, route.steps);
    }
  };
  walk(current(turn), from, []);
  return best;
}

/** Points (25 = bar) holding a checker that can make the next step of some legal play, highest first. */
export function sources(turn: Turn): number[] {
  const ctx = turn.context;
  const s = current(turn);
  const out: number[] = [];
  const dice = distinct(s.left);
  for (let from = BAR; from >= 1; from--) {
    const movable = dice.some((die) => {
      const next = advance(ctx.model, s, from, die);
      return next !== null && viable(ctx, next.state);
    });
    if (movable) out.push(from);
  }
  return out;
}

/**
 * Every point the checker on `from` can reach with one or more of the dice left, on the way
 * to some legal play, highest first (0 = off). Empty when `from` is not a source.
 */
export function destinations(turn: Turn, from: number): number[] {
  return [...routesFrom(turn, from).keys()].sort((a, b) => b - a);
}

/**
 * Moves the checker on `from` to `to` by the preferred route (see the top of the file), or,
 * when `die` is given, by exactly one step of that die.
 */
export function move(turn: Turn, from: number, to: number, die?: number): Result<Turn, MoveErrorCode> {
  let route: Route | undefined;
  if (die === undefined) {
    route = routesFrom(turn, from).get(to);
  } else {
    const next = advance(turn.context.model, current(turn), from, die);
    if (next && next.step.to === to && viable(turn.context, next.state))
      route = { steps: [next.step], state: next.state };
  }
  if (!route) {
    const by = die === undefined ? '' : ` with a ${die}`;
    return err('ERR_ILLEGAL_MOVE', `moving from ${from} to ${to}${by} leads to no legal play of this roll`);
  }
  return ok({ context: turn.context, states: [...turn.states, route.state], moves: [...turn.moves, route.steps] });
}

/** Takes back the last move; the turn itself when nothing was moved. */
export function undo(turn: Turn): Turn {
  if (turn.moves.length === 0) return turn;
  return { context: turn.context, states: turn.states.slice(0, -1), moves: turn.moves.slice(0, -1) };
}

/** The roll cannot be played at all: the turn passes (`rules.pass`). */
export function mustPass(turn: Turn): boolean {
  return turn.context.plays.length === 0;
}

/** The steps entered make a legal play (or there is none to make). */
export function isComplete(turn: Turn): boolean {
  return mustPass(turn) || accepted(turn.context, current(turn));
}

/**
 * The legal play the steps make, exactly as `rules.legalPlays` gives it (its steps are one
 * representative order, which `formatPlay` and `matchPlay` agree on), or null while the turn
 * is not complete or when it must pass.
 */
export function play(turn: Turn): Play | null {
  if (!isComplete(turn) || mustPass(turn)) return null;
  return turn.context.finals.get(boardKey(current(turn).board)) ?? null;
}

/** The steps entered so far, in the order they were made. */
export function stepsOf(turn: Turn): Step[] {
  return turn.moves.flat();
}

/** The position to draw: the mover still on roll, with the steps so far made. */
export function currentPosition(turn: Turn): Position {
  const { pos } = turn.context;
  return makePosition(pos.game, current(turn).board.slice(), pos.turns, pos.run, pos.ended);
}

/** The dice as rolled (four for doubles) and which of them the steps so far have used. */
export function diceOf(turn: Turn): { readonly values: readonly number[]; readonly used: readonly boolean[] } {
  const values = turn.context.dice;
  const used = values.map(() => false);
  for (const step of stepsOf(turn)) {
    const i = values.findIndex((d, k) => d === step.die && !used[k]);
    if (i >= 0) used[i] = true;
  }
  return { values, used };
}
