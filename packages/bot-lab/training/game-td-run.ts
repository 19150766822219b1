import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createGameEvaluator,
  GAME_INPUTS,
  type Network,
  OUTPUTS,
  parseNetwork,
  randomNetwork,
  type SerializedNetwork,
  seededRandom,
  serializeNetwork,
} from '@zar/bot';
import { type GameId, rulesFor } from '@zar/engine';
import cliProgress from 'cli-progress';
import { writeJson } from './checkpoint.js';
import { createGameTdTrainer, playSelfPlayGame } from './game-td.js';

export interface GameTdOptions {
  game: GameId;
  games: number;
  seed: number;
  hidden: number;
  alpha: number;
  alphaMin: number;
  alphaHalfLife: number;
  lambda: number;
  lambdaEnd: number;
  lambdaGames: number;
  checkpointMinutes: number;
  /** Fractions of `games` at which a generation snapshot is kept, e.g. "0.1,0.5". */
  generations: string;
  dir: string;
  resume: boolean;
}

export const GAME_TD_DEFAULTS: Omit<GameTdOptions, 'game'> = {
  games: 20_000,
  seed: 1,
  hidden: 80,
  alpha: 0.04,
  alphaMin: 0.01,
  alphaHalfLife: 10_000,
  lambda: 0.7,
  lambdaEnd: 0.3,
  lambdaGames: 20_000,
  checkpointMinutes: 3,
  generations: '0.1,0.5',
  dir: '',
  resume: false,
};

/** Everything a run needs to go on exactly where it stopped. */
export interface GameTdCheckpoint {
  readonly kind: 'zar-game-td-checkpoint/1';
  readonly game: GameId;
  readonly options: GameTdOptions;
  readonly games: number;
  readonly positions: number;
  /** Wall time spent training, summed over every session of the run. */
  readonly elapsedMs: number;
  readonly net: SerializedNetwork;
}

const CHUNK = 50;

export const gameCheckpointDir = (game: GameId): string => join('training', 'checkpoints', game);

export function alphaAtGame(o: GameTdOptions, games: number): number {
  return Math.max(o.alphaMin, o.alpha * 0.5 ** (games / o.alphaHalfLife));
}

export function lambdaAtGame(o: GameTdOptions, games: number): number {
  const f = Math.min(1, games / o.lambdaGames);
  return o.lambda + (o.lambdaEnd - o.lambda) * f;
}

/** The dice seed of one game of a run: a fixed function of the run's seed and the game's index. */
export function gameSeed(seed: number, game: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(game + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 13)) >>> 0;
}

export function initialGameNet(seed: number, hidden: number): Network {
  return randomNetwork(GAME_INPUTS, hidden, OUTPUTS, seededRandom(seed));
}

export function readGameCheckpoint(path: string): GameTdCheckpoint {
  const v = JSON.parse(readFileSync(path, 'utf8')) as GameTdCheckpoint;
  if (v.kind !== 'zar-game-td-checkpoint/1') throw new Error(`${path} is not a game TD checkpoint`);
  return v;
}

export function checkpointNet(cp: GameTdCheckpoint): Network {
  const net = parseNetwork(cp.net);
  if (!net.ok) throw new Error(`checkpoint net: ${net.error.message}`);
  return net.value;
}

/**
 * Trains games `from`..`to` - 1 of a run on `net` in place: each game is played by the net
 * as it stands, then trained on. Dice come from the game's index, so a run replays exactly,
 * interrupted or not. Calls `after` after each game.
 */
export function trainGames(
  o: GameTdOptions,
  net: Network,
  from: number,
  to: number,
  after: (games: number, loss: number, steps: number) => void = () => {},
): void {
  const rules = rulesFor(o.game);
  const ev = createGameEvaluator(net);
  const trainer = createGameTdTrainer(ev);
  for (let g = from; g < to; g++) {
    const record = playSelfPlayGame(rules, ev, seededRandom(gameSeed(o.seed, g)));
    const { loss, steps } = trainer.trainGame(rules, record, alphaAtGame(o, g), lambdaAtGame(o, g));
    after(g + 1, loss, steps);
  }
}

/**
 * TD(λ) self-play for one game on one thread (two games train side by side on two cores).
 * Checkpoints every few minutes to <dir>/latest.json, keeps generation snapshots gen-<games>.json,
 * logs to <dir>/train.log; `resume` continues latest.json with its options (only `games` changes).
 */
/** What a run reports every 30 seconds (and at the end) when it does not draw its own bar. */
export interface GameTdProgress {
  readonly game: GameId;
  readonly games: number;
  readonly total: number;
  readonly rate: string;
  readonly loss: string;
  readonly alpha: string;
  readonly lambda: string;
}

