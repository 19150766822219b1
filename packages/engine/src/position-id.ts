import { createBackgammon } from './games/backgammon.js';
import { makePosition } from './position.js';
import { err, type Result } from './result.js';
import type { PositionErrorCode } from './rules.js';
import { BAR, BOARD_LENGTH, CHECKERS, type Position, THEM } from './types.js';

/**
 * gnubg's Position ID (spec backgammon.md §12.1): for each side, points 1..24 then the bar,
 * a `1` per checker and a `0` after each point; 80 bits packed least significant bit first
 * into 10 bytes, Base64 without padding. gnubg writes the side NOT on roll first (checked
 * against gnubg 1.07, see test/fixtures/gnubg-position-ids.json). Borne-off checkers are
 * not written: they are 15 minus those on the board and bar.
 */
export type PositionIdErrorCode = 'ERR_POSITION_ID' | PositionErrorCode;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ID_LENGTH = 14;
const BYTES = 10;
const BITS = BYTES * 8;
/** Sides in the order gnubg writes them: the opponent, then the side on roll. */
const SIDE_ORDER = [THEM, 0] as const;

const backgammon = createBackgammon();

/** The ID of the checkers of a position (the first 52 bytes; turns and game extras are not part of it). */
export function makePositionId(pos: Position): string {
  const bytes = new Uint8Array(BYTES);
  let bit = 0;
  const one = (): void => {
    if (bit >= BITS) throw new Error('more checkers than a Position ID holds');
    bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) | (1 << (bit & 7));
    bit++;
  };
  for (const base of SIDE_ORDER) {
    for (let p = 1; p <= BAR; p++) {
      for (let n = pos.board[base + p] ?? 0; n > 0; n--) one();
      bit++;
    }
  }
  if (bit > BITS) throw new Error('more checkers than a Position ID holds');
  return encodeBase64(bytes);
}

/** Reads a Position ID into a backgammon position (turn counters 0). */
export function parsePositionId(id: string): Result<Position, PositionIdErrorCode> {
  if (typeof id !== 'string' || id.length !== ID_LENGTH) {
    return err('ERR_POSITION_ID', `a Position ID has ${ID_LENGTH} characters, got ${describe(id)}`);
  }
  const bytes = decodeBase64(id);
  if (typeof bytes === 'string') return err('ERR_POSITION_ID', `Position ID ${id}: ${bytes}`);
  const board = new Int8Array(BOARD_LENGTH);
  let bit = 0;
  const next = (): number => ((bytes[bit >> 3] ?? 0) >> (bit++ & 7)) & 1;
  for (const base of SIDE_ORDER) {
    const who = base === 0 ? 'side on roll' : 'side not on roll';
    let counted = 0;
    for (let p = 1; p <= BAR; p++) {
      let here = 0;
      for (;;) {
        if (bit >= BITS) return err('ERR_POSITION_ID', `Position ID ${id}: the bits end before the ${who}'s bar`);
        if (next() === 0) break;
        if (++counted > CHECKERS) {
          return err('ERR_CHECKER_COUNT', `Position ID ${id}: the ${who} has more than ${CHECKERS} checkers`);
        }
        here++;
      }
      board[base + p] = here;
    }
    board[base] = CHECKERS - counted;
  }
  while (bit < BITS) {
    if (next() === 1) return err('ERR_POSITION_ID', `Position ID ${id}: bit ${bit - 1} after both sides is set`);
  }
  return backgammon.validate(makePosition('backgammon', board));
}

function describe(id: unknown): string {
  return typeof id === 'string' ? `${id.length}: ${JSON.stringify(id)}` : typeof id;
}

function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const chunk = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(chunk >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The 10 bytes of a 14-character ID, or why it is not one. */
function decodeBase64(id: string): Uint8Array | string {
  const bytes = new Uint8Array(BYTES);
  let acc = 0;
  let held = 0;
  let at = 0;
  for (let i = 0; i < id.length; i++) {
    const v = ALPHABET.indexOf(id.charAt(i));
    if (v < 0) return `character ${i + 1} (${JSON.stringify(id.charAt(i))}) is not Base64`;
    acc = ((acc << 6) | v) & 0xfff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      bytes[at++] = (acc >> held) & 0xff;
    }
  }
  // 14 characters carry 84 bits; the last 4 are padding and must be 0 so that each
  // position has exactly one ID.
  if ((acc & ((1 << held) - 1)) !== 0) return 'the padding bits of the last character are not 0';
  return bytes;
}
