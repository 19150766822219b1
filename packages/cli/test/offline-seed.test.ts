import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MATCH_DEFAULTS, type MatchSettings, parseJsonRecord, parseMatchSettings } from '@zar/match';
import { describe, expect, it } from 'vitest';
// The browser's offline driver is the web's, and the web cannot run the terminal's command
// (a page has no readline): the test holding the two together lives on this side.
import { OfflineMatch } from '../../web/src/offline/driver.js';
import { personChoice } from '../../web/test/support/offline-person.js';
import { runZar } from './run-zar.js';

/** The levels the browser plays offline, as its driver takes them. */
type Level = Parameters<typeof OfflineMatch.from>[0]['level'];

const dir = mkdtempSync(join(tmpdir(), 'zar-offline-'));

function settings(game: string): MatchSettings {
  const s = parseMatchSettings({ ...MATCH_DEFAULTS, length: 1, cycle: [{ game }] });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/**
 * The browser's offline match with a scripted person: its actions, and the lines the same
 * person types at `zar play`'s prompts for the same decisions.
 */
async function offline(game: string, level: Level, seed: string) {
  const made = OfflineMatch.from({
    id: 'offline-seed',
    settings: settings(game),
    level,
    seed,
    names: ['You', 'Bot'],
    actions: [],
    startedAt: 0,
  });
  if (!made.ok) throw new Error(made.error.message);
  const m = made.value;
  const lines: string[] = [];
  while (m.state.winner === null) {
    if (m.due()) {
      const r = await m.next();
      if (!r.ok) throw new Error(r.error.message);
      continue;
    }
    const choice = personChoice(m.state);
    if (choice.line !== null) lines.push(choice.line);
    const r = m.act(choice.action);
    if (!r.ok) throw new Error(r.error.message);
  }
  return { actions: m.kept().actions, lines };
}

describe('the browser and zar play agree on a seeded match', () => {
  it.each([
    ['backgammon', 'beginner', 'agree-1'],
    ['long-nardy', 'club', 'agree-2'],
    ['plakoto', 'casual', 'agree-3'],
  ] as const)('%s at %s: the same dice and the same plays through both', async (game, level, seed) => {
    const browser = await offline(game, level, seed);
    const file = join(dir, `${game}.json`);
    const run = await runZar(
      ['play', '--game', game, '--length', '1', '--level', level, '--seed', seed, '--export', file],
      `${browser.lines.join('\n')}\n`,
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const cli = parseJsonRecord(readFileSync(file, 'utf8'));
    if (!cli.ok) expect.fail(`${cli.error.code}: ${cli.error.message}`);
    expect(browser.actions.length).toBeGreaterThan(10);
    expect(browser.actions).toEqual(cli.value.actions);
  });
});
