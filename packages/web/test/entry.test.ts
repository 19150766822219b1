import { diceOf, formatPlay, matchPlay, type Position, parseZarPosition, rulesFor } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { canUndo, drag, highlights, playText, startEntry, tap, turnOfView, undoEntry } from '../src/play/entry.js';

function position(text: string): Position {
  const r = parseZarPosition(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('entering a play on the board', () => {
  const rules = rulesFor('backgammon');
  const start = rules.start();

  it('picks up a checker with several destinations, then drops it', () => {
    let e = startEntry(rules, start, [6, 5]);
    expect(highlights(e).sources).toContain(24);
    e = tap(e, 24);
    expect(e.selected).toBe(24);
    // 24/18 with the 6, 24/13 with both; 24/19 is the opponent's 6 point (hand-checked on
    // the start board, backgammon.md §1).
    expect(highlights(e).destinations).toEqual([18, 13]);
    e = tap(e, 13);
    expect(e.selected).toBeNull();
    const text = playText(e);
    expect(text).toBe('24/13');
    // The server will find exactly this play among the legal ones.
    expect(matchPlay(rules.legalPlays(start, [6, 5]), text ?? '').ok).toBe(true);
  });

  it('tapping the picked-up checker again puts it back; tapping elsewhere switches', () => {
    let e = tap(startEntry(rules, start, [6, 5]), 24);
    expect(tap(e, 24).selected).toBeNull();
    e = tap(e, 13);
    expect(e.selected).toBeNull();
    expect(playText(e)).toBe('24/13');
    const f = tap(tap(startEntry(rules, start, [6, 5]), 24), 8);
    expect(f.selected).toBe(8);
  });

  it('moves at once a checker with a single destination (one-tap), and undoes it', () => {
    const pos = position('backgammon:2,offx14/24x15');
    const e0 = startEntry(rules, pos, [6, 5]);
    const e1 = tap(e0, 2);
    expect(e1.selected).toBeNull();
    expect(playText(e1)).toBe('2/off');
    expect(canUndo(e1)).toBe(true);
    const e2 = undoEntry(e1);
    expect(canUndo(e2)).toBe(false);
    expect(playText(e2)).toBeNull();
    expect(highlights(e2).sources).toEqual([2]);
  });

  it('a drag to a legal destination moves; an illegal drop changes nothing', () => {
    const e = startEntry(rules, start, [3, 1]);
    // Five pips cannot be made with 3-1.
    const bad = drag(e, 6, 1);
    expect(bad.turn).toBe(e.turn);
    const moved = drag(drag(e, 8, 5), 6, 5);
    expect(playText(moved)).toBe('8/5 6/5');
  });

  it('sends the same text formatPlay gives for the legal play it makes', () => {
    let e = startEntry(rules, start, [4, 4]);
    for (const p of [13, 13, 24, 24]) {
      const dests = highlights(tap(e, p)).destinations;
      e = tap(tap(e, p), dests[0] as number);
    }
    const text = playText(e);
    expect(text).not.toBeNull();
    const found = matchPlay(rules.legalPlays(start, [4, 4]), text ?? '');
    expect(found.ok).toBe(true);
    if (found.ok) expect(formatPlay(found.value.steps)).toBe(text);
  });

  it('long nardy: only the head can move on the first turn', () => {
    const nardy = rulesFor('long-nardy');
    const e = startEntry(nardy, nardy.start(), [3, 1]);
    expect(highlights(e).sources).toEqual([24]);
  });

  it('the dice to show come from the turn builder, for whoever plays: four for doubles', () => {
    const view = { phase: 'move', position: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5', dice: [4, 4] } as const;
    const turn = turnOfView(rules, view);
    expect(turn && diceOf(turn).values).toEqual([4, 4, 4, 4]);
    const other = turnOfView(rules, { ...view, dice: [5, 2] });
    expect(other && diceOf(other)).toEqual({ values: [5, 2], used: [false, false] });
    expect(turnOfView(rules, { ...view, phase: 'roll', dice: null })).toBeNull();
  });
});
