import { borneOff, mine, pipsOf, theirs } from '../board.js';
import { makePosition, swapPosition } from '../position.js';
import { err, ok, type Result } from '../result.js';
import type { PositionErrorCode, Rules } from '../rules.js';
import {
  bearOffTarget,
  borneOffOutcome,
  GAMMON_SCORING,
  NO_EARLY_ENDING,
  passTurn,
  validateShared,
} from '../standard.js';
import { BOARD_LENGTH, CHECKERS, type GameId, type Position, THEM } from '../types.js';

/*
 * Helpers for the games where both sides travel the same way round the board (long nardy,
 * fevga, gul bara). The opponent's point q is my q+12 (q <= 12) or q-12, and the mapping
 * is its own inverse. Any opposing checker blocks a point; nobody is hit.
 */

/** The start point of every checker, and long nardy's head. */
export const HEAD = 24;

/** The same physical point in the other side's numbering (either direction). */
export function across(q: number): number {
  return q <= 12 ? q + 12 : q - 12;
}

/** Opponent's checkers on the physical point that is my point q (1..24). */
export function theirsOn(b: Int8Array, q: number): number {
  return theirs(b, across(q));
}

/** Destination of one step by the side on roll: blocked by any opposing checker; bear-off as usual. */
export function stepTarget(b: Int8Array, from: number, die: number): number {
  const to = from - die;
  if (to >= 1) return theirsOn(b, to) > 0 ? -1 : to;
  return bearOffTarget(b, from, die);
}

/** Moves one checker of the side on roll in place (to = 0 bears it off). */
export function moveChecker(b: Int8Array, from: number, to: number): void {
  b[from] = (b[from] ?? 0) - 1;
  b[to] = (b[to] ?? 0) + 1;
}

const BLOCK = 6;

/**
 * Whether the side on roll has a block of six or more that no opposing checker is ahead of
 * (long-nardy.md §4). Consecutive means along the opponent's path, so points are walked in
 * his numbering h = 1..24 (my 13..24, then my 1..12): a block may wrap across my 1/24
 * corner, but not across my 13|12, which are his 1 and his 24. An opposing checker is
 * ahead when it stands on a lower point of his numbering than the block's front, or is off.
 */
export function hasForbiddenBlock(b: Int8Array): boolean {
  if (borneOff(b, 'opponent') > 0) return false;
  let run = 0;
  // Walking from his 1 upward, `theirsLower` says whether one of his checkers stands below
  // the run being counted (his checkers only stand on points that are not mine).
  let theirsLower = false;
  for (let h = 1; h <= 24; h++) {
    if (mine(b, across(h)) > 0) {
      run++;
      continue;
    }
    if (run >= BLOCK && !theirsLower) return true;
    run = 0;
    if (theirs(b, h) > 0) theirsLower = true;
  }
  return run >= BLOCK && !theirsLower;
}

/** The position every same-direction game starts from: 15 checkers a side on the head. */
export function headStart(game: GameId): Position {
  const b = new Int8Array(BOARD_LENGTH);
  b[HEAD] = CHECKERS;
  b[THEM + HEAD] = CHECKERS;
  return makePosition(game, b);
}

/**
 * Checks shared by the same-direction games: the shared checks (15 a side, no bar), no
 * point held by both sides, and a doubles-run value the game allows.
 */
export function validateSameDirection(
  game: GameId,
  pos: Position,
  runAllowed: (run: number) => boolean = (run) => run === 0,
): Result<Position, PositionErrorCode> {
  if (pos.game !== game) return err('ERR_WRONG_GAME', `expected a ${game} position, got ${pos.game}`);
  const shared = validateShared(pos, BOARD_LENGTH, false);
  if (!shared.ok) return shared;
  for (let q = 1; q <= 24; q++) {
    if (mine(pos.board, q) > 0 && theirsOn(pos.board, q) > 0) {
      return err('ERR_SHARED_POINT', `both sides have checkers on point ${q} (the opponent's ${across(q)})`);
    }
  }
  if (!Number.isInteger(pos.run) || !runAllowed(pos.run)) {
    return err('ERR_RUN', `${game} does not allow a doubles run value of ${String(pos.run)}`);
  }
  return ok(pos);
}

/**
 * The members every same-direction game shares: no bar, no cube, no pins, 1 or 2 points;
 * the opening and later games as the game's options say.
 */
export function sameDirectionBasics(
  game: GameId,
  customs: Pick<Rules, 'openingRoll' | 'laterGames'>,
): Omit<Rules, 'options' | 'validate' | 'legalPlays' | 'hasPlay'> {
  return {
    game,
    direction: 'same',
    hasBar: false,
    hasCube: false,
    hasPins: false,
    openingRoll: customs.openingRoll,
    laterGames: customs.laterGames,
    scoring: GAMMON_SCORING,
    earlyEnding: NO_EARLY_ENDING,
    maxPoints: 2,
    start: () => headStart(game),
    pass: (pos) => passTurn(pos, pos.board.slice()),
    outcome: (pos) => borneOffOutcome(pos, GAMMON_SCORING, null),
    swapSides: (pos) => swapPosition(pos),
    pips: (pos) => [pipsOf(pos.board, 0), pipsOf(pos.board, THEM)],
    theirPointToMine: across,
  };
}
