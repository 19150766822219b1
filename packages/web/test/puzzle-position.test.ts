import { parseZarPosition, samePosition } from '@zar/engine';
import type { PuzzleView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { drag, playText } from '../src/play/entry.js';
import { cubeOwner, puzzlePosition, shownEquity } from '../src/puzzles/puzzle-position.js';

const START = 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5';
/** Near side: checkers back; far side: a race ahead. */
const UNEVEN = 'backgammon:24x2,13x5,8x3,6x5/6x5,5x5,4x5';

const puzzle = (over: Partial<PuzzleView>): PuzzleView => ({
  id: '0123456789abcdef',
  game: 'backgammon',
  options: {},
  position: START,
  dice: [3, 1],
  kind: 'play',
  context: { length: 5, score: [0, 0], cube: 1, owner: null, crawford: false },
  choices: null,
  themes: [],
  rating: { rating: 1500, deviation: 350 },
  ...over,
});

describe("a puzzle's board", () => {
  it('enters a play on the board as in a game, and gives the text the server judges', () => {
    const at = puzzlePosition(puzzle({}));
    expect(at?.entry).not.toBeNull();
    const entry = at?.entry;
    if (!entry) return;
    const once = drag(entry, 8, 5);
    expect(playText(once)).toBeNull();
    expect(playText(drag(once, 6, 5))).toBe('8/5 6/5');
  });

  it("is drawn from the solver's side: a take puzzle's position turned round, no play to enter", () => {
    const double = puzzlePosition(
      puzzle({ position: UNEVEN, dice: null, kind: 'double', choices: ['no-double', 'double'] }),
    );
    const take = puzzlePosition(puzzle({ position: UNEVEN, dice: null, kind: 'take', choices: ['take', 'drop'] }));
    const text = parseZarPosition(UNEVEN);
    expect(text.ok).toBe(true);
    if (!text.ok || !double || !take) return;
    expect(double.entry).toBeNull();
    expect(samePosition(double.position, text.value)).toBe(true);
    expect(samePosition(take.position, take.rules.swapSides(text.value))).toBe(true);
    expect(puzzlePosition(puzzle({ position: 'backgammon:nonsense' }))).toBeNull();
  });

  it("gives the cube's owner as the solver sees it, and equities signed", () => {
    const owned = (kind: PuzzleView['kind'], owner: 'onRoll' | 'opponent' | null) =>
      cubeOwner(puzzle({ kind, context: { length: 0, score: [0, 0], cube: 2, owner, crawford: false } }));
    expect([owned('double', 'onRoll'), owned('double', 'opponent'), owned('double', null)]).toEqual([
      'own',
      'opp',
      null,
    ]);
    expect([owned('take', 'onRoll'), owned('take', 'opponent')]).toEqual(['opp', 'own']);
    expect([shownEquity(0.1234), shownEquity(-0.5), shownEquity(0)]).toEqual(['+0.123', '\u22120.500', '+0.000']);
  });
});
