import type { HintPlay, PlaysHint } from '@zar/protocol';

/*
 * Which of a hint's plays the player made, found after the server has taken it. Two ways, as
 * the hint contract offers: the notation (with its moves in any order), else the position the
 * play led to. The server never says which play of the list was made, so the page finds it.
 */

/** What the view says after the play: its notation, and the position with whose side on roll. */
export interface AfterPlay {
  /** The play as the view's lastMove writes it. */
  readonly play: string;
  /** The view's position (Zar text form), seen from the side on roll. */
  readonly position: string;
  /** The mover is still on roll (a gul bara run's next block); otherwise the turn has passed. */
  readonly moverOnRoll: boolean;
}

const movesOf = (play: string): string => play.trim().split(/\s+/).sort().join(' ');

/** "game:own/other:extras" → "own/other": the checkers only, not the turn counters that the turn's end moves on. */
const sidesOf = (position: string): string | null => position.split(':')[1] ?? null;

/** The sides as the mover sees them. */
function moverSides(after: AfterPlay): string | null {
  const sides = sidesOf(after.position);
  if (sides === null || after.moverOnRoll) return sides;
  const [onRoll, mover] = sides.split('/');
  return mover === undefined ? null : `${mover}/${onRoll}`;
}

export function findPlayed(hint: PlaysHint, after: AfterPlay): HintPlay | null {
  const moves = movesOf(after.play);
  const byNotation = hint.plays.find((p) => movesOf(p.play) === moves);
  if (byNotation) return byNotation;
  const sides = moverSides(after);
  return sides === null ? null : (hint.plays.find((p) => sidesOf(p.position) === sides) ?? null);
}
