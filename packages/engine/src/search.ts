import { mine } from './board.js';
import { finishHash, hashWords, RowTable, wordsOf } from './search-table.js';
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
/** What a search state adds to its board's words: the mask of dice used and the turn's two counters. */
const STATE_EXTRA = 3;
/** A step as the search keeps it: from, to, die, and 1 when it hit. */
const STEP_FIELDS = 4;
const PLAY_FIELDS = MAX_STEPS * STEP_FIELDS;
const HASH_SEED = 0x2545f491;
const NO_MODEL: TurnModel = { boardLength: 0, target: () => -1, apply: () => false };

/**
 * The scratch of the play search for boards of one length, kept from call to call (the
 * engine runs one search at a time in a worker; `busy` covers a search started inside
 * another). Boards are never turned into strings: each depth's board shares its memory with
 * int32 words (the board's bytes, zero padding, then room for a search state's extras), which
 * the tables hash and compare.
 *
 * A state's exploration depends only on the state (board, dice used, turn counters), and
 * every board it records ends up in `found`, with a rank (dice used, larger die used) that
 * the state fixes too: the mask says which dice the path used. So exploring a state again
 * records nothing new and moves no play in the order, and `seen` only saves work. It saves
 * none, and is skipped, for a state with every die used (it explores nothing and only
 * records: one lookup in `found` either way), and so for every state of two different dice:
 * the states after one step differ by the checker moved (a step takes one checker off its
 * point `from`, so two different points moved from leave two different counts).
 */
class PlaySearch {
  readonly words: number;
  readonly boards: Int8Array[] = [];
  readonly keys: Int32Array[] = [];
  readonly turn = new Int32Array(2);
  readonly seen: RowTable;
  readonly found: RowTable;
  /** The steps that led to the node being explored, STEP_FIELDS per depth. */
  readonly path = new Int32Array(PLAY_FIELDS);
  /** Per row of `found`: the dice its play used, 1 when the larger die was one, and its steps. */
  used = new Int8Array(64);
  usedLarger = new Uint8Array(64);
  steps = new Int32Array(64 * PLAY_FIELDS);
  readonly dice: number[] = [0, 0, 0, 0];
  model: TurnModel = NO_MODEL;
  n = 0;
  isDouble = false;
  larger = 0;
  checkSeen = false;
  judged = false;
  busy = false;

  constructor(readonly boardLength: number) {
    this.words = wordsOf(boardLength);
    for (let i = 0; i <= MAX_STEPS; i++) {
      const memory = new ArrayBuffer((this.words + STATE_EXTRA) * 4);
      this.boards.push(new Int8Array(memory, 0, boardLength));
      this.keys.push(new Int32Array(memory));
    }
    this.seen = new RowTable(this.words + STATE_EXTRA);
    this.found = new RowTable(this.words);
  }

