import { BAR, GAME_IDS, type GameId, OFF, PIN_BASE, type Position, rulesFor } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addChecker,
  checkersOf,
  checkPosition,
  clearBoard,
  type EditSide,
  moveChecker,
  removeChecker,
  slotOf,
  turnPin,
} from '../src/analysis-board/editor.js';

type Gesture =
  | { kind: 'add'; side: EditSide; place: number }
  | { kind: 'remove'; place: number }
  | { kind: 'move'; from: number; to: number };

const place = fc.integer({ min: 0, max: 25 });
const gesture: fc.Arbitrary<Gesture> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), side: fc.constantFrom<EditSide>('near', 'far'), place }),
  fc.record({ kind: fc.constant('remove' as const), place }),
  fc.record({ kind: fc.constant('move' as const), from: place, to: place }),
);

function apply(game: GameId, pos: Position, g: Gesture): Position {
  const rules = rulesFor(game);
  const r =
    g.kind === 'add'
      ? addChecker(rules, pos, g.side, g.place)
      : g.kind === 'remove'
        ? removeChecker(rules, pos, g.place)
        : moveChecker(rules, pos, g.from, g.to);
  return r.ok ? r.value : pos;
}

describe('the analysis board editor', () => {
  it('keeps 15 checkers a side and never a negative count, whatever is tapped and dragged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_IDS),
        fc.boolean(),
        fc.array(gesture, { maxLength: 60 }),
        (game, empty, gs) => {
          const rules = rulesFor(game);
          let pos = empty ? clearBoard(rules, rules.start()) : rules.start();
          for (const g of gs) pos = apply(game, pos, g);
          expect(checkersOf(rules, pos, 'near')).toBe(15);
          expect(checkersOf(rules, pos, 'far')).toBe(15);
          expect([...pos.board].every((n, i) => i >= PIN_BASE || n >= 0)).toBe(true);
          if (!rules.hasBar) expect(pos.board[BAR]).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('puts the far side where the near side sees it, in both directions of play', () => {
    for (const game of ['backgammon', 'long-nardy'] as const) {
      const rules = rulesFor(game);
      const empty = clearBoard(rules, rules.start());
      const r = addChecker(rules, empty, 'far', 13);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.board[slotOf(rules, 'far', 13)]).toBe(1);
    }
  });

  it('refuses a checker more than 15, and the bar where the game has none', () => {
    const rules = rulesFor('backgammon');
    expect(addChecker(rules, rules.start(), 'near', 5).ok).toBe(false);
    const nardy = rulesFor('long-nardy');
    const empty = clearBoard(nardy, nardy.start());
    expect(addChecker(nardy, empty, 'near', BAR)).toMatchObject({ ok: false, error: { code: 'ERR_EDIT_NO_BAR' } });
  });

  it('is checked by the game rules: an emptied board is refused with its reason, the start is not', () => {
    for (const game of GAME_IDS) {
      const rules = rulesFor(game);
      expect(checkPosition(rules, rules.start()).ok).toBe(true);
      const cleared = checkPosition(rules, clearBoard(rules, rules.start()));
      expect(cleared).toMatchObject({ ok: false, error: { code: 'ERR_BOTH_FINISHED' } });
    }
    const rules = rulesFor('backgammon');
    const start = rules.start();
    // Both sides on one point: a blot of the far side dragged onto the near side's 6-point.
    const from =
      [...Array(25).keys()].find(
        (p) => p > 0 && (start.board[slotOf(rules, 'far', p)] ?? 0) > 0 && start.board[p] === 0,
      ) ?? 0;
    const moved = moveChecker(rules, start, from, 6);
    expect(moved.ok && checkPosition(rules, moved.value)).toMatchObject({
      ok: false,
      error: { code: 'ERR_SHARED_POINT' },
    });
  });

  it('pins a lone checker in plakoto where the other side stands on it, and turns the pin', () => {
    const rules = rulesFor('plakoto');
    let pos = clearBoard(rules, rules.start());
    for (const [side, p] of [
      ['near', 10],
      ['far', 10],
    ] as const) {
      const r = addChecker(rules, pos, side, p);
      if (!r.ok) throw new Error(r.error.message);
      pos = r.value;
    }
    const pin = pos.board[PIN_BASE + 10];
    expect(pin).not.toBe(0);
    const turned = turnPin(rules, pos, 10);
    expect(turned.ok && turned.value.board[PIN_BASE + 10]).toBe(-(pin ?? 0));
    const more = addChecker(rules, pos, 'far', 10);
    expect(more.ok && more.value.board[PIN_BASE + 10]).toBe(1);
    const gone = removeChecker(rules, pos, 10);
    expect(gone.ok && gone.value.board[PIN_BASE + 10]).toBe(0);
    expect(turnPin(rules, pos, OFF).ok).toBe(false);
  });
});
