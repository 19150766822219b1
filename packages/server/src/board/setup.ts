import { type Dice, err, makeZarPosition, ok, type Result } from '@zar/engine';
import { linkTextOf, type PositionText, readPositionText } from '@zar/match';
import type { BoardSetupView } from '@zar/protocol';

/** Why the board refuses a request, before or after the bots were asked. */
export type BoardRefusalCode =
  | 'ERR_BOARD_POSITION'
  | 'ERR_BOARD_ROLLOUT'
  | 'ERR_DICE'
  | 'ERR_GAME_OVER'
  | 'ERR_HINT_RULES'
  | 'ERR_NO_WEIGHTS'
  | 'ERR_TOO_MANY'
  | 'ERR_NOT_ALLOWED'
  | 'ERR_BOARD_UNAVAILABLE';

export type BoardResult<T> = Result<T, BoardRefusalCode>;

/** The setup of the pasted text, with `dice` in place of its own when given. */
export function setupOf(text: string, dice: Dice | undefined): BoardResult<PositionText> {
  const read = readPositionText(text);
  if (!read.ok) return err('ERR_BOARD_POSITION', `${read.error.message} (${read.error.code})`);
  if (dice === undefined) return read;
  if (read.value.cube?.doubled) return err('ERR_DICE', 'a double waits for its answer: there are no dice to play');
  const rolled: Dice = dice[0] >= dice[1] ? dice : [dice[1], dice[0]];
  return ok({ ...read.value, dice: rolled });
}

/** The setup as an answer shows it: what the page draws, and the text of a link to it. */
export function viewOf(setup: PositionText): BoardSetupView {
  return {
    game: setup.game,
    form: setup.form,
    position: makeZarPosition(setup.position),
    onRoll: setup.onRoll,
    dice: setup.dice,
    cube: setup.cube,
    link: linkTextOf(setup),
  };
}
