import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MATCH_DEFAULTS, type MatchSettings, parseJsonRecord, parseMatchSettings } from '@zar/match';
import { OfflineMatch } from '@zar/offline';
import { personChoice } from '@zar/offline/scripted-person';
import { describe, expect, it } from 'vitest';
import { runZar } from './run-zar.js';

/** The levels the browser plays offline, as its driver takes them. */
type Level = Parameters<typeof OfflineMatch.from>[0]['level'];

const dir = mkdtempSync(join(tmpdir(), 'zar-offline-'));

function settings(game: string): MatchSettings {
  const s = parseMatchSettings({ ...MATCH_DEFAULTS, length: 1, cycle: [{ game }] });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

// The browser's offline match is @zar/offline's and `zar play` is this package's: the test
// holding the two together lives where both run.

/**
 * The browser's offline match with a scripted person: its actions, and the lines the same
 * person types at `zar play`'s prompts for the same decisions. After `resumeAt` actions the
 * match is opened again from its kept record, as the page does after a reload.
 */
async function offline(game: string, level: Level, seed: string, resumeAt = Number.POSITIVE_INFINITY) {
  const open = (record: Parameters<typeof OfflineMatch.from>[0]) => {
    const made = OfflineMatch.from(record);
    if (!made.ok) throw new Error(made.error.message);
    return made.value;
  };
  let m = open({
    id: 'offline-seed',
    settings: settings(game),
    level,
    seed,
    names: ['You', 'Bot'],
    actions: [],
    startedAt: 0,
  });
  const lines: string[] = [];
  while (m.state.winner === null) {
    if (m.version === resumeAt) m = open(JSON.parse(JSON.stringify(m.kept())));
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

/** The browser's match and `zar play --seed` with the same person's answers give the same actions. */
async function expectAgreement(game: string, level: Level, seed: string, resumeAt?: number) {
  const browser = await offline(game, level, seed, resumeAt);
  const file = join(dir, `${game}-${seed}.json`);
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
}

describe('the browser and zar play agree on a seeded match', () => {
  it.each([
    ['backgammon', 'beginner', 'agree-1'],
    ['long-nardy', 'club', 'agree-2'],
    ['plakoto', 'casual', 'agree-3'],
  ] as const)('%s at %s: the same dice and the same plays through both', async (game, level, seed) => {
    await expectAgreement(game, level, seed);
  });

  it.each([
    ['backgammon', 'casual', 9, 'agree-4'],
    ['fevga', 'beginner', 24, 'agree-5'],
  ] as const)(
    '%s at %s, resumed in the browser after %i actions: still the match zar play plays',
    async (game, level, at, seed) => {
      await expectAgreement(game, level, seed, at);
    },
  );
});
