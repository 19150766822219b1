import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { analyseMatch, type Level, loadJudges, type MatchAnalysis } from '@zar/bot';
import { GAME_IDS, type GameId } from '@zar/engine';
import { importMat, type MatchRecord } from '@zar/match';
import cliProgress from 'cli-progress';
import {
  errorAgreement,
  type GnubgAnalysis,
  gnubgPr,
  type PairedMove,
  pairMoves,
  parseGnubgAnalysis,
  pearson,
} from './gnubg-compare.js';
import { findGnubg, GNUBG } from './gnubg-process.js';
import { selfPlayRecord } from './self-play-record.js';

/*
 * `npm run bench:analysis -w @zar/bot-lab -- [matches] [games per game]` (20 and 3 unless
 * given): how far Zar's analysis agrees with gnubg's, and what it costs (docs/analysis.md,
 * "Against gnubg").
 *
 * 1. gnubg (Debian's 1.07, installed when missing and run as root) plays itself `matches`
 *    seeded 7-point matches, each side at its own noise so that the players' PRs spread
 *    (gnubg-selfplay.py), and analyses each at its 0-ply (gnubg-analyse.py).
 * 2. Zar analyses each .mat at 0-ply and at its default depth (1-ply), on this thread: one core.
 * 3. It prints per match and player both PRs, their Pearson correlation over the (match,
 *    player) points, the share of paired moves both judges mark as errors (error or blunder)
 *    and each alone, seconds per decision, and the seconds a 7-point match takes at 1-ply.
 * 4. The four other games: a few club-level self-play single games each, analysed at 0 and
 *    1 ply: seconds per decision.
 *
 * Everything made is kept under bot-lab/.tmp/analysis (gnubg's matches and analyses, Zar's
 * analyses with their times); a run goes on from there. Delete the folder to start afresh.
 */

const matches = Number(process.argv[2] ?? 20);
const perGame = Number(process.argv[3] ?? 3);
const here = dirname(fileURLToPath(import.meta.url));
const work = resolve(here, '../.tmp/analysis');
const DEPTHS = [0, 1] as const;
type Depth = (typeof DEPTHS)[number];
const DEFAULT_DEPTH: Depth = 1;
/** The level whose self-play the other games' timings use: neither the noisiest nor the best. */
const TIMING_LEVEL: Level = 'club';

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
console.log(`${cpus().length} cores; load average ${load()} at the start`);

