import type { GameId } from '@zar/engine';
import { type Agent, MATCH_DEFAULTS, type MatchState, newMatch, seededDice, step } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { baselineAgent } from '../../src/baseline/agent.js';
import { gameNetAgentFrom } from '../../src/game-net/agent.js';
import { GAME_INPUTS } from '../../src/game-net/encode.js';
import { committedGameNet } from '../../src/game-net/load.js';
import { type Network, randomNetwork } from '../../src/nn/network.js';
import { OUTPUTS } from '../../src/probabilities.js';
import { seededRandom } from '../../src/random.js';
import { NET_GAMES } from './positions.js';

/** Plays a one-game match through @zar/match's driver; the reducer refuses any illegal action. */
async function playOneGame(game: GameId, agents: readonly [Agent, Agent], seed: number): Promise<MatchState> {
  let m: MatchState = newMatch({ ...MATCH_DEFAULTS, length: 1, cycle: [{ game }] });
  const dice = seededDice(`game-net-${game}-${seed}`);
  for (let actions = 0; m.winner === null; actions++) {
    if (actions > 5000) throw new Error(`${game}: the game did not end`);
    const r = await step(m, agents, dice);
    if (!r.ok) throw new Error(`${game}: ${r.error.code} ${r.error.message}`);
    m = r.value.match;
  }
  return m;
}

describe('game-net agent', () => {
  const net = randomNetwork(GAME_INPUTS, 12, OUTPUTS, seededRandom(11));

  it.each(NET_GAMES)('plays %s at 0-ply and 1-ply with only legal actions', async (game) => {
    const a = await playOneGame(game, [gameNetAgentFrom(net, 'club', 1), baselineAgent('casual', 2)], 1);
    expect(a.winner === 0 || a.winner === 1).toBe(true);
    const b = await playOneGame(game, [gameNetAgentFrom(net, 'beginner', 3), gameNetAgentFrom(net, 'expert', 4)], 2);
    expect(b.winner === 0 || b.winner === 1).toBe(true);
    expect(b.results.length).toBeGreaterThan(0);
  });

  it.each(NET_GAMES)('loads the committed %s weights once and plays with them', async (game) => {
    const net = await committedGameNet(game);
    expect(net).not.toBeNull();
    expect(await committedGameNet(game)).toBe(net);
    const m = await playOneGame(game, [gameNetAgentFrom(net as Network, 'club', 5), baselineAgent('expert', 6)], 3);
    expect(m.winner === 0 || m.winner === 1).toBe(true);
  });

  it('has no game net for backgammon, which has its own evaluator', async () => {
    expect(await committedGameNet('backgammon')).toBeNull();
  });

  it('accepts a resignation of the most the game can be worth', async () => {
    const agent = gameNetAgentFrom(net, 'club');
    const m = newMatch({ ...MATCH_DEFAULTS, length: 0, cycle: [{ game: 'fevga' }] });
    const resigning = (level: 1 | 2) =>
      ({
        ...m,
        game: { ...m.game, phase: 'resigning', turn: 0, resign: { by: 0, level, resume: 'roll' } },
      }) as MatchState;
    // Two points are the most a fevga game can be worth, so a gammon offered is always worth taking.
    expect((await agent.decide(resigning(2), 1)).type).toBe('accept');
  });
});
