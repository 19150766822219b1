import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importMat, parseJsonRecord, replay } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { runZar } from './run-zar.js';

const dir = mkdtempSync(join(tmpdir(), 'zar-play-'));

describe('zar play --auto', () => {
  it('plays a whole backgammon match between two bots and exports a .mat that imports back', async () => {
    const file = join(dir, 'auto.mat');
    const run = await runZar(['play', '--auto', '--length', '3', '--seed', 'cli-1', '--export', file, '--quiet']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Match won by /);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^ 3 point match/m);
    const imported = importMat(text);
    if (!imported.ok) expect.fail(`${imported.error.code}: ${imported.error.message}`);
    const replayed = replay(imported.value);
    expect(replayed.ok).toBe(true);
    const final = replayed.ok ? replayed.value.states.at(-1) : undefined;
    expect(final?.winner).not.toBeNull();
    expect(Math.max(...(final?.score ?? [0, 0]))).toBe(3);
  });

  it('the same seed plays the same match', async () => {
    const a = await runZar(['play', '--auto', '--length', '1', '--seed', 'same']);
    const b = await runZar(['play', '--auto', '--length', '1', '--seed', 'same']);
    expect(a.out).toBe(b.out);
    expect(a.out).toMatch(/rolls \d-\d/);
  });

  it.each(['long-nardy', 'plakoto', 'fevga', 'gul-bara'])('%s exports a Zar JSON record that replays', async (game) => {
    const file = join(dir, `${game}.json`);
    const run = await runZar([
      'play',
      '--auto',
      '--game',
      game,
      '--length',
      '1',
      '--seed',
      game,
      '--export',
      file,
      '-q',
    ]);
    expect(run.code).toBe(0);
    const parsed = parseJsonRecord(readFileSync(file, 'utf8'));
    if (!parsed.ok) expect.fail(`${parsed.error.code}: ${parsed.error.message}`);
    expect(parsed.value.settings.cycle[0]?.game).toBe(game);
  });

  it('refuses an unknown game or level with an error', async () => {
    const bad = await runZar(['play', '--auto', '--game', 'chess']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/ERR_SETTINGS/);
    const level = await runZar(['play', '--auto', '--level', 'godlike']);
    expect(level.code).toBe(1);
    expect(level.err).toMatch(/ERR_LEVEL/);
  });
});

describe('zar play against the bot at the keyboard', () => {
  it('takes answers at its prompts until the match ends', async () => {
    // Every prompt re-asks on an answer it does not take, so this cycle answers them all:
    // r = roll, 1 = the first listed play, t = take, n = decline a resignation.
    const answers = 'r\n1\nt\nn\n'.repeat(3000);
    const run = await runZar(['play', '--length', '1', '--seed', 'keyboard', '--level', 'beginner'], answers);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/You rolled \d-\d/);
    expect(run.out).toMatch(/Match won by /);
  });

  it('stops cleanly when the input ends', async () => {
    const run = await runZar(['play', '--length', '1', '--seed', 'short'], 'r\n');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Input ended/);
  });
});