/** The format of a run's progress bar, with the payload of GameTdProgress. */
export const GAME_TD_BAR =
  '{game} TD {bar} {value}/{total} games | {rate} games/s | mse {loss} | α {alpha} λ {lambda} | ETA {eta_formatted}';

export async function runGameTd(given: GameTdOptions, report?: (p: GameTdProgress) => void): Promise<void> {
  const o: GameTdOptions = { ...given, dir: given.dir || gameCheckpointDir(given.game) };
  mkdirSync(o.dir, { recursive: true });
  const logPath = join(o.dir, 'train.log');
  const log = (line: string) => appendFileSync(logPath, `${new Date().toISOString()} ${line}\n`);
  const latest = join(o.dir, 'latest.json');
  if (o.resume && !existsSync(latest)) throw new Error(`nothing to resume: ${latest} does not exist`);
  const saved = o.resume ? readGameCheckpoint(latest) : null;
  if (saved) Object.assign(o, { ...saved.options, games: given.games, resume: true, dir: o.dir });
  const net = saved ? checkpointNet(saved) : initialGameNet(o.seed, o.hidden);
  let games = saved?.games ?? 0;
  let positions = saved?.positions ?? 0;
  const elapsedBefore = saved?.elapsedMs ?? 0;
  const start = performance.now();
  const elapsed = () => elapsedBefore + performance.now() - start;
  log(saved ? `resumed at ${games} games, ${(elapsedBefore / 60000).toFixed(1)} min` : `new run ${JSON.stringify(o)}`);
  const marks = o.generations
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((f) => Math.round(Number(f) * o.games))
    .filter((g) => g > games && g < o.games);

  const checkpoint = (path: string) => {
    const cp: GameTdCheckpoint = {
      kind: 'zar-game-td-checkpoint/1',
      game: o.game,
      options: o,
      games,
      positions,
      elapsedMs: elapsed(),
      net: serializeNetwork(net),
    };
    writeJson(path, cp);
    log(`checkpoint ${path}: ${games} games, ${positions} positions, ${(elapsed() / 60000).toFixed(1)} min`);
  };

  const own = report
    ? null
    : new cliProgress.SingleBar(
        { format: GAME_TD_BAR, noTTYOutput: true, notTTYSchedule: 30_000, etaBuffer: 200 },
        cliProgress.Presets.shades_classic,
      );
  let shown = { rate: '-', loss: '-', alpha: '-', lambda: '-' };
  own?.start(o.games, games, { game: o.game, ...shown });
  report?.({ game: o.game, games, total: o.games, ...shown });
  const bar = {
    update(g: number, payload?: typeof shown) {
      if (payload) shown = payload;
      own?.update(g, payload);
      if (report && (payload || g === o.games)) report({ game: o.game, games: g, total: o.games, ...shown });
    },
    stop() {
      own?.stop();
    },
  };
  let windowStart = performance.now();
  let windowGames = 0;
  let windowLoss = 0;
  let windowSteps = 0;
  let lastCheckpoint = performance.now();
  const afterGame = (g: number, loss: number, steps: number) => {
    games = g;
    positions += steps;
    windowGames++;
    windowLoss += loss;
    windowSteps += steps;
    if (marks.includes(g)) checkpoint(join(o.dir, `gen-${g}.json`));
    const now = performance.now();
    if (now - windowStart > 30_000) {
      const rate = (windowGames / (now - windowStart)) * 1000;
      const mse = windowLoss / Math.max(1, windowSteps);
      const alpha = alphaAtGame(o, g);
      const lambda = lambdaAtGame(o, g);
      log(
        `games ${g} rate ${rate.toFixed(1)}/s mse ${mse.toFixed(4)} alpha ${alpha.toFixed(4)} lambda ${lambda.toFixed(3)}`,
      );
      bar.update(g, {
        rate: rate.toFixed(1),
        loss: mse.toFixed(4),
        alpha: alpha.toFixed(4),
        lambda: lambda.toFixed(2),
      });
      windowStart = now;
      windowGames = 0;
      windowLoss = 0;
      windowSteps = 0;
    } else if (g % 100 === 0) bar.update(g);
    if (now - lastCheckpoint > o.checkpointMinutes * 60_000) {
      checkpoint(latest);
      lastCheckpoint = now;
    }
  };
  // In chunks, so that the progress bar's timer gets to run between them.
  while (games < o.games) {
    trainGames(o, net, games, Math.min(o.games, games + CHUNK), afterGame);
    await new Promise((resolve) => setImmediate(resolve));
  }
  checkpoint(latest);
  bar.update(games);
  bar.stop();
  log(`done: ${games} games, ${positions} positions in ${(elapsed() / 60000).toFixed(1)} min`);
}
