import { rulesFor } from '@zar/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomWeightsFile } from './bot-weights.js';
import { jsonLines, runZar } from './run-zar.js';

const START_ID = '4HPwATDgc/ABMA';
let weights: string;
beforeAll(() => {
  weights = randomWeightsFile();
});

interface Hint {
  plays: { play: string; equity: number; cubeless: number; plies: number; probabilities: number[] }[];
}

describe('zar hint', () => {
  it('lists every play of 3-1 from the start, best first, with equities', async () => {
    const run = await runZar([
      'hint',
      START_ID,
      '31',
      '--plies',
      '0',
      '--count',
      '100',
      '--json',
      '--weights',
      weights,
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const [answer] = jsonLines(run.out) as [Hint];
    // 16 plays: the engine's golden table for 3-1 from the start.
    expect(answer.plays).toHaveLength(16);
    const legal = rulesFor('backgammon').legalPlays(rulesFor('backgammon').start(), [3, 1]).length;
    expect(answer.plays).toHaveLength(legal);
    expect(new Set(answer.plays.map((p) => p.play)).size).toBe(16);
    for (let i = 1; i < answer.plays.length; i++) {
      expect(answer.plays[i - 1]?.equity).toBeGreaterThanOrEqual(answer.plays[i]?.equity as number);
    }
    for (const p of answer.plays) expect(p.probabilities).toHaveLength(5);
  }, 60_000);

  it('searches the best plays at 1-ply and prints a table', async () => {
    const run = await runZar(['hint', START_ID, '6-5', '--count', '3', '--weights', weights]);
    expect(run.code).toBe(0);
    const lines = run.out.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^1\. .*1-ply/);
  }, 60_000);

  it('--rollout rolls out the best three plays', async () => {
    const run = await runZar([
      'hint',
      START_ID,
      '43',
      '--plies',
      '0',
      '--rollout',
      '3',
      '--json',
      '--weights',
      weights,
    ]);
    expect(run.code).toBe(0);
    const [answer] = jsonLines(run.out) as [{ plays: { rollout?: { trials: number; stdError: number } }[] }];
    expect(answer.plays.slice(0, 3).map((p) => p.rollout?.trials)).toEqual([3, 3, 3]);
    expect(answer.plays[3]?.rollout).toBeUndefined();
  }, 60_000);

  it('without dice gives the cube decision', async () => {
    const run = await runZar(['hint', START_ID, '--json', '--plies', '0', '--weights', weights]);
    expect(run.code).toBe(0);
    const [answer] = jsonLines(run.out) as [{ action: string; doubleDrop: number; mayDouble: boolean }];
    expect(answer.mayDouble).toBe(true);
    expect(answer.doubleDrop).toBe(1);
    expect(typeof answer.action).toBe('string');
  }, 60_000);

  it('rejects bad dice and positions with a code', async () => {
    const dice = await runZar(['hint', START_ID, '71', '--weights', weights]);
    expect(dice.code).toBe(1);
    expect(dice.err).toMatch(/ERR_DICE/);
    const pos = await runZar(['hint', 'nonsense!', '31', '--weights', weights]);
    expect(pos.code).toBe(1);
    expect(pos.err).toMatch(/^zar: ERR_/);
    const none = await runZar(['hint', START_ID, '31', '--weights', '/nonexistent/weights.json']);
    expect(none.err).toMatch(/ERR_NO_WEIGHTS/);
  }, 60_000);
});
