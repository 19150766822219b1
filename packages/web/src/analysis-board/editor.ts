import {
  BAR,
  CHECKERS,
  err,
  makePosition,
  OFF,
  ok,
  PIN_BASE,
  type Position,
  type PositionErrorCode,
  type Result,
  type Rules,
  THEM,
} from '@zar/engine';

/*
 * Setting up a position by hand, as pure functions on a position seen from the near side (the
 * board's viewer): places are the viewer's numbering, 1..24 the points, 25 the bar, 0 the
 * borne-off tray. Each side always has its 15 checkers: a checker put on the board comes from
 * its side's tray and one taken away goes back there, as gnubg's editor does, so that the only
 * checks left are the rules' own (validate), shown with their reason.
 */

/** Whose checker: the near side's (the viewer's) or the far side's. */
export type EditSide = 'near' | 'far';

export type EditErrorCode = 'ERR_EDIT_NONE_LEFT' | 'ERR_EDIT_NO_BAR' | 'ERR_EDIT_EMPTY' | 'ERR_EDIT_NO_PIN';

export type Edit = Result<Position, EditErrorCode>;

/** The index in the board bytes of a side's checkers on the viewer's place. */
export function slotOf(rules: Rules, side: EditSide, place: number): number {
  if (side === 'near') return place;
  if (place === BAR || place === OFF) return THEM + place;
  return THEM + rules.theirPointToMine(place);
}

const count = (pos: Position, i: number): number => pos.board[i] ?? 0;

/** A copy of the position with its board changed by `change`, no longer ended and with its pins made right. */
function edited(rules: Rules, pos: Position, change: (board: Int8Array) => void): Position {
  const board = pos.board.slice();
  change(board);
  if (rules.hasPins) settlePins(rules, board);
  return makePosition(pos.game, board, pos.turns, pos.run, null);
}

/** One checker of `side` from its tray onto the place (1..24 or the bar). */
export function addChecker(rules: Rules, pos: Position, side: EditSide, place: number): Edit {
  if (place === BAR && !rules.hasBar) return err('ERR_EDIT_NO_BAR', `${rules.game} has no bar`);
  // The tray is where a checker comes from: putting one there changes nothing.
  if (place === OFF) return ok(pos);
  const tray = slotOf(rules, side, OFF);
  if (count(pos, tray) === 0) return err('ERR_EDIT_NONE_LEFT', `all ${CHECKERS} checkers of that side are in play`);
  const to = slotOf(rules, side, place);
  return ok(
    edited(rules, pos, (b) => {
      b[tray] = count(pos, tray) - 1;
      b[to] = count(pos, to) + 1;
    }),
  );
}

/** Whose checker a place gives up first: the near side's, else the far side's; null when empty. */
export function sideAt(rules: Rules, pos: Position, place: number): EditSide | null {
  if (count(pos, slotOf(rules, 'near', place)) > 0) return 'near';
  if (count(pos, slotOf(rules, 'far', place)) > 0) return 'far';
  return null;
}

/** One checker moved between places (0: its side's tray), the near side's first. */
export function moveChecker(rules: Rules, pos: Position, from: number, to: number): Edit {
  const side = sideAt(rules, pos, from);
  if (side === null) return err('ERR_EDIT_EMPTY', 'no checker there');
  if (to === BAR && !rules.hasBar) return err('ERR_EDIT_NO_BAR', `${rules.game} has no bar`);
  const a = slotOf(rules, side, from);
  const b = slotOf(rules, side, to);
  if (a === b) return ok(pos);
  return ok(
    edited(rules, pos, (board) => {
      board[a] = count(pos, a) - 1;
      board[b] = count(pos, b) + 1;
    }),
  );
}

/** One checker taken from the place back to its side's tray. */
export const removeChecker = (rules: Rules, pos: Position, place: number): Edit => moveChecker(rules, pos, place, OFF);

/** Every checker of both sides in its tray: an empty board to set up from. */
export function clearBoard(rules: Rules, pos: Position): Position {
  return edited(rules, pos, (b) => {
    b.fill(0);
    b[OFF] = CHECKERS;
    b[THEM + OFF] = CHECKERS;
  });
}

/**
 * Plakoto's pins follow the checkers: where both sides stand, the side with a lone checker
 * there is pinned (the pin already set wins when both are alone); elsewhere no pin.
 */
function settlePins(rules: Rules, b: Int8Array): void {
  for (let p = 1; p <= 24; p++) {
    const near = b[p] ?? 0;
    const far = b[THEM + rules.theirPointToMine(p)] ?? 0;
    const pin = b[PIN_BASE + p] ?? 0;
    if (near === 0 || far === 0) b[PIN_BASE + p] = 0;
    else if (pin > 0 && near === 1) continue;
    else if (pin < 0 && far === 1) continue;
    else b[PIN_BASE + p] = near === 1 ? 1 : far === 1 ? -1 : 0;
  }
}

/** Where each side has one checker on a point, which of them is the pinned one swaps. */
export function turnPin(rules: Rules, pos: Position, place: number): Edit {
  if (!rules.hasPins || place < 1 || place > 24) return err('ERR_EDIT_NO_PIN', 'no pin can be turned there');
  const near = count(pos, place);
  const far = count(pos, slotOf(rules, 'far', place));
  if (near !== 1 || far !== 1) return err('ERR_EDIT_NO_PIN', 'a pin turns where each side has one checker');
  const board = pos.board.slice();
  board[PIN_BASE + place] = -(board[PIN_BASE + place] ?? 0) || 1;
  return ok(makePosition(pos.game, board, pos.turns, pos.run, null));
}

/** Checkers of a side on the board, on the bar and borne off: always 15 after any edit. */
export function checkersOf(rules: Rules, pos: Position, side: EditSide): number {
  let n = 0;
  for (let place = OFF; place <= BAR; place++) n += count(pos, slotOf(rules, side, place));
  return n;
}

/** The rules' verdict on a position set up by hand; its error code names the reason. */
export function checkPosition(rules: Rules, pos: Position): Result<Position, PositionErrorCode> {
  return rules.validate(pos);
}
