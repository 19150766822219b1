import { parseZarPosition } from '@zar/engine';
import { type Agent, MATCH_DEFAULTS, type MatchState, newMatch } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { baselineAgent } from '../src/baseline/agent.js';
import { gameNetAgentFrom } from '../src/game-net/agent.js';
import { committedGameNet } from '../src/game-net/load.js';
import type { Network } from '../src/nn/network.js';
import { resignWinsMatch } from '../src/resign-wins-match.js';

/**
 * Player 0, on roll, offers a single in a long nardy game he is about to lose by a mars: all
 * his checkers still on their start point, 14 of the bot's borne off.
 */
function offered(length: number, score: readonly [number, number] = [0, 0]): MatchState {
  const m = newMatch({ ...MATCH_DEFAULTS, length, cycle: [{ game: 'long-nardy' }] });
  const parsed = parseZarPosition('long-nardy:24x15/1,offx14');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return {
    ...m,
    score: [score[0], score[1]],
    game: {
      ...m.game,
      position: parsed.value,
      phase: 'resigning',
      turn: 0,
      resign: { by: 0, level: 1, resume: 'roll' },
    },
  } as MatchState;
}

describe('a resignation that gives the bot the match', () => {
  it('is one whose points reach what the bot still needs, never in a money session', () => {
    expect(resignWinsMatch(offered(1), 1)).toBe(true);
    expect(resignWinsMatch(offered(5, [0, 4]), 1)).toBe(true);
    expect(resignWinsMatch(offered(5, [0, 3]), 1)).toBe(false);
    expect(resignWinsMatch(offered(0), 1)).toBe(false);
    // The resigner does not win the match by his own offer.
    expect(resignWinsMatch(offered(1), 0)).toBe(false);
  });

  it('is accepted by the long nardy net, which declines the same single for money', async () => {
    const agent: Agent = gameNetAgentFrom((await committedGameNet('long-nardy')) as Network, 'expert');
    // For money the mars is worth two points: a single is too little.
    expect((await agent.decide(offered(0), 1)).type).toBe('decline');
    expect((await agent.decide(offered(1), 1)).type).toBe('accept');
    expect((await agent.decide(offered(5, [0, 4]), 1)).type).toBe('accept');
  });

  it('is accepted by the baseline bot, which declines a single for money while the resigner has borne off nothing', async () => {
    const agent = baselineAgent('expert', 1);
    expect((await agent.decide(offered(0), 1)).type).toBe('decline');
    expect((await agent.decide(offered(1), 1)).type).toBe('accept');
  });
});
