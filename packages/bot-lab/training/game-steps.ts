import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serializeGameNetWeights } from '@zar/bot';
import { type GameId, isGameId, rulesFor } from '@zar/engine';
import { writeJson } from './checkpoint.js';
import { baselineGameChooser, gameDuel, gameNetChooser, loadGameNetFile } from './game-duel.js';
import {
  checkpointNet,
  GAME_TD_DEFAULTS,
  type GameTdOptions,
  gameCheckpointDir,
  readGameCheckpoint,
  runGameTd,
} from './game-td-run.js';
import { runGameTdWorkers } from './game-td-workers.js';
import { TRAIN, WEIGHTS_DIR } from './paths.js';

/*
 * The steps for the games other than backgammon (see training/README.md):
 *   game-td      --game G[,G…] --games N [--seed S] [--hidden H] [--resume] ...   TD(λ) self-play
 *                (several games train at once, one worker thread each)
 *   game-export  --game G [--from CHECKPOINT] [--out FILE]                    writes weights/<game>.json
 *   game-duel    --game G --pairs N [--net FILE] [--against baseline|FILE] [--plies 0|1] [--seed S] [--record]
 */

/** Where a game's weights are committed: packages/bot/weights/<game>.json. */
const weightsPath = (game: GameId): string => join(WEIGHTS_DIR, `${game}.json`);

function gameOf(value: unknown): GameId {
  if (!isGameId(value)) throw new Error(`--game takes long-nardy, plakoto, fevga or gul-bara, not ${String(value)}`);
  return value;
}

function numberOf(name: string, value: unknown): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} takes a number, not ${String(value)}`);
  return n;
}

function gameTd(args: string[]): Promise<void> {
  const options = Object.fromEntries([
    ['game', { type: 'string' }],
    ...Object.entries(GAME_TD_DEFAULTS).map(([k, v]) => [k, { type: typeof v === 'boolean' ? 'boolean' : 'string' }]),
  ]) as Record<string, { type: 'boolean' | 'string' }>;
  const { values } = parseArgs({ args, options, strict: true });
  // Several games (--game long-nardy,plakoto) train side by side, one worker thread each.
  const games = String(values.game ?? '')
    .split(',')
    .map((g) => gameOf(g.trim()));
  const runs = games.map((game) => {
    const o = { ...GAME_TD_DEFAULTS, game } as GameTdOptions;
    for (const [k, v] of Object.entries(values)) {
      if (k === 'game') continue;
      const d = (GAME_TD_DEFAULTS as unknown as Record<string, unknown>)[k];
      (o as unknown as Record<string, unknown>)[k] = typeof d === 'number' ? numberOf(k, v) : v;
    }
    return o;
  });
  if (new Set(games).size !== games.length) throw new Error('--game names a game twice');
  if (runs.length > 1 && runs.some((o) => o.dir !== '')) throw new Error('--dir is for one game at a time');
  return runs.length === 1 ? runGameTd(runs[0] as GameTdOptions) : runGameTdWorkers(runs);
}

function machine(): string {
  const list = cpus();
  return `${list.length} cores (${list[0]?.model ?? 'unknown CPU'}), no GPU, shared with other work`;
}

function gameExport(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: { game: { type: 'string' }, from: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  const game = gameOf(values.game);
  const from = values.from ?? join(gameCheckpointDir(game), 'latest.json');
  const cp = readGameCheckpoint(from);
  if (cp.game !== game) throw new Error(`${from} is a ${cp.game} checkpoint`);
  const o = cp.options;
  const out = values.out ?? weightsPath(game);
  const record = {
    trainedBy: "Zar's own TD(λ) self-play (training/game-td.ts), from random weights",
    games: cp.games,
    positions: cp.positions,
    seed: o.seed,
    hidden: o.hidden,
    alpha: { start: o.alpha, min: o.alphaMin, halfLifeGames: o.alphaHalfLife },
    lambda: { start: o.lambda, end: o.lambdaEnd, overGames: o.lambdaGames },
    wallMinutes: Number((cp.elapsedMs / 60000).toFixed(1)),
    date: new Date().toISOString().slice(0, 10),
    machine: machine(),
    // Every schedule option spelled out: with them the first `games` games replay exactly,
    // also when the run they came from was aiming at more games.
    command: `${TRAIN} game-td --game ${game} --games ${cp.games} --seed ${o.seed} --hidden ${o.hidden} --alpha ${o.alpha} --alphaMin ${o.alphaMin} --alphaHalfLife ${o.alphaHalfLife} --lambda ${o.lambda} --lambdaEnd ${o.lambdaEnd} --lambdaGames ${o.lambdaGames}`,
    exported: `${TRAIN} game-export --game ${game} --from ${from}`,
    measured: [] as unknown[],
  };
  writeJson(out, serializeGameNetWeights(game, checkpointNet(cp), record));
  console.log(`${out}: ${game} net ${cp.games} games, ${record.wallMinutes} min of training`);
}

function gameDuelStep(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      game: { type: 'string' },
      pairs: { type: 'string' },
      net: { type: 'string' },
      against: { type: 'string' },
      plies: { type: 'string' },
      seed: { type: 'string' },
      record: { type: 'boolean' },
    },
    strict: true,
  });
  const game = gameOf(values.game);
  const rules = rulesFor(game);
  const netFile = values.net ?? weightsPath(game);
  const against = values.against ?? 'baseline';
  const pairs = numberOf('pairs', values.pairs ?? '300');
  const seed = numberOf('seed', values.seed ?? '1');
  const plies = numberOf('plies', values.plies ?? '0') === 1 ? 1 : 0;
  const a = gameNetChooser(loadGameNetFile(netFile, game), plies);
  const b = against === 'baseline' ? baselineGameChooser(game) : gameNetChooser(loadGameNetFile(against, game), 0);
  const t0 = performance.now();
  const s = gameDuel(rules, a, b, pairs, seed);
  const seconds = (performance.now() - t0) / 1000;
  const line = `${game}: ${netFile} at ${plies}-ply vs ${against === 'baseline' ? 'baseline (expert)' : `${against} at 0-ply`}: ${s.ppg >= 0 ? '+' : ''}${s.ppg.toFixed(3)} ± ${s.ci95.toFixed(3)} ppg, ${(100 * s.winRate).toFixed(1)}% wins, ${s.games} games, ${seconds.toFixed(0)} s`;
  console.log(line);
  if (!values.record) return;
  if (!existsSync(netFile)) throw new Error(`--record needs the weights file ${netFile}`);
  const weights = JSON.parse(readFileSync(netFile, 'utf8')) as { record?: { measured?: unknown[] } };
  if (!weights.record) throw new Error(`${netFile} has no record to add to (is it a weights file?)`);
  weights.record.measured = [
    ...(weights.record.measured ?? []),
    {
      against: against === 'baseline' ? 'baseline bot, expert (no noise)' : against,
      plies,
      games: s.games,
      ppg: Number(s.ppg.toFixed(3)),
      ci95: Number(s.ci95.toFixed(3)),
      winRate: Number(s.winRate.toFixed(3)),
      seed,
      date: new Date().toISOString().slice(0, 10),
      command: `${TRAIN} game-duel --game ${game} --pairs ${pairs} --against ${against} --plies ${plies} --seed ${seed}`,
    },
  ];
  writeJson(netFile, weights);
}

export async function runGameStep(step: string, args: string[]): Promise<void> {
  if (step === 'game-td') await gameTd(args);
  else if (step === 'game-export') gameExport(args);
  else if (step === 'game-duel') gameDuelStep(args);
  else throw new Error(`unknown game step ${step}`);
}
