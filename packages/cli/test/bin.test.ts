import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jsonLines, runZar } from './run-zar.js';

const BIN = fileURLToPath(new URL('../bin/zar.mjs', import.meta.url));

describe('the zar binary', () => {
  it('runs `zar moves` for real: the seed position on stdin, JSON lines on stdout', () => {
    const input = `${JSON.stringify({ game: 'backgammon', position: '4HPwATDgc/ABMA', dice: [3, 1] })}\nbad\n`;
    const run = spawnSync(process.execPath, [BIN, 'moves'], { input, encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [answer, error] = jsonLines(run.stdout) as [
      { plays: { play: string; position: string }[] },
      { error: { code: string } },
    ];
    expect(answer.plays.find((p) => p.play === '8/5 6/5')?.position).toBe('sGfwATDgc/ABMA');
    expect(error.error.code).toBe('ERR_JSON');
  });

  it('exits 1 with a message on stderr when a command fails', () => {
    const run = spawnSync(process.execPath, [BIN, 'show', 'nonsense!'], { encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^zar: ERR_/);
  });
});

describe('zar --help', () => {
  it('lists the commands and exits 0', async () => {
    const run = await runZar(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['moves', 'show', 'shots']) expect(run.out).toContain(command);
  });

  it('rejects an unknown command with exit code 1', async () => {
    const run = await runZar(['juggle']);
    expect(run.code).toBe(1);
    expect(run.err).toContain('juggle');
  });
});
