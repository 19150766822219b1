/*
 * The play search as it was with string keys (a string per search state, a Set and a Map keyed
 * by strings), kept as the oracle for src/search.ts: the fast search must find the same plays,
 * in the same order, with the same steps. Not used by the engine.
 */
import { boardKey, mine } from '../../src/board.js';
import type { RawPlay, TurnModel } from '../../src/search.js';
import type { Step } from '../../src/types.js';

const MAX_STEPS = 4;

function searchKey(b: Int8Array, mask: number, turn: Int32Array): string {
  return boardKey(b) + String.fromCharCode(mask, turn[0] as number, turn[1] as number);
}

export function referencePlays(model: TurnModel, start: Int8Array, dice: readonly number[]): RawPlay[] {
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

/** Whether the string-keyed search finds a sequence of a step or more that `model.acceptFinal` accepts. */
export function referenceAcceptedPlayExists(model: TurnModel, start: Int8Array, dice: readonly number[]): boolean {
  const accept = model.acceptFinal?.bind(model);
  if (!accept) throw new Error('the model judges no finished play');
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
