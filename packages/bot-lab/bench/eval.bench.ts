/**
 * `npm run bench:eval -w @zar/bot-lab [-- SECONDS [FILE]]`: evaluations per second on one core, and
 * 0-ply and 1-ply decisions per second, over positions from self-play with the committed weights
 * (or FILE's, a weights file or a training checkpoint; a random net when none are committed
 * yet). With gnubg installed, its own `calibrate` runs before and after Zar's lines, and Zar's
 * evaluation rates are also given as a ratio of gnubg's: rates on a shared machine can differ
 * twofold from one minute to the next, a ratio much less. Never part of the test suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import {
  buildBearoffDatabase,
  createEvaluator,
  createPlySearch,
  OUTPUTS,
  parseEvaluatorWeights,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH, fastPlaysBuffer } from '@zar/engine';
import { initialNets } from '../training/nets.js';
import { BACKGAMMON_WEIGHTS } from '../training/paths.js';
import { playGame, selfPlayScratch } from '../training/selfplay.js';
import { findGnubg, GNUBG } from './gnubg-process.js';
import { asWeights } from './weights-file.js';

const seconds = Number(process.argv[2] ?? 3);
const WEIGHTS = process.argv[3] ?? BACKGAMMON_WEIGHTS;
// A file named on the command line must be there: random nets would measure something else.
if (process.argv[3] !== undefined && !existsSync(WEIGHTS)) throw new Error(`no weights file at ${WEIGHTS}`);

let t = performance.now();
const db = buildBearoffDatabase();
console.log(`bearoff database: ${(performance.now() - t).toFixed(0)} ms to build (54,264 positions)`);
let nets = initialNets(1, 128, 64);
let source = `random weights (no ${WEIGHTS})`;
if (existsSync(WEIGHTS)) {
  const parsed = parseEvaluatorWeights(asWeights(JSON.parse(readFileSync(WEIGHTS, 'utf8'))));
  if (!parsed.ok) throw new Error(parsed.error.message);
  nets = parsed.value;
  source = WEIGHTS;
}
console.log(
  `nets: contact ${nets.contact.inputs}-${nets.contact.hidden}-5, race ${nets.race.inputs}-${nets.race.hidden}-5, ${source}`,
);
const ev = createEvaluator(nets, db);

// Positions and rolls sampled from self-play games.
const random = seededRandom(2024);
const scratch = selfPlayScratch();
const boards: Int8Array[] = [];
const dice: [number, number][] = [];
while (boards.length < 4000) {
  const n = playGame(ev, random, scratch);
  for (let i = 0; i < n - 1; i++) {
    boards.push(scratch.boards.slice(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH));
    dice.push([1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)]);
  }
}

/** gnubg's static evaluations a second by its `calibrate` command, or null without gnubg. */
function gnubgCalibrate(): number | null {
  const path = findGnubg(GNUBG, false);
  if (!path) return null;
  const r = spawnSync(path, ['-t', '-q'], { input: 'calibrate 2000\n', encoding: 'utf8', timeout: 120_000 });
  const m = /Calibration result: (\d+) static evaluations/.exec(r.stdout ?? '');
  return m ? Number(m[1]) : null;
}

const gnubgBefore = gnubgCalibrate();

function timed(label: string, unit: string, step: (i: number) => number): number {
  let count = 0;
  let i = 0;
  const t0 = performance.now();
  let now = t0;
  while (now - t0 < seconds * 1000) {
    for (let j = 0; j < 50; j++, i++) count += step(i % boards.length);
    now = performance.now();
  }
  const rate = (count / (now - t0)) * 1000;
  console.log(`${label.padEnd(44)} ${Math.round(rate).toLocaleString('en-US').padStart(10)} ${unit}/s`);
  return rate;
}

const plays = fastPlaysBuffer();
const probs = new Float32Array(4096 * OUTPUTS);
const one = new Float32Array(OUTPUTS);
const search = createPlySearch(ev);
t = performance.now();
const allChildren = timed('evaluations, all children (incremental)', 'evals', (i) => {
  const [a, b] = dice[i] as [number, number];
  return ev.evaluateChildren(boards[i] as Int8Array, a, b, plays, probs);
});
const oneAtATime = timed('evaluations, one position at a time (sparse)', 'evals', (i) => {
  ev.evaluate(boards[i] as Int8Array, one, 0);
  return 1;
});
timed('0-ply decisions', 'decisions', (i) => {
  const [a, b] = dice[i] as [number, number];
  ev.bestPlay0ply(boards[i] as Int8Array, a, b, plays, probs);
  return 1;
});
timed('1-ply decisions (filter: 8 within 0.16)', 'decisions', (i) => {
  const [a, b] = dice[i] as [number, number];
  search.rankPlays(boards[i] as Int8Array, a, b, 1);
  return 1;
});
console.log(`one core, Node ${process.version}; ${boards.length} positions from self-play, ${seconds} s per line`);
const gnubgAfter = gnubgBefore === null ? null : gnubgCalibrate();
if (gnubgBefore === null || gnubgAfter === null) {
  console.log(
    findGnubg(GNUBG, false)
      ? `gnubg at ${GNUBG} printed no calibration result: no ratio to its evaluation rate`
      : `gnubg not found at ${GNUBG} (apt-get install gnubg): no ratio to its evaluation rate`,
  );
} else {
  const gnubg = (gnubgBefore + gnubgAfter) / 2;
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(
    `gnubg calibrate, before and after: ${n(gnubgBefore)} and ${n(gnubgAfter)} static evaluations/s; ` +
      `Zar over gnubg: all children ${(allChildren / gnubg).toFixed(2)}, one at a time ${(oneAtATime / gnubg).toFixed(2)}`,
  );
}
