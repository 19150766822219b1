import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runZar } from './run-zar.js';

const FIXTURES = fileURLToPath(new URL('../../match/test/fixtures/mat/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'zar-mat-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('zar mat check', () => {
  it('a gnubg .mat file: the games and the final score', async () => {
    // gnubg-selfplay-7.json: four games, root (right) wins 7-4.
    const run = await runZar(['mat', 'check', join(FIXTURES, 'gnubg-selfplay-7.mat')]);
    expect(run.err).toBe('');
    expect(run.out).toBe('OK: 4 games, final score 4-7\n');
    expect(run.code).toBe(0);
  });

  it('the first illegal move with its line number, exit code 1', async () => {
    const lines = readFileSync(join(FIXTURES, 'zar-golden.mat'), 'utf8').split('\n');
    lines[4] = '  1) 31: 24/20 24/23             52: 13/8 24/22 ';
    const run = await runZar(['mat', 'check', file('bad.mat', lines.join('\n'))]);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toMatch(/^zar: ERR_MAT_ILLEGAL_MOVE: .*bad\.mat: line 5: left plays "24\/20 24\/23": /);
  });

  it('a Zar JSON record, finished or not', async () => {
    const record = {
      version: 1,
      settings: { length: 3 },
      players: ['Ann', 'Ben'],
      actions: [
        { type: 'opening', dice: [3, 1] },
        { type: 'play', player: 0, play: '8/5 6/5' },
        { type: 'double', player: 1 },
        { type: 'drop', player: 0 },
      ],
    };
    const run = await runZar(['mat', 'check', file('record.json', JSON.stringify(record))]);
    expect(run.out).toBe('OK: 1 game, final score 0-1 (unfinished)\n');
    expect(run.code).toBe(0);
    const bad = { ...record, actions: [...record.actions, { type: 'take', player: 0 }] };
    const refused = await runZar(['mat', 'check', file('bad.json', JSON.stringify(bad))]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/ERR_RECORD_ILLEGAL: .*actions\[4\]/);
  });

  it('a match in progress only with --unfinished', async () => {
    const text = readFileSync(join(FIXTURES, 'zar-golden.mat'), 'utf8').split(' Game 3')[0] as string;
    const path = file('partial.mat', text);
    const strict = await runZar(['mat', 'check', path]);
    expect(strict.code).toBe(1);
    expect(strict.err).toMatch(/ERR_MAT_TRUNCATED/);
    const lenient = await runZar(['mat', 'check', '--unfinished', path]);
    expect(lenient.out).toBe('OK: 2 games, final score 4-1 (unfinished)\n');
  });

  it('a file that cannot be read, and garbage', async () => {
    const missing = await runZar(['mat', 'check', join(dir, 'nope.mat')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^zar: ERR_FILE: cannot read/);
    const garbage = await runZar(['mat', 'check', file('garbage.mat', '\u0000\u0001 not a match\n')]);
    expect(garbage.code).toBe(1);
    expect(garbage.err).toMatch(/^zar: ERR_MAT_HEADER: .*line 1:/);
  });
});
