import {
  BAR,
  borneOff,
  mine,
  OFF,
  onBar,
  type Position,
  parsePlay,
  parseZarPosition,
  pinnedOn,
  type Rules,
  theirsOnMyPoint,
} from '@zar/engine';
import type { LastMove } from '@zar/protocol';

/**
 * What the board draws, in the viewer's numbering: the viewer's own point p is the point
 * the viewer calls p (1..24), wherever the opponent's checkers on it came from. Everything
 * here is derived from a position and the rules; the board itself knows no rules.
 */
export interface BoardModel {
  /** Checkers per viewer point: index 1..24 (index 0 unused). */
  readonly own: readonly number[];
  readonly opp: readonly number[];
  readonly bar: { readonly own: number; readonly opp: number };
  readonly off: { readonly own: number; readonly opp: number };
  readonly pips: { readonly own: number; readonly opp: number };
  /** Viewer points where a lone checker is held by a pin (plakoto), by whose checker it is. */
  readonly pinned: { readonly own: readonly number[]; readonly opp: readonly number[] };
  /** The opponent's home board, as viewer points; the viewer's own home is 1..6. */
  readonly oppHome: readonly number[];
  readonly hasBar: boolean;
}

/**
 * One segment of the last move in the viewer's numbering: 1..24, 25 for the bar the mover
 * entered from, 0 for the mover's tray.
 */
export interface MoveArrow {
  readonly from: number;
  readonly to: number;
  readonly hit: boolean;
}

export interface LastMoveModel {
  readonly byViewer: boolean;
  readonly arrows: readonly MoveArrow[];
}

/** The position seen from `viewer`, given the one seen from the player on turn. */
export function fromViewer(rules: Rules, pos: Position, turn: 0 | 1, viewer: 0 | 1): Position {
  return turn === viewer ? pos : rules.swapSides(pos);
}

/** The board model of a position seen from the viewer (the viewer is the position's "side on roll"). */
export function boardModel(rules: Rules, pos: Position): BoardModel {
  const b = pos.board;
  const own = new Array<number>(25).fill(0);
  const opp = new Array<number>(25).fill(0);
  const pinned = { own: [] as number[], opp: [] as number[] };
  for (let p = 1; p <= 24; p++) {
    own[p] = mine(b, p);
    opp[p] = theirsOnMyPoint(rules, b, p);
    const pin = pinnedOn(b, p);
    if (pin === 'onRoll') pinned.own.push(p);
    else if (pin === 'opponent') pinned.opp.push(p);
  }
  const [ownPips, oppPips] = rules.pips(pos);
  return {
    own,
    opp,
    bar: { own: onBar(b, 'onRoll'), opp: onBar(b, 'opponent') },
    off: { own: borneOff(b, 'onRoll'), opp: borneOff(b, 'opponent') },
    pips: { own: ownPips, opp: oppPips },
    pinned,
    oppHome: [1, 2, 3, 4, 5, 6].map((q) => rules.theirPointToMine(q)).sort((x, y) => x - y),
    hasBar: rules.hasBar,
  };
}

/**
 * The board model of a Zar text position for `viewer`, where the text is seen from `turn`.
 * Null when the text does not parse (a server bug; the page shows an error instead of a
 * wrong board).
 */
export function boardModelOfText(rules: Rules, text: string, turn: 0 | 1, viewer: 0 | 1): BoardModel | null {
  const parsed = parseZarPosition(text);
  if (!parsed.ok) return null;
  return boardModel(rules, fromViewer(rules, parsed.value, turn, viewer));
}

/** The last move's arrows in the viewer's numbering; null when there is nothing to draw. */
export function lastMoveModel(rules: Rules, last: LastMove | null, viewer: 0 | 1): LastMoveModel | null {
  if (!last || last.play === '') return null;
  const parsed = parsePlay(last.play);
  if (!parsed.ok) return null;
  const byViewer = last.player === viewer;
  const point = (p: number): number => (p === BAR || p === OFF || byViewer ? p : rules.theirPointToMine(p));
  const arrows = parsed.value.map((s): MoveArrow => ({ from: point(s.from), to: point(s.to), hit: s.hit }));
  return { byViewer, arrows };
}