  start(model: TurnModel, start: Int8Array, dice: readonly number[]): void {
    const n = dice.length;
    this.model = model;
    this.n = n;
    let larger = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const die = dice[i] as number;
      this.dice[i] = die;
      if (die > larger) larger = die;
    }
    this.larger = larger;
    this.isDouble = n > 2 || (n === 2 && dice[0] === dice[1]);
    this.checkSeen = this.isDouble;
    this.judged = model.acceptFinal !== undefined;
    const board = this.boards[0] as Int8Array;
    if (start.length < this.boardLength) board.fill(0);
    board.set(start);
    this.turn.fill(0);
    this.seen.reset();
    this.found.reset();
  }

  /** Whether the state (board at `depth`, hashed `boardHash`, `mask`, counters) is new; adds it. */
  firstVisit(depth: number, boardHash: number, mask: number): boolean {
    const key = this.keys[depth] as Int32Array;
    const w = this.words;
    key[w] = mask;
    key[w + 1] = this.turn[0] as number;
    key[w + 2] = this.turn[1] as number;
    this.seen.addOrFind(key, finishHash(hashWords(boardHash, key, w, STATE_EXTRA)));
    return this.seen.added;
  }

  explore(depth: number, mask: number): void {
    const b = this.boards[depth] as Int8Array;
    const visits = this.checkSeen && depth < this.n;
    let boardHash = 0;
    if (visits || this.judged) boardHash = hashWords(HASH_SEED, this.keys[depth] as Int32Array, 0, this.words);
    if (visits && !this.firstVisit(depth, boardHash, mask)) return;
    const { model, turn, path, dice, n, isDouble } = this;
    const child = this.boards[depth + 1] as Int8Array;
    const at = depth * STEP_FIELDS;
    let moved = false;
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i)) continue;
      const die = dice[i] as number;
      // Equal dice are interchangeable: only try the first unused one.
      if (isDouble && i > 0 && !(mask & (1 << (i - 1)))) continue;
      if (!isDouble && i > 0 && die === dice[0] && !(mask & 1)) continue;
      for (let from = 25; from >= 1; from--) {
        if (mine(b, from) <= 0) continue;
        const to = model.target(b, from, die, turn);
        if (to < 0) continue;
        moved = true;
        child.set(b);
        const t0 = turn[0] as number;
        const t1 = turn[1] as number;
        path[at] = from;
        path[at + 1] = to;
        path[at + 2] = die;
        path[at + 3] = model.apply(child, from, to, turn) ? 1 : 0;
        this.explore(depth + 1, mask | (1 << i));
        turn[0] = t0;
        turn[1] = t1;
      }
    }
    if (this.judged) this.record(depth, boardHash);
    else if (!moved) {
      this.record(depth, visits ? boardHash : hashWords(HASH_SEED, this.keys[depth] as Int32Array, 0, this.words));
    }
  }

  /**
   * Keeps the board at `depth` as a play of `depth` steps, or as a better path to a board
   * already found (more dice, or the larger die where the first path did without): the
   * board keeps its place in the order.
   */
  record(depth: number, boardHash: number): void {
    if (this.judged && !this.model.acceptFinal?.(this.boards[depth] as Int8Array)) return;
    const path = this.path;
    let usedLarger = 0;
    for (let k = 0; k < depth; k++) if (path[k * STEP_FIELDS + 2] === this.larger) usedLarger = 1;
    const row = this.found.addOrFind(this.keys[depth] as Int32Array, finishHash(boardHash));
    if (this.found.added) {
      if (row >= this.used.length) this.growPlays();
    } else {
      const used = this.used[row] as number;
      if (used > depth || (used === depth && (this.usedLarger[row] === 1 || usedLarger === 0))) return;
    }
    this.used[row] = depth;
    this.usedLarger[row] = usedLarger;
    const steps = this.steps;
    const at = row * PLAY_FIELDS;
    for (let k = 0; k < depth * STEP_FIELDS; k++) steps[at + k] = path[k] as number;
  }

  growPlays(): void {
    const used = new Int8Array(this.used.length * 2);
    used.set(this.used);
    const usedLarger = new Uint8Array(used.length);
    usedLarger.set(this.usedLarger);
    const steps = new Int32Array(used.length * PLAY_FIELDS);
    steps.set(this.steps);
    this.used = used;
    this.usedLarger = usedLarger;
    this.steps = steps;
  }

  /** The plays found that the maximum-dice and larger-die rules keep, in the order found. */
  plays(): RawPlay[] {
    const { used, usedLarger } = this;
    const size = this.found.size;
    let maxUsed = 0;
    for (let r = 0; r < size; r++) if ((used[r] as number) > maxUsed) maxUsed = used[r] as number;
    if (maxUsed === 0) return [];
    let largerOnly = false;
    if (!this.isDouble && maxUsed === 1) {
      for (let r = 0; r < size; r++) if (used[r] === 1 && usedLarger[r] === 1) largerOnly = true;
    }
    const plays: RawPlay[] = [];
    for (let r = 0; r < size; r++) {
      if (used[r] === maxUsed && (!largerOnly || usedLarger[r] === 1)) plays.push(this.play(r, maxUsed));
    }
    return plays;
  }

  play(row: number, used: number): RawPlay {
    const at = row * this.words * 4;
    const board = this.found.bytes.slice(at, at + this.boardLength);
    const steps: Step[] = [];
    for (let k = 0; k < used; k++) {
      const s = row * PLAY_FIELDS + k * STEP_FIELDS;
      const { steps: all } = this;
      steps.push({
        from: all[s] as number,
        to: all[s + 1] as number,
        die: all[s + 2] as number,
        hit: all[s + 3] === 1,
      });
    }
    return { board, steps, used, usedLarger: this.usedLarger[row] === 1 };
  }

  /** `explore` for `acceptedPlayExists`: true at the first sequence of a step or more that the model accepts. */
  accepts(depth: number, mask: number): boolean {
    const b = this.boards[depth] as Int8Array;
    if (depth > 0 && this.model.acceptFinal?.(b)) return true;
    if (this.checkSeen && depth < this.n) {
      const boardHash = hashWords(HASH_SEED, this.keys[depth] as Int32Array, 0, this.words);
      if (!this.firstVisit(depth, boardHash, mask)) return false;
    }
    const { model, turn, dice, n, isDouble } = this;
    const child = this.boards[depth + 1] as Int8Array;
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
        const found = this.accepts(depth + 1, mask | (1 << i));
        turn[0] = t0;
        turn[1] = t1;
        if (found) return true;
      }
    }
    return false;
  }
}

const searches = new Map<number, PlaySearch>();

/** The kept scratch for boards of `boardLength`, or a new one while it is in use. */
function searchFor(boardLength: number): PlaySearch {
  const kept = searches.get(boardLength);
  if (kept && !kept.busy) return kept;
  const made = new PlaySearch(boardLength);
  if (!kept) searches.set(boardLength, made);
  return made;
}

/**
 * All plays of `dice` (two different dice, or four equal ones) from `start`, deduplicated by
 * the resulting board, filtered by the maximum-dice rule and, when only one of two
 * different dice can be played, by the larger-die rule. Sequences are explored in every die
 * order; states already seen with the same dice left are not explored again.
 */
export function generatePlays(model: TurnModel, start: Int8Array, dice: readonly number[]): RawPlay[] {
  if (dice.length > MAX_STEPS) throw new Error(`at most ${MAX_STEPS} dice in one search`);
  const search = searchFor(model.boardLength);
  search.busy = true;
  try {
    search.start(model, start, dice);
    search.explore(0, 0);
    return search.plays();
  } finally {
    search.model = NO_MODEL;
    search.busy = false;
  }
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
  if (model.acceptFinal) return acceptedPlayExists(model, start, dice);
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
function acceptedPlayExists(model: TurnModel, start: Int8Array, dice: readonly number[]): boolean {
  if (dice.length > MAX_STEPS) throw new Error(`at most ${MAX_STEPS} dice in one search`);
  const search = searchFor(model.boardLength);
  search.busy = true;
  try {
    search.start(model, start, dice);
    return search.accepts(0, 0);
  } finally {
    search.model = NO_MODEL;
    search.busy = false;
  }
}
