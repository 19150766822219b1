import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameId } from '@zar/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_TD_DEFAULTS, type GameTdOptions, type GameTdProgress, runGameTd } from '../../training/game-td-run.js';
import { runGameTdWorkers } from '../../training/game-td-workers.js';

const root = mkdtempSync(join(tmpdir(), 'zar-game-td-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (game: GameId, dir: string): GameTdOptions => ({
  ...GAME_TD_DEFAULTS,
  game,
  games: 3,
  hidden: 6,
  seed: 5,
  generations: '',
  dir: join(root, dir, game),
});

const netOf = (o: GameTdOptions): unknown => JSON.parse(readFileSync(join(o.dir, 'latest.json'), 'utf8')).net;

describe('game-td with several games', () => {
  it('trains each game in its own worker thread exactly as it trains alone', async () => {
    const games: GameId[] = ['fevga', 'plakoto'];
    await runGameTdWorkers(games.map((g) => run(g, 'parallel')));
    for (const game of games) {
      const alone = run(game, 'alone');
      const seen: GameTdProgress[] = [];
      await runGameTd(alone, (p) => seen.push(p));
      expect(seen.at(-1)).toMatchObject({ game, games: 3, total: 3 });
      expect(netOf(run(game, 'parallel'))).toEqual(netOf(alone));
    }
    expect(netOf(run('fevga', 'alone'))).not.toEqual(netOf(run('plakoto', 'alone')));
  }, 120_000);
});
