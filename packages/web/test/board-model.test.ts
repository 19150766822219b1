import { GAME_IDS, makeZarPosition, parseZarPosition, rulesFor } from '@zar/engine';
import type { LastMove } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { boardModel, boardModelOfText, fromViewer, lastMoveModel } from '../src/table/board-model.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The start of each game in the viewer's numbering, and where the opponent's home lies.
 * Sources: backgammon.md §1 (24x2, 13x5, 8x3, 6x5 each; the opponent's point q is my 25-q);
 * long-nardy.md §1 (all 15 on the head, 24; the opponent's head is my 12, his home my 13..18);
 * plakoto.md §1 (all 15 on my 24 = the opponent's 1); fevga.md and gul-bara.md as long nardy.
 */
const STARTS = [
  { game: 'backgammon', own: { 24: 2, 13: 5, 8: 3, 6: 5 }, opp: { 1: 2, 12: 5, 17: 3, 19: 5 }, oppHome: [19, 24] },
  { game: 'long-nardy', own: { 24: 15 }, opp: { 12: 15 }, oppHome: [13, 18] },
  { game: 'plakoto', own: { 24: 15 }, opp: { 1: 15 }, oppHome: [19, 24] },
  { game: 'fevga', own: { 24: 15 }, opp: { 12: 15 }, oppHome: [13, 18] },
  { game: 'gul-bara', own: { 24: 15 }, opp: { 12: 15 }, oppHome: [13, 18] },
] as const;

const spread = (counts: Readonly<Record<number, number>>): number[] => {
  const a = new Array<number>(25).fill(0);
  for (const [p, n] of Object.entries(counts)) a[Number(p)] = n;
  return a;
};

describe('board model', () => {
  it('covers every game', () => {
    expect(STARTS.map((s) => s.game).sort()).toEqual([...GAME_IDS].sort());
  });

  for (const s of STARTS) {
    it(`${s.game}: the start in the viewer's numbering, from either seat`, () => {
      const rules = rulesFor(s.game);
      const text = makeZarPosition(rules.start());
      for (const viewer of [0, 1] as const) {
        const m = boardModelOfText(rules, text, 0, viewer);
        expect(m).not.toBeNull();
        expect(m?.own).toEqual(spread(s.own));
        expect(m?.opp).toEqual(spread(s.opp));
        expect(m?.oppHome).toEqual(Array.from({ length: 6 }, (_, i) => s.oppHome[0] + i));
        expect(m?.hasBar).toBe(s.game === 'backgammon');
      }
    });
  }

  for (const game of GAME_IDS) {
    it(`${game}: the viewer not on roll sees the position with the sides swapped`, () => {
      const rules = rulesFor(game);
      // A position after a real play, so the sides differ.
      const start = rules.start();
      const play = rules.legalPlays(start, [6, 5])[0];
      expect(play).toBeDefined();
      const after = play?.next ?? start;
      const onRoll = boardModel(rules, after);
      const other = boardModel(rules, fromViewer(rules, after, 1, 0));
      expect(other.own).toEqual(
        Array.from({ length: 25 }, (_, p) => (p === 0 ? 0 : (onRoll.opp[rules.theirPointToMine(p)] ?? 0))),
      );
      expect(sum(other.own) + other.bar.own + other.off.own).toBe(15);
      expect(sum(other.opp) + other.bar.opp + other.off.opp).toBe(15);
      expect(other.pips).toEqual({ own: onRoll.pips.opp, opp: onRoll.pips.own });
    });
  }

  it('plakoto: pins are reported on the viewer point, by whose checker is held', () => {
    // The side on roll's lone checker on its 3 is pinned (example from zar-position.ts).
    const text = 'plakoto:24x12,3p,offx2/24x11,22,6x3:turns=20.19';
    const rules = rulesFor('plakoto');
    const mine = boardModelOfText(rules, text, 0, 0);
    expect(mine?.pinned).toEqual({ own: [3], opp: [] });
    // The same position seen by the other seat: its opponent's checker on its point 22 is held.
    const theirs = boardModelOfText(rules, text, 0, 1);
    expect(theirs?.pinned).toEqual({ own: [], opp: [22] });
    expect(theirs?.own[22]).toBe(1);
  });

  it('a text that does not parse gives no model', () => {
    expect(boardModelOfText(rulesFor('backgammon'), 'backgammon:nonsense', 0, 0)).toBeNull();
  });

  it('counts bar and borne-off checkers per side', () => {
    const parsed = parseZarPosition('backgammon:bar,6x14/offx3,1x12');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const m = boardModel(rulesFor('backgammon'), parsed.value);
    expect(m.bar).toEqual({ own: 1, opp: 0 });
    expect(m.off).toEqual({ own: 0, opp: 3 });
    // The opponent's 1 is the viewer's 24 (backgammon.md: my point p = his 25 - p).
    expect(m.opp[24]).toBe(12);
    expect(m.pips).toEqual({ own: 25 + 6 * 14, opp: 12 });
  });
});

describe('last move', () => {
  const rules = rulesFor('backgammon');
  const last = (player: 0 | 1, play: string): LastMove => ({ player, dice: [6, 5], play });

  it("keeps the viewer's own move as written", () => {
    expect(lastMoveModel(rules, last(0, '13/7* 8/3'), 0)).toEqual({
      byViewer: true,
      arrows: [
        { from: 13, to: 7, hit: true },
        { from: 8, to: 3, hit: false },
      ],
    });
  });

  it("turns the opponent's move into the viewer's numbering; bar and off stay the mover's", () => {
    expect(lastMoveModel(rules, last(1, 'bar/20 6/off'), 0)).toEqual({
      byViewer: false,
      arrows: [
        { from: 25, to: 5, hit: false },
        { from: 19, to: 0, hit: false },
      ],
    });
  });

  it('draws nothing for a pass or no move yet', () => {
    expect(lastMoveModel(rules, last(1, ''), 0)).toBeNull();
    expect(lastMoveModel(rules, null, 0)).toBeNull();
  });
});