function bar(label: string, total: number): cliProgress.SingleBar {
  const b = new cliProgress.SingleBar(
    { format: `${label.padEnd(22)} [{bar}] {value}/{total} {eta_formatted}`, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  b.start(total, 0);
  return b;
}

/** Runs a gnubg script over the work folder, counting its `@@` lines on a bar. */
function runGnubg(path: string, script: string, label: string, total: number, done: number): Promise<void> {
  const b = bar(label, total);
  b.update(done);
  const child = spawn(path, ['-t', '-q', '-r', '-p', join(here, script)], {
    env: { ...process.env, ZAR_DIR: work, ZAR_MATCHES: String(total) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d: Buffer) => {
    errors += d.toString();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('@@')) b.increment();
  });
  return new Promise((res, rej) => {
    child.on('close', (code) => {
      b.stop();
      if (code === 0) res();
      else rej(new Error(`${script} exited with ${code}: ${errors.slice(-2000)}`));
    });
  });
}

const name = (k: number) => `match-${String(k).padStart(2, '0')}`;
const count = (suffix: string) =>
  Array.from({ length: matches }, (_, k) => k).filter((k) => existsSync(join(work, name(k) + suffix))).length;

interface ZarRun {
  readonly seconds: number;
  readonly analysis: MatchAnalysis;
}

/** Zar's analysis of a record at a depth, timed on this thread, kept in `file`. */
async function zarRun(record: MatchRecord, depth: Depth, file: string): Promise<ZarRun> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ZarRun;
  const judges = await loadJudges(record.settings);
  const t0 = performance.now();
  const a = analyseMatch(record, judges, { plies: depth, cubePlies: depth });
  const seconds = (performance.now() - t0) / 1000;
  if (!a.ok) throw new Error(a.error.message);
  const run = { seconds, analysis: a.value };
  writeFileSync(file, JSON.stringify(run));
  return run;
}

const decisionsOf = (a: MatchAnalysis) => a.players[0].decisions + a.players[1].decisions;

mkdirSync(work, { recursive: true });
const gnubg = findGnubg(GNUBG, true);
if (gnubg === null) {
  console.error(`gnubg is not at ${GNUBG}: install Debian's package (apt-get install gnubg) as root.`);
  process.exit(1);
}
await runGnubg(gnubg, 'gnubg-selfplay.py', 'gnubg plays itself', matches, count('.mat'));
await runGnubg(gnubg, 'gnubg-analyse.py', 'gnubg analyses', matches, count('.gnubg.json'));

interface MatchResult {
  readonly k: number;
  readonly noise: readonly [number, number];
  readonly gnubg: GnubgAnalysis;
  readonly record: MatchRecord;
  readonly zar: Record<Depth, ZarRun>;
}

const results: MatchResult[] = [];
{
  const b = bar('Zar analyses', matches * DEPTHS.length);
  for (let k = 0; k < matches; k++) {
    const base = join(work, name(k));
    const record = importMat(readFileSync(`${base}.mat`, 'utf8'));
    if (!record.ok) throw new Error(`${name(k)}.mat: ${record.error.message}`);
    const g = parseGnubgAnalysis(readFileSync(`${base}.gnubg.json`, 'utf8'));
    if (!g.ok) throw new Error(`${name(k)}.gnubg.json: ${g.error.message}`);
    const zar = {} as Record<Depth, ZarRun>;
    for (const depth of DEPTHS) {
      zar[depth] = await zarRun(record.value, depth, `${base}.zar-${depth}.json`);
      b.increment();
    }
    const { noise } = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { noise: [number, number] };
    results.push({ k, noise, gnubg: g.value, record: record.value, zar });
  }
  b.stop();
}

const f = (x: number, d = 2) => x.toFixed(d);
const pct = (x: number, of: number) => (of === 0 ? '-' : `${((100 * x) / of).toFixed(1)}%`);

console.log('\nmatch player noise  gnubg PR  Zar PR 0-ply  Zar PR 1-ply');
const gnubgPrs: number[] = [];
const zarPrs: Record<Depth, number[]> = { 0: [], 1: [] };
for (const r of results) {
  for (const p of [0, 1] as const) {
    const gp = gnubgPr(r.gnubg.players[p]);
    gnubgPrs.push(gp);
    for (const depth of DEPTHS) zarPrs[depth].push(r.zar[depth].analysis.players[p].pr);
    console.log(
      `${String(r.k).padStart(5)} ${String(p).padStart(6)} ${f(r.noise[p], 3)} ${f(gp).padStart(9)} ` +
        `${f(r.zar[0].analysis.players[p].pr).padStart(13)} ${f(r.zar[1].analysis.players[p].pr).padStart(13)}`,
    );
  }
}

console.log(`\nPearson correlation of the PRs over ${gnubgPrs.length} (match, player) points, gnubg at 0-ply:`);
// A noise-free player plays as gnubg's 0-ply judges: gnubg finds no error of his at all.
const noisy = results.flatMap((r) => [r.noise[0] > 0, r.noise[1] > 0]);
const onlyNoisy = (xs: readonly number[]) => xs.filter((_, i) => noisy[i]);
for (const depth of DEPTHS) {
  const mean = zarPrs[depth].reduce((s, x) => s + x, 0) / zarPrs[depth].length;
  const gMean = gnubgPrs.reduce((s, x) => s + x, 0) / gnubgPrs.length;
  const rNoisy = pearson(onlyNoisy(gnubgPrs), onlyNoisy(zarPrs[depth]));
  console.log(
    `  Zar at ${depth}-ply: r = ${f(pearson(gnubgPrs, zarPrs[depth]), 3)} (target >= 0.9); ` +
      `mean PR Zar ${f(mean)}, gnubg ${f(gMean)}; without the noise-free players ` +
      `(${onlyNoisy(gnubgPrs).length} points) r = ${f(rNoisy, 3)}`,
  );
}

/** A player's chequer-play PR and his cube decisions' count and loss, by Zar's analysis. */
function zarSplit(a: MatchAnalysis, player: 0 | 1) {
  let moves = 0;
  let moveLoss = 0;
  let cubes = 0;
  let cubeLoss = 0;
  for (const d of a.decisions) {
    if (d.player !== player) continue;
    if (d.kind === 'move') {
      moves++;
      moveLoss += d.loss;
    } else {
      cubes++;
      cubeLoss += d.loss;
    }
  }
  return { movePr: moves === 0 ? 0 : (500 * moveLoss) / moves, cubes, cubeLoss };
}

console.log('\nChequer play alone (PR over moves) and the cube (decisions, equity lost), all players:');
for (const depth of DEPTHS) {
  const g: number[] = [];
  const z: number[] = [];
  let gCubes = 0;
  let gCubeLoss = 0;
  let zCubes = 0;
  let zCubeLoss = 0;
  for (const r of results) {
    for (const p of [0, 1] as const) {
      const gp = r.gnubg.players[p];
      g.push(gp.unforcedMoves === 0 ? 0 : (500 * gp.moveLoss) / gp.unforcedMoves);
      gCubes += gp.closeCube;
      gCubeLoss += gp.cubeLoss;
      const zs = zarSplit(r.zar[depth].analysis, p);
      z.push(zs.movePr);
      zCubes += zs.cubes;
      zCubeLoss += zs.cubeLoss;
    }
  }
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(
    `  Zar at ${depth}-ply: moves' PR r = ${f(pearson(g, z), 3)}, mean Zar ${f(mean(z))}, gnubg ${f(mean(g))}; ` +
      `cube: Zar ${zCubes} decisions losing ${f(zCubeLoss)}, gnubg ${gCubes} close ones losing ${f(gCubeLoss)}`,
  );
}

console.log('\nMoves both judges count as decisions, marked error or blunder (loss >= 0.08):');
for (const depth of DEPTHS) {
  const pairs: PairedMove[] = [];
  let zarOnly = 0;
  let gnubgOnly = 0;
  let diceMismatches = 0;
  for (const r of results) {
    const m = pairMoves(r.record, r.zar[depth].analysis.decisions, r.gnubg.moves);
    pairs.push(...m.pairs);
    zarOnly += m.zarOnly;
    gnubgOnly += m.gnubgOnly;
    diceMismatches += m.diceMismatches;
  }
  const a = errorAgreement(pairs);
  const either = a.both + a.zarOnly + a.gnubgOnly;
  const zarLosses = pairs.map((p) => p.zarLoss);
  const gnubgLosses = pairs.map((p) => p.gnubgLoss);
  const meanLoss = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  console.log(
    `  Zar at ${depth}-ply: ${a.moves} paired moves (unpaired: ${zarOnly} Zar's, ${gnubgOnly} gnubg's; ` +
      `${diceMismatches} dice mismatches); both ${a.both} (${pct(a.both, a.moves)}), Zar alone ${a.zarOnly} ` +
      `(${pct(a.zarOnly, a.moves)}), gnubg alone ${a.gnubgOnly} (${pct(a.gnubgOnly, a.moves)}); ` +
      `of the moves either marks, both do ${pct(a.both, either)}; mean loss a move Zar ` +
      `${f(meanLoss(zarLosses), 4)}, gnubg ${f(meanLoss(gnubgLosses), 4)}; ` +
      `r of the moves' losses ${f(pearson(zarLosses, gnubgLosses), 3)}`,
  );
}

console.log("\nSeconds per decision of Zar's analysis (luck included), one thread:");
for (const depth of DEPTHS) {
  const seconds = results.reduce((s, r) => s + r.zar[depth].seconds, 0);
  const decisions = results.reduce((s, r) => s + decisionsOf(r.zar[depth].analysis), 0);
  console.log(`  backgammon ${depth}-ply: ${f((1000 * seconds) / decisions, 1)} ms (${decisions} decisions)`);
}
const perMatch = results.map((r) => r.zar[DEFAULT_DEPTH].seconds).sort((x, y) => x - y);
const meanMatch = perMatch.reduce((s, x) => s + x, 0) / perMatch.length;
console.log(
  `  a 7-point match at ${DEFAULT_DEPTH}-ply (the default): mean ${f(meanMatch, 1)} s, ` +
    `median ${f(perMatch[Math.floor(perMatch.length / 2)] ?? 0, 1)} s, ` +
    `longest ${f(perMatch[perMatch.length - 1] ?? 0, 1)} s (target <= 60 s)`,
);

const others = GAME_IDS.filter((g: GameId) => g !== 'backgammon');
const b = bar('other games', others.length * perGame * DEPTHS.length);
const lines: string[] = [];
for (const game of others) {
  const seconds: Record<Depth, number> = { 0: 0, 1: 0 };
  const decisions: Record<Depth, number> = { 0: 0, 1: 0 };
  for (let k = 0; k < perGame; k++) {
    const file = join(work, `${game}-${k}`);
    const record = existsSync(`${file}.record.json`)
      ? (JSON.parse(readFileSync(`${file}.record.json`, 'utf8')) as MatchRecord)
      : await selfPlayRecord(game, TIMING_LEVEL, 1000 + 17 * k);
    writeFileSync(`${file}.record.json`, JSON.stringify(record));
    for (const depth of DEPTHS) {
      const run = await zarRun(record, depth, `${file}.zar-${depth}.json`);
      seconds[depth] += run.seconds;
      decisions[depth] += decisionsOf(run.analysis);
      b.increment();
    }
  }
  lines.push(
    `  ${game.padEnd(11)} ` +
      DEPTHS.map((d) => `${d}-ply ${f((1000 * seconds[d]) / decisions[d], 1)} ms`).join(', ') +
      ` (${decisions[1]} decisions in ${perGame} games)`,
  );
}
b.stop();
console.log(`\nSeconds per decision, the other games (${TIMING_LEVEL}-level self-play, one thread):`);
for (const line of lines) console.log(line);
console.log(`\nload average ${load()} at the end`);
