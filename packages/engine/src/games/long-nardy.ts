import { LATER_GAMES_VALUES, OPENING_ROLL_VALUES, type OptionValues } from '../options.js';
import type { Rules } from '../rules.js';
import { playExists, type TurnModel } from '../search.js';
import { diceList, passTurn, playsOf } from '../standard.js';
import { BOARD_LENGTH, type Dice, type Position } from '../types.js';
import {
  HEAD,
  hasForbiddenBlock,
  moveChecker,
  sameDirectionBasics,
  stepTarget,
  validateSameDirection,
} from './same-direction.js';

export interface LongNardyOptions {
  /**
   * When the block rule (no six-block without an opposing checker ahead) is judged: after
   * every step (FSNR) or on the finished play only (lenient apps).
   */
  readonly blockCheck: 'every-step' | 'final';
  /** The opening winner rolls both dice again, or plays the two opening dice (read by the match layer). */
  readonly openingRoll: 'winner-rolls-again' | 'play-opening-dice';
  /** Who starts the later games of a match (read by the match layer). */
  readonly laterGames: 'opening-roll' | 'previous-winner';
}

/** Koks, home mars and the equalising last roll are house rules Zar does not offer (long-nardy.md §6). */
export const LONG_NARDY_DEFAULTS: LongNardyOptions = {
  blockCheck: 'every-step',
  openingRoll: 'winner-rolls-again',
  laterGames: 'previous-winner',
};

/** Every value each option may take (checked when options come from outside). */
export const LONG_NARDY_OPTION_VALUES: OptionValues<LongNardyOptions> = {
  blockCheck: ['every-step', 'final'],
  openingRoll: OPENING_ROLL_VALUES,
  laterGames: LATER_GAMES_VALUES,
};

/** Doubles that may take two checkers off the head on a player's first turn. */
const FIRST_TURN_DOUBLES: readonly number[] = [3, 4, 6];

/** Head steps allowed in a turn: two on a player's first turn with one of those doubles. */
const headLimitOf = (pos: Position, dice: Dice): number =>
  pos.turns[0] === 0 && dice[0] === dice[1] && FIRST_TURN_DOUBLES.includes(dice[0]) ? 2 : 1;

/**
 * The step model for a turn that may take `headLimit` checkers off the head. `turn[0]`
 * counts the steps of this turn that started on the head.
 */
function longNardyModel(opts: LongNardyOptions, headLimit: number): TurnModel {
  const scratch = new Int8Array(BOARD_LENGTH);
  const everyStep = opts.blockCheck === 'every-step';
  return {
    boardLength: BOARD_LENGTH,
    target(b, from, die, turn) {
      if (from === HEAD && (turn[0] ?? 0) >= headLimit) return -1;
      const to = stepTarget(b, from, die);
      if (to < 0 || !everyStep) return to;
      scratch.set(b);
      moveChecker(scratch, from, to);
      return hasForbiddenBlock(scratch) ? -1 : to;
    },
    apply(b, from, to, turn) {
      if (from === HEAD) turn[0] = (turn[0] ?? 0) + 1;
      moveChecker(b, from, to);
      return false;
    },
    ...(everyStep ? {} : { acceptFinal: (b: Int8Array) => !hasForbiddenBlock(b) }),
  };
}

export function createLongNardy(options: Partial<LongNardyOptions> = {}): Rules<LongNardyOptions> {
  const opts: LongNardyOptions = { ...LONG_NARDY_DEFAULTS, ...options };
  // One model per head limit, made once: the limit is passed in, never set on a shared model.
  const oneFromHead = longNardyModel(opts, 1);
  const twoFromHead = longNardyModel(opts, 2);
  const modelFor = (pos: Position, dice: Dice): TurnModel => (headLimitOf(pos, dice) === 2 ? twoFromHead : oneFromHead);
  return {
    ...sameDirectionBasics('long-nardy', opts),
    options: opts,
    validate: (pos) => validateSameDirection('long-nardy', pos),
    turnModel: modelFor,
    legalPlays(pos, dice) {
      if (this.outcome(pos)) return [];
      return playsOf(modelFor(pos, dice), pos, diceList(dice), (raw) => passTurn(pos, raw.board));
    },
    hasPlay(pos, dice) {
      return !this.outcome(pos) && playExists(modelFor(pos, dice), pos.board, diceList(dice));
    },
  };
}
