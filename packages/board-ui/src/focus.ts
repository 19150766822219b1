// Keyboard focus over the board, as the viewer sees it: two rows of places, left to right on
// the screen. The bar (25) and the viewer's tray (0) stand in both rows, so Up and Down keep
// the column. Arrow keys follow the screen, not the numbering, and the board is never
// mirrored by the page's direction, only by `flip`.

/** Unflipped rows, left to right: the top row 13..24, the bottom row 12..1, bar and tray between. */
const TOP = [13, 14, 15, 16, 17, 18, 25, 19, 20, 21, 22, 23, 24, 0] as const;
const BOTTOM = [12, 11, 10, 9, 8, 7, 25, 6, 5, 4, 3, 2, 1, 0] as const;
export const COLUMNS = TOP.length;

export interface Cell {
  readonly row: 'top' | 'bottom';
  /** Column on the screen, 0 at the left. */
  readonly col: number;
}

/** The place (1..24, 25 bar, 0 tray) shown in a cell. */
export function placeOf(cell: Cell, flip: boolean): number {
  const row = cell.row === 'top' ? TOP : BOTTOM;
  const col = flip ? COLUMNS - 1 - cell.col : cell.col;
  return row[col] as number;
}

/** The cell of a place; the bar and the tray answer in `preferRow`. */
export function cellOf(place: number, flip: boolean, preferRow: 'top' | 'bottom' = 'bottom'): Cell {
  const row = place === 25 || place === 0 ? preferRow : place >= 13 ? 'top' : 'bottom';
  const list: readonly number[] = row === 'top' ? TOP : BOTTOM;
  const i = list.indexOf(place);
  if (i < 0) throw new Error(`no board place ${place}`);
  return { row, col: flip ? COLUMNS - 1 - i : i };
}

/** The cell a key moves focus to, or null when the key is not a navigation key. */
export function nextCell(cell: Cell, key: string): Cell | null {
  switch (key) {
    case 'ArrowLeft':
      return { row: cell.row, col: Math.max(0, cell.col - 1) };
    case 'ArrowRight':
      return { row: cell.row, col: Math.min(COLUMNS - 1, cell.col + 1) };
    case 'ArrowUp':
      return { row: 'top', col: cell.col };
    case 'ArrowDown':
      return { row: 'bottom', col: cell.col };
    case 'Home':
      return { row: cell.row, col: 0 };
    case 'End':
      return { row: cell.row, col: COLUMNS - 1 };
    default:
      return null;
  }
}
