import { CONTACT, classify, type Evaluator, RACE, seededRandom } from '@zar/bot';
import { BOARD_LENGTH, createFastPlayGenerator, fastPlaysBuffer, swapHalves } from '@zar/engine';
import { playGame, rollDie, selfPlayScratch } from './selfplay.js';

/** What decides which positions a label set holds: the same options draw the same positions. */
export interface DrawOptions {
  /** How many distinct positions. */
  readonly positions: number;
  readonly seed: number;
  /** The share of game positions whose every legal child, for one fresh roll, joins the set. */
  readonly childrenShare: number;
  /** How often a self-play turn plays a near-best play instead of the best (see `playGame`). */
  readonly explore: number;
}

export interface DrawnPositions {
  readonly boards: Int8Array;
  readonly count: number;
  readonly games: number;
  /** Of `count`: positions of the games themselves, and children of their positions. */
  readonly fromGames: number;
  readonly children: number;
  /** Positions drawn again and left out. */
  readonly duplicates: number;
}

/**
 * Positions for a teacher to label: those of 0-ply self-play games of `ev` (the positions the
 * bot reaches), and, for a share of them, every legal child of one roll (the positions a
 * decision compares, good and bad plays alike, which self-play alone never visits). Each board
 * is kept once, from the side on roll's view; only positions the nets judge are kept (contact
 * and race: bearoffs come from the database, finished games are exact). Everything random
 * comes from `o.seed`.
 */
export function drawPositions(ev: Evaluator, o: DrawOptions): DrawnPositions {
  const random = seededRandom(o.seed);
  const scratch = selfPlayScratch();
  const gen = createFastPlayGenerator();
  const plays = fastPlaysBuffer();
  const child = new Int8Array(BOARD_LENGTH);
  const set = boardSet(o.positions);
  let games = 0;
  let fromGames = 0;
  let children = 0;
  let duplicates = 0;
  const keep = (b: Int8Array): boolean => {
    const cls = classify(b);
    if (cls !== CONTACT && cls !== RACE) return false;
    if (set.add(b)) return true;
    duplicates++;
    return false;
  };
  while (set.count < o.positions) {
    const n = playGame(ev, random, scratch, o.explore);
    games++;
    // The last board is the finished game.
    for (let t = 0; t < n - 1 && set.count < o.positions; t++) {
      const b = scratch.boards.subarray(t * BOARD_LENGTH, (t + 1) * BOARD_LENGTH);
      if (keep(b)) fromGames++;
      if (random() >= o.childrenShare) continue;
      const d1 = rollDie(random);
      const d2 = rollDie(random);
      const k = gen.generate(b, d1, d2, plays);
      for (let j = 0; j < k && set.count < o.positions; j++) {
        child.set(plays.subarray(j * BOARD_LENGTH, (j + 1) * BOARD_LENGTH));
        swapHalves(child);
        if (keep(child)) children++;
      }
    }
  }
  return { boards: set.boards, count: set.count, games, fromGames, children, duplicates };
}

/** A set of boards, in the order added: a hash table of indices into the boards themselves. */
export interface BoardSet {
  readonly boards: Int8Array;
  readonly count: number;
  /** Adds `board` unless it is there already (or the set is full); whether it was added. */
  add(board: Int8Array): boolean;
}

export function boardSet(capacity: number): BoardSet {
  const boards = new Int8Array(capacity * BOARD_LENGTH);
  let size = 16;
  while (size < 2 * capacity) size *= 2;
  const mask = size - 1;
  // Index + 1 of the board in each slot; 0 is empty.
  const slots = new Int32Array(size);
  let count = 0;
  const same = (at: number, b: Int8Array): boolean => {
    for (let i = 0; i < BOARD_LENGTH; i++) if (boards[at + i] !== b[i]) return false;
    return true;
  };
  return {
    boards,
    get count() {
      return count;
    },
    add(b) {
      let slot = hashBoard(b) & mask;
      for (let i = slots[slot] as number; i !== 0; i = slots[slot] as number) {
        if (same((i - 1) * BOARD_LENGTH, b)) return false;
        slot = (slot + 1) & mask;
      }
      if (count === capacity) return false;
      boards.set(b.subarray(0, BOARD_LENGTH), count * BOARD_LENGTH);
      slots[slot] = ++count;
      return true;
    },
  };
}

/** FNV-1a over the board's 52 bytes. */
function hashBoard(b: Int8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < BOARD_LENGTH; i++) h = Math.imul(h ^ ((b[i] as number) & 0xff), 0x01000193);
  return h >>> 0;
}
