import { boardKey, mine } from './board.js';
import type { Step } from './types.js';

/**
 * What a game tells the shared play generator. Boards are scratch copies owned by the
 * search; `apply` mutates them in place. Counters in `turn` are per-turn state a game
 * needs (long nardy's head moves) and are part of the search key.
 */
export interface TurnModel {
  readonly boardLength: number;
  /** Destination of moving one checker of the side on roll from `from` by `die`, or -1. */
  target(b: Int8Array, from: number, die: number, turn: Int32Array): number;
  /** Moves one checker in place; returns true when it hit or pinned. */
  apply(b: Int8Array, from: number, to: number, turn: Int32Array): boolean;
  /**
   * A rule judged on the finished play only. When present, every prefix of a sequence is a
   * candidate play, and the maximum-dice rule is counted over accepted candidates.
   */
  acceptFinal?(b: Int8Array): boolean;
}

export interface RawPlay {
  readonly board: Int8Array;
  readonly steps: Step[];
  readonly used: number;
  readonly usedLarger: boolean;
}

const MAX_STEPS = 4;

/**
 * A search state as a string: the board's bytes, then the dice used and the turn's counters, one
 * character each (the board has a fixed length, and the mask and counters are small), so that
 * no number is written out in decimal at every node.
 */
function searchKey(b: Int8Array, mask: number, turn: Int32Array): string {
  return boardKey(b) + String.fromCharCode(mask, turn[0] as number, turn[1] as number);
}

/**
 * All plays of `dice` (two different dice, or four equal ones) from `start`, deduplicated by
 * the resulting board, filtered by the maximum-dice rule and, when only one of two
 * different dice can be played, by the larger-die rule. Sequences are explored in every die
 * order; states already seen with the same dice left are not explored again.
 */
export function generatePlays(model: TurnModel, start: Int8Array, dice: readonly number[]): RawPlay[] {
  const n = dice.length;
  if (n > MAX_STEPS) throw new Error(`at most ${MAX_STEPS} dice in one search`);
  const isDouble = n > 2 || (n === 2 && dice[0] === dice[1]);
  const larger = Math.max(...dice);
  const boards: Int8Array[] = [];
  for (let i = 0; i <= n; i++) boards.push(new Int8Array(model.boardLength));
  (boards[0] as Int8Array).set(start);
  const turn = new Int32Array(2);
  const path: Step[] = [];
  const seen = new Set<string>();
  const found = new Map<string, RawPlay>();
  const remaining = dice.slice();
  const final = model.acceptFinal?.bind(model);

  const record = (b: Int8Array, used: number): void => {
    if (final && !final(b)) return;
    const key = boardKey(b);
    const usedLarger = path.some((s) => s.die === larger);
    const prev = found.get(key);
    if (prev && (prev.used > used || (prev.used === used && (prev.usedLarger || !usedLarger)))) return;
    found.set(key, { board: b.slice(), steps: path.slice(), used, usedLarger });
  };

  const dfs = (depth: number, mask: number): void => {
    const b = boards[depth] as Int8Array;
    const key = searchKey(b, mask, turn);
    if (seen.has(key)) return;
    seen.add(key);
    const child = boards[depth + 1] as Int8Array;
    let moved = false;
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i)) continue;
      const die = remaining[i] as number;
      // Equal dice are interchangeable: only try the first unused one.
      if (isDouble && i > 0 && !(mask & (1 << (i - 1)))) continue;
      if (!isDouble && i > 0 && die === remaining[0] && !(mask & 1)) continue;
      for (let from = 25; from >= 1; from--) {
        if (mine(b, from) <= 0) continue;
        const to = model.target(b, from, die, turn);
        if (to < 0) continue;
        moved = true;
        child.set(b);
        const t0 = turn[0] as number;
        const t1 = turn[1] as number;
        const hit = model.apply(child, from, to, turn);
        path.push({ from, to, die, hit });
        dfs(depth + 1, mask | (1 << i));
        path.pop();
        turn[0] = t0;
        turn[1] = t1;
      }
    }
    if (final ? true : !moved) record(b, depth);
  };

  dfs(0, 0);
  let maxUsed = 0;
  for (const p of found.values()) if (p.used > maxUsed) maxUsed = p.used;
  if (maxUsed === 0) return [];
  let plays = [...found.values()].filter((p) => p.used === maxUsed);
  if (!isDouble && maxUsed === 1 && plays.some((p) => p.usedLarger)) plays = plays.filter((p) => p.usedLarger);
  return plays;
}

/** The board's one scratch turn counter for `playExists`' first steps (a target never changes it). */
const FIRST_TURN = new Int32Array(2);

/**
 * Whether `generatePlays` would find any play, without generating them: the maximum-dice and
 * larger-die rules only choose among plays, so one exists as soon as a first step does. A
 * game judging the finished play (`acceptFinal`) needs a sequence it accepts: that search
 * stops at the first one found.
 */
export function playExists(model: TurnModel, start: Int8Array, dice: readonly number[]): boolean {
  if (model.acceptFinal) return acceptedPlayExists(model, model.acceptFinal.bind(model), start, dice);
  FIRST_TURN.fill(0);
  const n = dice[0] === dice[1] ? 1 : dice.length;
  for (let i = 0; i < n; i++) {
    const die = dice[i] as number;
    for (let from = 25; from >= 1; from--) {
      if (mine(start, from) > 0 && model.target(start, from, die, FIRST_TURN) >= 0) return true;
    }
  }
  return false;
}

/** The search of `generatePlays` for a model with `acceptFinal`, ending at the first accepted sequence of a step or more. */
function acceptedPlayExists(
  model: TurnModel,
  accept: (b: Int8Array) => boolean,
  start: Int8Array,
  dice: readonly number[],
): boolean {
  const n = dice.length;
  const isDouble = n > 2 || (n === 2 && dice[0] === dice[1]);
  const boards: Int8Array[] = [];
  for (let i = 0; i <= n; i++) boards.push(new Int8Array(model.boardLength));
  (boards[0] as Int8Array).set(start);
  const turn = new Int32Array(2);
  const seen = new Set<string>();

  const dfs = (depth: number, mask: number): boolean => {
    const b = boards[depth] as Int8Array;
    if (depth > 0 && accept(b)) return true;
    const key = searchKey(b, mask, turn);
    if (seen.has(key)) return false;
    seen.add(key);
    const child = boards[depth + 1] as Int8Array;
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i)) continue;
      const die = dice[i] as number;
      if (isDouble && i > 0 && !(mask & (1 << (i - 1)))) continue;
      if (!isDouble && i > 0 && die === dice[0] && !(mask & 1)) continue;
      for (let from = 25; from >= 1; from--) {
        if (mine(b, from) <= 0) continue;
        const to = model.target(b, from, die, turn);
        if (to < 0) continue;
        child.set(b);
        const t0 = turn[0] as number;
        const t1 = turn[1] as number;
        model.apply(child, from, to, turn);
        const found = dfs(depth + 1, mask | (1 << i));
        turn[0] = t0;
        turn[1] = t1;
        if (found) return true;
      }
    }
    return false;
  };

  return dfs(0, 0);
}
