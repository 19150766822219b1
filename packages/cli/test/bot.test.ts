import { makeMatchId } from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomWeightsFile } from './bot-weights.js';
import { jsonLines, runZar } from './run-zar.js';

const START_ID = '4HPwATDgc/ABMA';
let weights: string;
beforeAll(() => {
  weights = randomWeightsFile(2);
});

const matchId = (extra: Partial<Parameters<typeof makeMatchId>[0]> = {}) =>
  makeMatchId({
    cube: 1,
    cubeOwner: null,
    onRoll: 0,
    toDecide: 0,
    crawford: false,
    gameState: 'playing',
    doubled: false,
    resigned: 0,
    dice: null,
    matchLength: 0,
    score: [0, 0],
    jacoby: false,
    ...extra,
  });

describe('zar bot', () => {
  it('answers one JSON line per request line, errors included, in order', async () => {
    const money = matchId();
    const crawford = matchId({ matchLength: 5, score: [4, 2], crawford: true });
    const input = [
      { position: START_ID, match: money, dice: [3, 1] },
      { position: START_ID, match: money, decision: 'double' },
      { position: START_ID, match: crawford, decision: 'double' },
      { position: START_ID, match: matchId({ doubled: true, toDecide: 1 }), decision: 'take' },
      'not json',
      { position: START_ID, match: money, dice: [7, 1] },
      { position: START_ID, match: 'bad', dice: [3, 1] },
      { position: START_ID, match: money, decision: 'resign' },
      { position: START_ID, match: money, decison: 'double' },
    ]
      .map((r) => (typeof r === 'string' ? r : JSON.stringify(r)))
      .join('\n');
    const run = await runZar(['bot', '--level', 'club', '--weights', weights], `${input}\n\n`);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const answers = jsonLines(run.out) as Record<string, unknown>[];
    expect(answers).toHaveLength(9);
    expect(typeof answers[0]?.play).toBe('string');
    expect(answers[0]?.play).not.toBe('');
    expect(typeof answers[1]?.double).toBe('boolean');
    // The Crawford game: nobody doubles.
    expect(answers[2]).toEqual({ double: false });
    expect(typeof answers[3]?.take).toBe('boolean');
    const code = (a: Record<string, unknown> | undefined) => (a?.error as { code?: string } | undefined)?.code;
    expect(code(answers[4])).toBe('ERR_JSON');
    expect(code(answers[5])).toMatch(/^ERR_/);
    expect(code(answers[6])).toBe('ERR_MATCH_ID');
    expect(code(answers[7])).toBe('ERR_REQUEST');
    // A misspelled field is refused, not read as a play request without dice.
    expect(answers[8]).toMatchObject({ error: { code: 'ERR_REQUEST', message: expect.stringContaining('decison') } });
  }, 60_000);

  it('refuses an unknown level or game', async () => {
    const level = await runZar(['bot', '--level', 'godlike', '--weights', weights], '');
    expect(level.code).toBe(1);
    expect(level.err).toMatch(/ERR_LEVEL/);
    const game = await runZar(['bot', '--game', 'plakoto', '--weights', weights], '');
    expect(game.code).toBe(1);
    expect(game.err).toMatch(/ERR_WRONG_GAME/);
  }, 60_000);
});
