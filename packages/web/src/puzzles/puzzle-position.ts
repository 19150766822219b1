import { createRules, type Position, parseZarPosition, type Rules } from '@zar/engine';
import type { PuzzleView } from '@zar/protocol';
import { type Entry, startEntry } from '../play/entry.js';

/** A puzzle's position as the solver sees it: near side his. */
export interface PuzzlePosition {
  readonly rules: Rules;
  /** From the solver's side: a take puzzle's text is the doubler's, turned round. */
  readonly position: Position;
  /** The play being entered, for a play puzzle; null for a cube puzzle. */
  readonly entry: Entry | null;
}

/** The rules, the position from the solver's side and a fresh entry of its play; null when the text cannot be read. */
export function puzzlePosition(puzzle: PuzzleView): PuzzlePosition | null {
  const rules = createRules(puzzle.game, puzzle.options);
  const pos = parseZarPosition(puzzle.position);
  if (!rules.ok || !pos.ok) return null;
  const position = puzzle.kind === 'take' ? rules.value.swapSides(pos.value) : pos.value;
  const entry = puzzle.dice === null ? null : startEntry(rules.value, position, puzzle.dice);
  return { rules: rules.value, position, entry };
}

/** Who owns the cube as the solver sees it: the text's owner is from the side on roll. */
export function cubeOwner(puzzle: PuzzleView): 'own' | 'opp' | null {
  const owner = puzzle.context.owner;
  if (owner === null) return null;
  const onRollIsSolver = puzzle.kind !== 'take';
  return (owner === 'onRoll') === onRollIsSolver ? 'own' : 'opp';
}

/** An equity as shown: three decimals, signed. */
export const shownEquity = (e: number): string => (e >= 0 ? `+${e.toFixed(3)}` : `\u2212${(-e).toFixed(3)}`);
