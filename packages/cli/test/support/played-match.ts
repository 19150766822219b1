import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baselineAgent } from '@zar/bot';
import { type GameAction, newMatch, parseMatchSettings, seededDice, step, toJsonRecord } from '@zar/match';

/**
 * Plays a whole match of `settings` between a casual and a club baseline bot on dice seeded with
 * `seed`, and writes its Zar JSON record (Ann against Bob) to a new folder named from `prefix`;
 * returns the record's path, so the analyse tests read a real match from disk.
 */
export async function writePlayedMatch(settings: unknown, seed: number, prefix: string): Promise<string> {
  const parsed = parseMatchSettings(settings);
  if (!parsed.ok) throw new Error(parsed.error.message);
  let match = newMatch(parsed.value);
  const actions: GameAction[] = [];
  const dice = seededDice(seed);
  const agents = [baselineAgent('casual', 1), baselineAgent('club', 2)] as const;
  while (match.winner === null) {
    const r = await step(match, agents, dice);
    if (!r.ok) throw new Error(r.error.message);
    actions.push(r.value.action);
    match = r.value.match;
  }
  const file = join(mkdtempSync(join(tmpdir(), prefix)), 'match.json');
  writeFileSync(file, toJsonRecord({ version: 1, settings: parsed.value, players: ['Ann', 'Bob'], actions }));
  return file;
}
