import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DecisionAnalysisSchema } from '../src/index.js';

const move = {
  kind: 'move',
  action: 3,
  game: 1,
  player: 0,
  loss: 0.05,
  mark: 'doubtful',
  dice: [3, 1],
  played: '24/21 24/23',
  best: '8/5 6/5',
  alternatives: [{ play: '8/5 6/5', equity: 0.1 }],
  equityPlayed: 0.05,
  equityBest: 0.1,
};

describe('a decision of an analysis', () => {
  it('parses as analyses made before every game was analysed sent it (gnubg IDs, no game or Zar text)', () => {
    const old = { ...move, positionId: '4HPwATDgc/ABMA', matchId: 'cAkAAAAAAAAA' };
    expect(v.safeParse(DecisionAnalysisSchema, old).success).toBe(true);
  });

  it('carries the game and the position as Zar text, the gnubg IDs only for backgammon', () => {
    const nardy = { ...move, gameId: 'long-nardy', position: 'long-nardy:24x15/24x15', played: '24/20', best: '24/20' };
    expect(v.safeParse(DecisionAnalysisSchema, nardy).success).toBe(true);
    expect(v.safeParse(DecisionAnalysisSchema, { ...nardy, gameId: 'nardy' }).success).toBe(false);
  });
});
