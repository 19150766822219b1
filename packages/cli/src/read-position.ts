import {
  err,
  makePositionId,
  makeZarPosition,
  ok,
  type Position,
  parsePositionId,
  parseZarPosition,
  type Result,
  type Rules,
  rulesFor,
} from '@zar/engine';

/** How a position was written; answers are written the same way. */
export type PositionForm = 'position-id' | 'zar';

export interface ReadPosition {
  readonly pos: Position;
  readonly rules: Rules;
  readonly form: PositionForm;
}

/** Zar's text form always starts with `game:`; a gnubg Position ID (Base64) has no colon. */
const isZarText = (text: string): boolean => text.includes(':');

/**
 * Reads a position typed by a person or sent by a program: a gnubg Position ID (always a
 * backgammon position) or Zar's text form (any game). With `expected`, the position must
 * belong to that game. The position is validated by its game's rules.
 */
export function readPosition(text: string, expected?: Rules): Result<ReadPosition> {
  const trimmed = text.trim();
  const form: PositionForm = isZarText(trimmed) ? 'zar' : 'position-id';
  const parsed: Result<Position> = form === 'position-id' ? parsePositionId(trimmed) : parseZarPosition(trimmed);
  if (!parsed.ok) {
    if (form === 'zar') return parsed;
    const { code, message } = parsed.error;
    return err(code, `${message} (other games, or any game: Zar text form, e.g. backgammon:24x2,13x5,…/…)`);
  }
  const pos = parsed.value;
  if (expected && expected.game !== pos.game) {
    const hint =
      form === 'position-id' ? '; a Position ID is always backgammon, write other games in Zar text form' : '';
    return err('ERR_WRONG_GAME', `the position is ${pos.game}, not ${expected.game}${hint}`);
  }
  const rules = expected ?? rulesFor(pos.game);
  const valid = rules.validate(pos);
  if (!valid.ok) return valid;
  return ok({ pos: valid.value, rules, form });
}

export function writePosition(pos: Position, form: PositionForm): string {
  return form === 'position-id' ? makePositionId(pos) : makeZarPosition(pos);
}
