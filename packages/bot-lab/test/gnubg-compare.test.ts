import type { DecisionAnalysis } from '@zar/bot';
import type { MatchRecord } from '@zar/match';
import { describe, expect, it } from 'vitest';
import {
  errorAgreement,
  type GnubgMove,
  gnubgPr,
  type PairedMove,
  pairMoves,
  parseGnubgAnalysis,
  pearson,
  playPlaces,
} from '../bench/gnubg-compare.js';

const gnubgMove = (game: number, ordinal: number, player: 0 | 1, dice: [number, number], loss = 0): GnubgMove => ({
  game,
  ordinal,
  player,
  dice,
  choices: 10,
  loss,
  mark: loss >= 0.16 ? 'blunder' : loss >= 0.08 ? 'error' : loss >= 0.04 ? 'doubtful' : 'none',
});

describe('reading gnubg-analyse.py', () => {
  const doc = {
    plies: 0,
    players: [
      { unforcedMoves: 90, moveLoss: 1.5, closeCube: 10, cubeLoss: 0.5 },
      { unforcedMoves: 0, moveLoss: 0, closeCube: 0, cubeLoss: 0 },
    ],
    moves: [{ game: 1, ordinal: 0, player: 0, dice: [4, 2], choices: 18, loss: 0.1, mark: 'error' }],
  };

  it('reads the players and moves it writes', () => {
    const r = parseGnubgAnalysis(JSON.stringify(doc));
    expect(r.ok && r.value.moves[0]).toEqual({ ...doc.moves[0], dice: [4, 2] });
    expect(r.ok && r.value.players[0].closeCube).toBe(10);
  });

  it('refuses what it does not write', () => {
    expect(parseGnubgAnalysis('{').ok).toBe(false);
    expect(parseGnubgAnalysis(JSON.stringify({ ...doc, players: [doc.players[0]] })).ok).toBe(false);
    const badMark = { ...doc, moves: [{ ...doc.moves[0], mark: 'bad' }] };
    expect(parseGnubgAnalysis(JSON.stringify(badMark)).ok).toBe(false);
    const badDice = { ...doc, moves: [{ ...doc.moves[0], dice: [7, 1] }] };
    expect(parseGnubgAnalysis(JSON.stringify(badDice)).ok).toBe(false);
  });

  it('gives gnubg PR as 500 × loss per unforced move and close cube decision', () => {
    // (1.5 + 0.5) / (90 + 10) × 500 = 10.
    expect(gnubgPr({ unforcedMoves: 90, moveLoss: 1.5, closeCube: 10, cubeLoss: 0.5 })).toBeCloseTo(10, 12);
    expect(gnubgPr({ unforcedMoves: 0, moveLoss: 0, closeCube: 0, cubeLoss: 0 })).toBe(0);
  });
});

describe('pearson', () => {
  it('is 1 on a line, -1 on a falling one, and as computed by hand otherwise', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    // Means 2 and 2: dx = (-1, 0, 1), dy = (-1, 1, 0); Σdxdy = 1, Σdx² = Σdy² = 2 → 1/2.
    expect(pearson([1, 2, 3], [1, 3, 2])).toBeCloseTo(0.5, 12);
  });

  it('is NaN when a series does not vary or is too short', () => {
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNaN();
    expect(pearson([1], [1])).toBeNaN();
    expect(() => pearson([1, 2], [1])).toThrow();
  });
});

// Game 1: opening 4-2, player 1 dances with 6-5, player 0 plays 3-1; game 2: opening 3-1.
const record = {
  version: 1,
  actions: [
    { type: 'opening', dice: [4, 2] },
    { type: 'play', player: 0, play: '8/4 6/4' },
    { type: 'roll', player: 1, dice: [6, 5] },
    { type: 'roll', player: 0, dice: [3, 1] },
    { type: 'play', player: 0, play: '8/5 6/5' },
    { type: 'double', player: 1 },
    { type: 'drop', player: 0 },
    { type: 'opening', dice: [3, 1] },
    { type: 'play', player: 1, play: '8/5 6/5' },
  ],
} as unknown as MatchRecord;

const zarMove = (action: number, player: 0 | 1, dice: [number, number], loss: number): DecisionAnalysis => ({
  kind: 'move',
  action,
  game: 1,
  gameId: 'backgammon',
  player,
  position: '',
  dice,
  loss,
  mark: loss >= 0.16 ? 'blunder' : loss >= 0.08 ? 'error' : loss >= 0.04 ? 'doubtful' : 'none',
  played: '',
  best: '',
  alternatives: [],
  equityPlayed: 0,
  equityBest: 0,
});

describe('pairing the two analyses', () => {
  it('places each play by the rolls of its game, a dance counted as gnubg counts it', () => {
    expect([...playPlaces(record)]).toEqual([
      [1, '1:0'],
      [4, '1:2'],
      [8, '2:0'],
    ]);
  });

  it('pairs moves by place, and counts the unpaired and those whose dice differ', () => {
    const gnubg = [
      gnubgMove(1, 0, 0, [2, 4], 0.1),
      { ...gnubgMove(1, 1, 1, [6, 5]), choices: 0 },
      gnubgMove(1, 2, 0, [3, 1], 0.2),
      gnubgMove(2, 0, 1, [6, 6]),
      gnubgMove(2, 1, 0, [5, 5]),
    ];
    const zar = [zarMove(1, 0, [4, 2], 0.09), zarMove(4, 0, [3, 1], 0), zarMove(8, 1, [3, 1], 0)];
    const p = pairMoves(record, zar, gnubg);
    expect(p.pairs).toEqual([
      { player: 0, zarLoss: 0.09, zarMark: 'error', gnubgLoss: 0.1, gnubgMark: 'error' },
      { player: 0, zarLoss: 0, zarMark: 'none', gnubgLoss: 0.2, gnubgMark: 'blunder' },
    ]);
    expect(p.diceMismatches).toBe(1);
    expect(p.zarOnly).toBe(1);
    // gnubg's 2:0 (dice differ) and 2:1 (no Zar decision); its dance is no decision.
    expect(p.gnubgOnly).toBe(2);
  });

  it('counts the errors both judges mark, and each alone', () => {
    const pair = (zarMark: PairedMove['zarMark'], gnubgMark: PairedMove['gnubgMark']): PairedMove => ({
      player: 0,
      zarLoss: 0,
      zarMark,
      gnubgLoss: 0,
      gnubgMark,
    });
    const a = errorAgreement([
      pair('error', 'blunder'),
      pair('blunder', 'blunder'),
      pair('error', 'doubtful'),
      pair('none', 'error'),
      pair('doubtful', 'doubtful'),
    ]);
    expect(a).toEqual({ moves: 5, both: 2, zarOnly: 1, gnubgOnly: 1 });
  });
});
