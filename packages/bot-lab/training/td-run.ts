import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildBearoffDatabase, createEvaluator, type EvaluatorNets } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import cliProgress from 'cli-progress';
import { parseNets, readCheckpoint, serializeNets, startingNets, type TdCheckpoint, writeJson } from './checkpoint.js';
import { initialNets, type NetsWeights, netsFromWeights, weightsOf } from './nets.js';
import type { PlayRequest, PlayResult } from './selfplay-worker.js';
import { createTdTrainer } from './td.js';

export interface TdOptions {
  games: number;
  seed: number;
  workers: number;
  roundGames: number;
  contactHidden: number;
  raceHidden: number;
  alpha: number;
  alphaMin: number;
  alphaHalfLife: number;
  lambda: number;
  lambdaEnd: number;
  lambdaGames: number;
  checkpointMinutes: number;
  archiveGames: number;
  dir: string;
  resume: boolean;
  /** A checkpoint or weights file to start from instead of random weights ('' for none). */
  from: string;
}

export const TD_DEFAULTS: TdOptions = {
  games: 1_000_000,
  seed: 1,
  workers: 2,
  roundGames: 50,
  contactHidden: 128,
  raceHidden: 64,
  alpha: 0.04,
  alphaMin: 0.005,
  alphaHalfLife: 150_000,
  lambda: 0.7,
  lambdaEnd: 0,
  lambdaGames: 300_000,
  checkpointMinutes: 5,
  archiveGames: 50_000,
  dir: 'training/checkpoints',
  resume: false,
  from: '',
};

/** Step size after `games` games: halves every `alphaHalfLife` games, never below `alphaMin`. */
export function alphaAt(o: TdOptions, games: number): number {
  return Math.max(o.alphaMin, o.alpha * 0.5 ** (games / o.alphaHalfLife));
}

/** λ after `games` games: from `lambda` down to `lambdaEnd` linearly over `lambdaGames`. */
export function lambdaAt(o: TdOptions, games: number): number {
  const f = Math.min(1, games / o.lambdaGames);
  return o.lambda + (o.lambdaEnd - o.lambda) * f;
}

/** The dice seed of one worker's share of one round: a fixed function of the run's seed. */
export function roundSeed(seed: number, round: number, worker: number): number {
  let h =
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(round + 1, 0xc2b2ae35) ^ Math.imul(worker + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 13)) >>> 0;
}

const BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./selfplay-worker.ts', import.meta.url).href;

/**
 * TD(λ) self-play. Workers play rounds of games with a snapshot of the nets; the main thread
 * trains on them. Round r+1 is played while round r is trained, so every round is played
 * with the weights from before the previous round's training: fixed, so a seed replays the
 * whole run, interrupted or not.
 */
