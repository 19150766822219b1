import {
  type Dice,
  destinations,
  diceOf,
  formatPlay,
  isComplete,
  move,
  type Position,
  parseZarPosition,
  play,
  type Rules,
  sources,
  startTurn,
  type Turn,
  undo,
} from '@zar/engine';
import type { GameStateView } from '@zar/protocol';

/**
 * A play being entered on the board: the engine's turn builder plus the checker the player
 * has picked up. Points are the mover's (= the viewer's) numbering, 25 = bar, 0 = off.
 * Every function returns a new value.
 */
export interface Entry {
  readonly turn: Turn;
  readonly selected: number | null;
}

export const startEntry = (rules: Rules, pos: Position, dice: Dice): Entry => ({
  turn: startTurn(rules, pos, dice),
  selected: null,
});

/** A play being entered from the turn builder's start, nothing picked up. */
export const entryOf = (turn: Turn): Entry => ({ turn, selected: null });

/**
 * The turn being played in a view's game, whoever plays it, from the engine's turn builder:
 * its dice are the ones to show (four for doubles). Null when nobody has dice to play.
 */
export function turnOfView(rules: Rules, g: Pick<GameStateView, 'phase' | 'position' | 'dice'>): Turn | null {
  if (g.phase !== 'move' || g.dice === null) return null;
  const pos = parseZarPosition(g.position);
  return pos.ok ? startTurn(rules, pos.value, g.dice) : null;
}

function moved(entry: Entry, from: number, to: number): Entry {
  const next = move(entry.turn, from, to);
  return next.ok ? { turn: next.value, selected: null } : { ...entry, selected: null };
}

/** Picks up the checker on `p`; a checker with a single destination moves there at once. */
function pick(entry: Entry, p: number): Entry {
  if (!sources(entry.turn).includes(p)) return { ...entry, selected: null };
  const dests = destinations(entry.turn, p);
  if (dests.length === 1) return moved(entry, p, dests[0] as number);
  return { ...entry, selected: p };
}

/** A tap (or Enter) on point `p`: pick up, drop on a destination, switch, or put back. */
export function tap(entry: Entry, p: number): Entry {
  const from = entry.selected;
  if (from === null) return pick(entry, p);
  if (p === from) return { ...entry, selected: null };
  if (destinations(entry.turn, from).includes(p)) return moved(entry, from, p);
  return pick(entry, p);
}

/** A checker dragged from one point to another; an illegal drop changes nothing. */
export function drag(entry: Entry, from: number, to: number): Entry {
  if (!destinations(entry.turn, from).includes(to)) return { ...entry, selected: null };
  return moved(entry, from, to);
}

export const undoEntry = (entry: Entry): Entry => ({ turn: undo(entry.turn), selected: null });

export const canUndo = (entry: Entry): boolean => entry.turn.moves.length > 0;

/** What the board highlights: checkers that can move, or where the picked-up one can go. */
export function highlights(entry: Entry): { readonly sources: number[]; readonly destinations: number[] } {
  if (isComplete(entry.turn)) return { sources: [], destinations: [] };
  if (entry.selected !== null)
    return { sources: [entry.selected], destinations: destinations(entry.turn, entry.selected) };
  return { sources: sources(entry.turn), destinations: [] };
}

/** The play to send once the steps make a legal play, in standard notation; null before. */
export function playText(entry: Entry): string | null {
  if (!isComplete(entry.turn)) return null;
  const p = play(entry.turn);
  return p ? formatPlay(p.steps) : '';
}

export { currentPosition } from '@zar/engine';

/** The dice of a turn as the board draws them: the higher die first, each with its used mark. */
export function diceOfTurn(turn: Turn): { readonly values: readonly number[]; readonly used: readonly boolean[] } {
  const { values, used } = diceOf(turn);
  const order = values.map((v, i) => ({ v, u: used[i] ?? false })).sort((a, b) => b.v - a.v);
  return { values: order.map((d) => d.v), used: order.map((d) => d.u) };
}

export const diceOfEntry = (entry: Entry) => diceOfTurn(entry.turn);
