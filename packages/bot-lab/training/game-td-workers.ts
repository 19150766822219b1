import { Worker } from 'node:worker_threads';
import cliProgress from 'cli-progress';
import { GAME_TD_BAR, type GameTdOptions, type GameTdProgress } from './game-td-run.js';

const BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./game-td-worker.ts', import.meta.url).href;

/** What the parent hears from a game's worker. */
export type GameTdWorkerMessage =
  | { readonly kind: 'progress'; readonly progress: GameTdProgress }
  | { readonly kind: 'done' }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Trains several games at once, each in its own worker thread (one core each), with one
 * progress bar per game. Each game's run is the same as when trained alone with the same
 * options: its dice and its net depend only on its own seed and schedule.
 */
export async function runGameTdWorkers(runs: readonly GameTdOptions[]): Promise<void> {
  const bars = new cliProgress.MultiBar(
    { format: GAME_TD_BAR, noTTYOutput: true, notTTYSchedule: 30_000, etaBuffer: 200 },
    cliProgress.Presets.shades_classic,
  );
  const failures: string[] = [];
  await Promise.all(
    runs.map(
      (o) =>
        new Promise<void>((resolve) => {
          const bar = bars.create(o.games, 0, { game: o.game, rate: '-', loss: '-', alpha: '-', lambda: '-' });
          const worker = new Worker(BOOT, { workerData: { __entry: ENTRY, options: o } });
          worker.on('message', (m: GameTdWorkerMessage) => {
            if (m.kind === 'progress') bar.update(m.progress.games, m.progress);
            else if (m.kind === 'failed') failures.push(`${o.game}: ${m.message}`);
          });
          worker.on('error', (e) => failures.push(`${o.game}: ${e.message}`));
          worker.on('exit', () => resolve());
        }),
    ),
  );
  bars.stop();
  if (failures.length > 0) throw new Error(`training failed: ${failures.join('; ')}`);
}
