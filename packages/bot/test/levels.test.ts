import { type Dice, makePosition, rulesFor } from '@zar/engine';
import { type Agent, type MatchState, newMatch, parseMatchSettings, seededDice, step } from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNeuralBot, neuralAgent } from '../src/backgammon-net/agent.js';
import { buildBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { createEvaluator, type Evaluator } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { baselineAgent } from '../src/baseline/agent.js';
import { MONEY } from '../src/cube/context.js';
import { isLevel, LEVEL_NAMES, LEVELS } from '../src/levels.js';
import { randomNetwork } from '../src/nn/network.js';
import { OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';

let ev: Evaluator;
beforeAll(() => {
  const random = seededRandom(13);
  const nets = { contact: randomNetwork(INPUTS, 8, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) };
  ev = createEvaluator(nets, buildBearoffDatabase());
}, 60_000);

const rules = rulesFor('backgammon');

async function playMatch(agents: readonly [Agent, Agent], length: number, seed: number, maxSteps = 3000) {
  const settings = parseMatchSettings({ length });
  if (!settings.ok) throw new Error(settings.error.message);
  let match = newMatch(settings.value);
  const dice = seededDice(seed);
  for (let i = 0; i < maxSteps && match.winner === null; i++) {
    const r = await step(match, agents, dice);
    if (!r.ok) throw new Error(`step ${i}: ${r.error.code} ${r.error.message}`);
    match = r.value.match;
  }
  return match;
}

describe('levels', () => {
  it('at least four, from beginner to the strongest: deeper search, less noise', () => {
    expect(LEVEL_NAMES.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < LEVEL_NAMES.length; i++) {
      const a = LEVELS[LEVEL_NAMES[i - 1] as keyof typeof LEVELS];
      const b = LEVELS[LEVEL_NAMES[i] as keyof typeof LEVELS];
      expect(b.plies).toBeGreaterThanOrEqual(a.plies);
      expect(b.noise).toBeLessThanOrEqual(a.noise);
      expect(b.plies > a.plies || b.noise < a.noise).toBe(true);
    }
    expect(isLevel('expert')).toBe(true);
    expect(isLevel('toString')).toBe(false);
  });

  it('beginner and expert play whole matches against the baseline through the driver', async () => {
    for (const level of ['beginner', 'expert'] as const) {
      const end = await playMatch([neuralAgent(ev, level, 1), baselineAgent('club', 2)], 3, 7);
      expect(end.winner).not.toBeNull();
    }
  }, 120_000);

  it('every level chooses one of the legal plays, the same for the same seed', () => {
    const start = rules.start();
    for (const level of LEVEL_NAMES) {
      const dice: Dice = [4, 2];
      const a = createNeuralBot(ev, level, 5).choosePlay(start, dice);
      const b = createNeuralBot(ev, level, 5).choosePlay(start, dice);
      expect(a).not.toBeNull();
      expect(rules.legalPlays(start, dice).map((p) => p.steps)).toContainEqual(a?.steps);
      expect(b?.steps).toEqual(a?.steps);
    }
  });

  it('noiseless levels double and take as the cube analysis says', () => {
    const start = rules.start().board.slice(0, 52);
    const bot = createNeuralBot(ev, 'expert');
    const d = bot.cubeDecision(start, MONEY);
    expect(bot.chooseDouble(start, MONEY)).toBe(d.double);
    expect(bot.chooseTake(start, MONEY) !== 'drop').toBe(d.take);
  });

  it('the agent doubles, takes, drops and beavers last-roll positions as counted by hand', () => {
    // Last-roll positions of cube.test.ts: the doubler wins with 29/36, 23/36 or 15/36.
    const lastRoll = (mine: Record<number, number>): Int8Array => {
      const b = new Int8Array(52);
      for (const [p, n] of Object.entries(mine)) b[Number(p)] = n;
      b[0] = 13;
      b[27] = 1;
      b[26] = 14;
      return b;
    };
    const settings = parseMatchSettings({ length: 0, beaver: true });
    if (!settings.ok) throw new Error(settings.error.message);
    const base = newMatch(settings.value);
    const at = (board: Int8Array, phase: 'roll' | 'doubled'): MatchState => ({
      ...base,
      game: {
        ...base.game,
        phase,
        turn: 0,
        position: makePosition('backgammon', board),
        stake: phase === 'doubled' ? 1 : 0,
      },
    });
    const decide = neuralAgent(ev, 'expert', 1).decide;
    expect(decide(at(lastRoll({ 4: 1, 1: 1 }), 'roll'), 0)).toEqual({ type: 'double' });
    expect(decide(at(lastRoll({ 6: 1, 1: 1 }), 'roll'), 0)).toEqual({ type: 'roll' });
    expect(decide(at(lastRoll({ 4: 1, 1: 1 }), 'doubled'), 1)).toEqual({ type: 'drop' });
    expect(decide(at(lastRoll({ 5: 1, 1: 1 }), 'doubled'), 1)).toEqual({ type: 'take' });
    expect(decide(at(lastRoll({ 6: 1, 1: 1 }), 'doubled'), 1)).toEqual({ type: 'beaver' });
  });
});
