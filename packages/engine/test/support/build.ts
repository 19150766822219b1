import { BAR, type GameId, makePosition, type Position, THEM } from '../../src/index.js';

export interface SideSpec {
  /** Checkers per point, in that side's own numbering. */
  readonly points: Readonly<Record<number, number>>;
  readonly bar?: number;
}

/**
 * Builds a position from the side on roll (`mine`) and the opponent (`theirs`), each in its
 * own numbering; whatever is not on the board or the bar has been borne off.
 */
export function build(game: GameId, mine: SideSpec, theirs: SideSpec, length = 52): Position {
  const b = new Int8Array(length);
  for (const [base, side] of [
    [0, mine],
    [THEM, theirs],
  ] as const) {
    let n = side.bar ?? 0;
    for (const [p, c] of Object.entries(side.points)) {
      b[base + Number(p)] = c;
      n += c;
    }
    b[base + BAR] = side.bar ?? 0;
    b[base] = 15 - n;
  }
  return makePosition(game, b);
}

export const stepsText = (steps: readonly { from: number; to: number; hit: boolean }[]): string =>
  steps.map((s) => `${s.from === 25 ? 'bar' : s.from}/${s.to === 0 ? 'off' : s.to}${s.hit ? '*' : ''}`).join(' ');
