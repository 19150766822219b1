/** English strings of the 'table' section; the source of its type. */
export const tableEn = {
  /** The panel beside the board (below it on phones): move list, hints. */
  side: 'Game panel',
};
