import { parseZarPosition } from '@zar/engine';
import { type MatchRecord, parseMatchSettings } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { puzzleId } from '../../src/puzzles/puzzle.js';
import { type AnalysedCube, type AnalysedMove, puzzleMargin, selectPuzzles } from '../../src/puzzles/select.js';

const MARGIN = puzzleMargin('backgammon');

function record(): MatchRecord {
  const settings = parseMatchSettings({ length: 5 });
  if (!settings.ok) throw new Error(settings.error.message);
  return {
    version: 1,
    settings: settings.value,
    players: ['ann', 'bob'],
    actions: [
      { type: 'opening', dice: [3, 1] },
      { type: 'play', player: 0, play: '24/20' },
      { type: 'double', player: 1 },
      { type: 'drop', player: 0 },
    ],
  };
}

/** Ann's 3-1 from the start: she ran 24/20 where the analysis (made up here) wants 8/5 6/5. */
function move(best: number, second: number): AnalysedMove {
  return {
    kind: 'move',
    action: 1,
    player: 0,
    loss: best - 0.1,
    dice: [3, 1],
    played: '24/20',
    alternatives: [
      { play: '8/5 6/5', equity: best },
      { play: '13/10 6/5', equity: second },
      { play: '24/21 6/5', equity: second - 0.01 },
    ],
    equityPlayed: 0.1,
  };
}

/** Bob doubled and Ann dropped; made-up equities for Bob. */
function drop(doubleTake: number, doubleDrop: number): AnalysedCube {
  return {
    kind: 'cube',
    action: 3,
    player: 0,
    loss: Math.max(0, doubleDrop - doubleTake),
    chosen: 'drop',
    equities: { noDouble: 0.2, doubleTake, doubleDrop },
  };
}

describe('selectPuzzles', () => {
  it('a play puzzle when the best beats the second by the margin and the player chose worse', () => {
    const r = selectPuzzles(record(), { decisions: [move(0.3, 0.3 - MARGIN)] }, 'seed-1');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [p] = r.value;
    expect(p).toMatchObject({
      game: 'backgammon',
      options: {},
      position: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5',
      dice: [3, 1],
      kind: 'play',
      context: { length: 5, score: [0, 0], cube: 1, owner: null, crawford: false },
      source: { match: 'seed-1', action: 1, player: 'ann', chose: '24/20' },
    });
    // The three the analysis ranked, and her play below them.
    expect(p?.answers.map((a) => a.answer)).toEqual(['8/5 6/5', '13/10 6/5', '24/21 6/5', '24/20']);
    // The three keep the same anchor, nobody hits: an opening play has no theme.
    expect(p?.themes).toEqual([]);
    expect(parseZarPosition(p?.position ?? '').ok).toBe(true);
  });

  it('no puzzle when the second is within the margin, or the player found the best', () => {
    expect(selectPuzzles(record(), { decisions: [move(0.3, 0.3 - MARGIN + 0.001)] }, 'x')).toEqual({
      ok: true,
      value: [],
    });
    const found = { ...move(0.5, 0.1), played: '8/5 6/5', equityPlayed: 0.5, loss: 0 };
    // Her play, valued apart from the ranked ones, comes out within the margin of the best.
    const close = { ...move(0.3, 0.2), equityPlayed: 0.25, loss: 0.05 };
    expect(selectPuzzles(record(), { decisions: [close] }, 'x')).toEqual({ ok: true, value: [] });
    expect(selectPuzzles(record(), { decisions: [found] }, 'x')).toEqual({ ok: true, value: [] });
  });

  it('a take puzzle from a wrong drop, answered from the taker’s seat, tagged cube', () => {
    const r = selectPuzzles(record(), { decisions: [drop(0.6, 1)] }, 'seed-1');
    if (!r.ok) throw new Error(r.error.message);
    const [p] = r.value;
    expect(p).toMatchObject({ kind: 'take', dice: null, source: { player: 'ann', chose: 'drop' } });
    expect(p?.answers).toEqual([
      { answer: 'take', equity: -0.6 },
      { answer: 'drop', equity: -1 },
    ]);
    expect(p?.themes).toEqual(['cube']);
    // The doubler is on roll: Bob, after Ann's 24/20.
    expect(p?.position).toBe('backgammon:24x2,13x5,8x3,6x5/24,20,13x5,8x3,6x5:turns=0.1');
    // A close take is no puzzle.
    expect(selectPuzzles(record(), { decisions: [drop(0.95, 1)] }, 'x')).toEqual({ ok: true, value: [] });
  });

  it('a double puzzle from a wrong double', () => {
    const double: AnalysedCube = {
      ...drop(-0.4, 1),
      action: 2,
      player: 1,
      chosen: 'double',
      loss: 0.6,
    };
    const r = selectPuzzles(record(), { decisions: [double] }, 'm');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value[0]?.kind).toBe('double');
    expect(r.value[0]?.answers).toEqual([
      { answer: 'no-double', equity: 0.2 },
      { answer: 'double', equity: -0.4 },
    ]);
    expect(r.value[0]?.source.player).toBe('bob');
  });

  it("the margin is the game's error mark, and a caller may choose another", () => {
    expect(MARGIN).toBe(0.08);
    expect(selectPuzzles(record(), { decisions: [move(0.3, 0.25)] }, 'x', 0.04)).toMatchObject({
      ok: true,
      value: [{ kind: 'play' }],
    });
  });

  it('ids are stable and tell apart what changes the answer', () => {
    const p = {
      kind: 'play' as const,
      game: 'backgammon' as const,
      options: {},
      position: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5',
      dice: [3, 1] as const,
      context: { length: 5, score: [0, 0] as const, cube: 1, owner: null, crawford: false },
    };
    expect(puzzleId(p)).toBe(puzzleId({ ...p }));
    expect(puzzleId(p)).toMatch(/^[0-9a-f]{16}$/);
    expect(puzzleId({ ...p, dice: [1, 3] })).not.toBe(puzzleId(p));
    expect(puzzleId({ ...p, context: { ...p.context, score: [1, 0] } })).not.toBe(puzzleId(p));
    expect(puzzleId({ ...p, kind: 'double', dice: null })).not.toBe(puzzleId(p));
  });
});
