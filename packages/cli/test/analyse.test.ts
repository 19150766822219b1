import { beforeAll, describe, expect, it } from 'vitest';
import { randomWeightsFile } from './bot-weights.js';
import { jsonLines, runZar } from './run-zar.js';
import { writePlayedMatch } from './support/played-match.js';

let weights: string;
let file: string;
beforeAll(async () => {
  weights = randomWeightsFile(3);
  file = await writePlayedMatch({ length: 3 }, 42, 'zar-analyse-');
});

describe('zar analyse', () => {
  it('reports both players with error rate, PR and luck as JSON', async () => {
    const run = await runZar(['analyse', file, '--plies', '0', '--cube-plies', '0', '--json', '--weights', weights]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const [a] = jsonLines(run.out) as [
      {
        players: { name: string; decisions: number; pr: number; errorRate: number; luck: number }[];
        decisions: unknown[];
      },
    ];
    expect(a.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    expect(a.players[0]?.decisions).toBeGreaterThan(0);
    expect(a.decisions.length).toBe((a.players[0]?.decisions ?? 0) + (a.players[1]?.decisions ?? 0));
    for (const p of a.players) expect(p.pr).toBeCloseTo(p.errorRate / 2, 9);
    // Each player's luck, an equity: finite, and not nothing over a whole match.
    for (const p of a.players) expect(Number.isFinite(p.luck)).toBe(true);
    expect(a.players.some((p) => p.luck !== 0)).toBe(true);
  }, 60_000);

  it('prints a table by default, luck beside PR, and fails cleanly on a missing file', async () => {
    const run = await runZar(['analyse', file, '--plies', '0', '--cube-plies', '0', '--weights', weights]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/PR/);
    expect(run.out).toMatch(/^Ann /m);
    // Each player's line shows his PR then his luck, as the JSON has them (signed, three decimals).
    const json = await runZar(['analyse', file, '--plies', '0', '--cube-plies', '0', '--json', '--weights', weights]);
    const [a] = jsonLines(json.out) as [{ players: { name: string; pr: number; luck: number }[] }];
    expect(run.out).toMatch(/^player .* PR +luck doubtful/m);
    for (const p of a.players) {
      const luck = `${p.luck >= 0 ? '+' : ''}${p.luck.toFixed(3)}`;
      const line = run.out.split('\n').find((l) => l.startsWith(`${p.name} `));
      expect(line?.split(/ +/).slice(4, 6)).toEqual([p.pr.toFixed(1), luck]);
    }
    const missing = await runZar(['analyse', '/nonexistent.mat', '--weights', weights]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/ERR_FILE/);
  }, 60_000);
});
