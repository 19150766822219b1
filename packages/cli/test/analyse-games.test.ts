import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runZar } from './run-zar.js';
import { writePlayedMatch } from './support/played-match.js';

let file: string;
beforeAll(async () => {
  file = await writePlayedMatch({ length: 1, cycle: [{ game: 'long-nardy' }] }, 7, 'zar-analyse-nardy-');
});

describe('zar analyse, another game than backgammon', () => {
  it('analyses a long nardy JSON record with the long-nardy net: every decision in long nardy, both players rated', async () => {
    const run = await runZar(['analyse', file, '--plies', '0', '--json']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const [a] = jsonLines(run.out) as [
      {
        players: { name: string; decisions: number; pr: number; luck: number }[];
        decisions: { gameId: string; position: string; positionId?: string }[];
      },
    ];
    expect(a.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    for (const p of a.players) {
      expect(p.decisions).toBeGreaterThan(0);
      expect(Number.isFinite(p.pr) && Number.isFinite(p.luck)).toBe(true);
    }
    for (const d of a.decisions) {
      expect(d.gameId).toBe('long-nardy');
      expect(d.position.startsWith('long-nardy:')).toBe(true);
      expect(d.positionId).toBeUndefined();
    }
    const table = await runZar(['analyse', file, '--plies', '0']);
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/^Ann /m);
  }, 60_000);
});