export async function runTd(o: TdOptions): Promise<void> {
  mkdirSync(o.dir, { recursive: true });
  const logPath = join(o.dir, 'train.log');
  const log = (line: string) => appendFileSync(logPath, `${new Date().toISOString()} ${line}\n`);
  const latest = join(o.dir, 'latest.json');
  const saved = o.resume ? readCheckpoint(latest) : null;
  if (o.resume && !saved) throw new Error(`nothing to resume: ${latest} does not exist`);
  if (saved) Object.assign(o, { ...saved.options, games: o.games, resume: true, dir: o.dir });
  const t0 = performance.now();
  const db = buildBearoffDatabase();
  log(`bearoff database built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const nets: EvaluatorNets = saved
    ? parseNets(saved.nets)
    : o.from !== ''
      ? startingNets(o.from)
      : initialNets(o.seed, o.contactHidden, o.raceHidden);
  let dispatched: NetsWeights = saved ? weightsOf(parseNets(saved.dispatched)) : weightsOf(nets);
  const ev = createEvaluator(nets, db);
  const trainer = createTdTrainer(ev);
  let rounds = saved?.rounds ?? 0;
  let games = saved?.games ?? 0;
  let positions = saved?.positions ?? 0;
  const elapsedBefore = saved?.elapsedMs ?? 0;
  const sessionStart = performance.now();
  const elapsed = () => elapsedBefore + performance.now() - sessionStart;
  log(
    saved
      ? `resumed at round ${rounds}, ${games} games, ${(elapsedBefore / 60000).toFixed(1)} min trained`
      : `new run ${JSON.stringify(o)}`,
  );

  const workers = Array.from({ length: o.workers }, () => new Worker(BOOT, { workerData: { __entry: ENTRY } }));
  const pending = new Map<number, (r: PlayResult) => void>();
  const results = new Map<string, PlayResult>();
  await Promise.all(workers.map((w) => new Promise<void>((res) => w.once('message', () => res()))));
  for (const w of workers) {
    w.on('message', (r: PlayResult) => {
      results.set(`${r.round}/${r.worker}`, r);
      pending.get(r.round)?.(r);
    });
  }

  const dispatch = (round: number, weights: NetsWeights) => {
    workers.forEach((w, i) => {
      const req: PlayRequest = { round, worker: i, seed: roundSeed(o.seed, round, i), games: o.roundGames, weights };
      w.postMessage(req);
    });
  };
  const collect = (round: number) =>
    new Promise<PlayResult[]>((res) => {
      const check = () => {
        const all = workers.map((_, i) => results.get(`${round}/${i}`));
        if (all.every((r) => r !== undefined)) {
          pending.delete(round);
          for (let i = 0; i < workers.length; i++) results.delete(`${round}/${i}`);
          res(all as PlayResult[]);
        }
      };
      pending.set(round, check);
      check();
    });

  const bar = new cliProgress.SingleBar(
    {
      format:
        'TD {bar} {value}/{total} games | {rate} games/s | loss {loss} | α {alpha} λ {lambda} | ETA {eta_formatted}',
      noTTYOutput: true,
      notTTYSchedule: 30_000,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(o.games, games, { rate: '-', loss: '-', alpha: '-', lambda: '-' });
  let lastCheckpoint = performance.now();
  /** A copy of the checkpoint is kept at the first checkpoint past each multiple of archiveGames. */
  let lastArchive = Math.floor(games / o.archiveGames);
  let windowLoss = 0;
  let windowSteps = 0;
  let windowGames = 0;
  let windowStart = performance.now();

  const checkpoint = () => {
    const cp: TdCheckpoint = {
      kind: 'zar-td-checkpoint/1',
      options: { ...o } as unknown as Record<string, number>,
      rounds,
      games,
      positions,
      elapsedMs: elapsed(),
      nets: serializeNets(nets),
      dispatched: serializeNets(netsFromWeights(dispatched)),
    };
    writeJson(latest, cp);
    const archive = Math.floor(games / o.archiveGames);
    if (archive > lastArchive) {
      writeJson(join(o.dir, `td-${games}.json`), cp);
      lastArchive = archive;
    }
    log(`checkpoint: round ${rounds}, ${games} games, ${positions} positions, ${(elapsed() / 60000).toFixed(1)} min`);
  };

  dispatch(rounds, dispatched);
  while (games < o.games) {
    const played = await collect(rounds);
    const next = weightsOf(nets);
    if (games + o.roundGames * o.workers < o.games) dispatch(rounds + 1, next);
    const alpha = alphaAt(o, games);
    const lambda = lambdaAt(o, games);
    for (const r of played) {
      let from = 0;
      for (const n of r.lengths) {
        const { loss, steps } = trainer.trainGame(r.boards, from, n, alpha, lambda);
        from += n * BOARD_LENGTH;
        windowLoss += loss;
        windowSteps += steps;
        positions += steps;
        games++;
        windowGames++;
      }
    }
    dispatched = next;
    rounds++;
    const now = performance.now();
    if (now - windowStart > 30_000) {
      const rate = (windowGames / (now - windowStart)) * 1000;
      const loss = windowLoss / Math.max(1, windowSteps);
      log(
        `games ${games} rate ${rate.toFixed(1)}/s mse ${loss.toFixed(4)} alpha ${alpha.toFixed(4)} lambda ${lambda.toFixed(3)}`,
      );
      bar.update(games, {
        rate: rate.toFixed(1),
        loss: loss.toFixed(4),
        alpha: alpha.toFixed(4),
        lambda: lambda.toFixed(2),
      });
      windowLoss = 0;
      windowSteps = 0;
      windowGames = 0;
      windowStart = now;
    } else bar.update(games);
    if (now - lastCheckpoint > o.checkpointMinutes * 60_000 || games >= o.games) {
      checkpoint();
      lastCheckpoint = now;
    }
  }
  bar.stop();
  await Promise.all(workers.map((w) => w.terminate()));
  log(`done: ${games} games in ${(elapsed() / 60000).toFixed(1)} min`);
}
