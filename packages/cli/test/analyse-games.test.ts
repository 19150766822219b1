import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baselineAgent } from '@zar/bot';
import { type GameAction, newMatch, parseMatchSettings, seededDice, step, toJsonRecord } from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runZar } from './run-zar.js';

let file: string;
beforeAll(async () => {
  const settings = parseMatchSettings({ length: 1, cycle: [{ game: 'long-nardy' }] });
  if (!settings.ok) throw new Error(settings.error.message);
  let match = newMatch(settings.value);
  const actions: GameAction[] = [];
  const dice = seededDice(7);
  const agents = [baselineAgent('casual', 1), baselineAgent('club', 2)] as const;
  while (match.winner === null) {
    const r = await step(match, agents, dice);
    if (!r.ok) throw new Error(r.error.message);
    actions.push(r.value.action);
    match = r.value.match;
  }
  file = join(mkdtempSync(join(tmpdir(), 'zar-analyse-nardy-')), 'match.json');
  writeFileSync(file, toJsonRecord({ version: 1, settings: settings.value, players: ['Ann', 'Bob'], actions }));
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
