import { LATER_GAMES_VALUES, OPENING_ROLL_VALUES, type OptionValues } from '../options.js';
import { makePosition } from '../position.js';
import type { Rules } from '../rules.js';
import { playExists, type RawPlay, type TurnModel } from '../search.js';
import { diceList, passTurn, playsOf } from '../standard.js';
import { BOARD_LENGTH, CHECKERS, type Position } from '../types.js';
import { moveChecker, sameDirectionBasics, stepTarget, validateSameDirection } from './same-direction.js';

export interface GulBaraOptions {
  /** Turns during which doubles are played as four moves, before the doubles run starts. */
  readonly normalDoublesTurns: number;
  /** Whose turns count toward `normalDoublesTurns`: the player's own (Zar) or both sides'. */
  readonly normalDoublesScope: 'per-player' | 'global';
  /**
   * What happens to the numbers of a run that cannot be played. Only 'lose' is offered: the
   * 'opponent' variant (he plays them at once as an extra partial turn) needs a partial
   * block and its owner in the position, which the shared layout does not carry.
   */
  readonly remainder: 'lose';
  /** The opening winner rolls both dice again, or plays the two opening dice (read by the match layer). */
  readonly openingRoll: 'winner-rolls-again' | 'play-opening-dice';
  /** Who starts the later games of a match (read by the match layer). */
  readonly laterGames: 'opening-roll' | 'previous-winner';
}

export const GUL_BARA_DEFAULTS: GulBaraOptions = {
  normalDoublesTurns: 3,
  normalDoublesScope: 'per-player',
  remainder: 'lose',
  openingRoll: 'winner-rolls-again',
  laterGames: 'previous-winner',
};

/** Every value each option may take (checked when options come from outside). */
export const GUL_BARA_OPTION_VALUES: OptionValues<GulBaraOptions> = {
  normalDoublesTurns: [0, 1, 2, 3, 4, 5, 6],
  normalDoublesScope: ['per-player', 'global'],
  remainder: ['lose'],
  openingRoll: OPENING_ROLL_VALUES,
  laterGames: LATER_GAMES_VALUES,
};

const gulBaraModel: TurnModel = {
  boardLength: BOARD_LENGTH,
  target: stepTarget,
  apply(b, from, to) {
    moveChecker(b, from, to);
    return false;
  },
};

const BLOCK_STEPS = 4;

/** A doubles-run value is 0 (no run) or the die of a later block, 2..6. */
const validRun = (run: number): boolean => run === 0 || (run >= 2 && run <= 6);

export function createGulBara(options: Partial<GulBaraOptions> = {}): Rules<GulBaraOptions> {
  const opts: GulBaraOptions = { ...GUL_BARA_DEFAULTS, ...options };
  const doublesAreNormal = (pos: Position): boolean => {
    const played = opts.normalDoublesScope === 'per-player' ? pos.turns[0] : pos.turns[0] + pos.turns[1];
    return played < opts.normalDoublesTurns;
  };

  /**
   * After a block of the run: a full block below six keeps the same side on roll for the
   * next block (turn not yet counted); a short block, the block of sixes or a finished
   * game ends the turn, and any numbers left are lost.
   */
  const afterBlock =
    (pos: Position, die: number) =>
    (raw: RawPlay): Position => {
      const goesOn = raw.used === BLOCK_STEPS && die < 6 && (raw.board[0] ?? 0) < CHECKERS;
      return goesOn ? makePosition(pos.game, raw.board, pos.turns, die + 1, pos.ended) : passTurn(pos, raw.board);
    };

  return {
    ...sameDirectionBasics('gul-bara', opts),
    options: opts,
    validate: (pos) => validateSameDirection('gul-bara', pos, validRun),
    turnModel: () => gulBaraModel,
    /**
     * Outside a run: the plays of the roll, or for a double after the opening turns the
     * plays of its first block. During a run (`pos.run > 0`) the dice must be
     * [run, run] and the plays are those of that block; any other dice give [].
     */
    legalPlays(pos, dice) {
      if (this.outcome(pos)) return [];
      const double = dice[0] === dice[1];
      if (pos.run > 0) {
        if (!double || dice[0] !== pos.run) return [];
      } else if (!double || doublesAreNormal(pos)) {
        return playsOf(gulBaraModel, pos, diceList(dice), (raw) => passTurn(pos, raw.board));
      }
      const die = dice[0];
      return playsOf(gulBaraModel, pos, diceList(dice), afterBlock(pos, die));
    },
    hasPlay(pos, dice) {
      if (this.outcome(pos)) return false;
      if (pos.run > 0 && (dice[0] !== dice[1] || dice[0] !== pos.run)) return false;
      return playExists(gulBaraModel, pos.board, diceList(dice));
    },
  };
}
