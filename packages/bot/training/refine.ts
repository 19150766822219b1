import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { BOARD_LENGTH } from '@zar/engine';
import cliProgress from 'cli-progress';
import { buildBearoffDatabase } from '../src/bearoff/database.js';
import { DENSE_INPUTS, encodeDense, encodePoints, MAX_SPARSE, POINT_INPUTS } from '../src/encode/inputs.js';
import { CONTACT, classify, createEvaluator, OUTPUTS, RACE } from '../src/evaluator.js';
import { adamTrainer } from '../src/nn/adam.js';
import { trainScratch, trainStep } from '../src/nn/train.js';
import { seededRandom } from '../src/random.js';
import { candidateSampler } from './candidates.js';
import { parseNets, readCheckpoint, serializeNets, type TdCheckpoint, writeJson } from './checkpoint.js';
import type { LabelRequest, LabelResult } from './label-worker.js';
import { weightsOf } from './nets.js';
import { playGame, selfPlayScratch } from './selfplay.js';

const BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./label-worker.ts', import.meta.url).href;
/** Positions per label chunk (the unit of progress and of resuming): about 10 s of work each. */
const CHUNK_BY_PLIES = [0, 2000, 100];

/**
 * Supervised refinement on the net's own 1-ply (or 2-ply) probabilities: positions from 0-ply
 * self-play of the checkpoint, each labelled by a search with the same net (workers), then epochs
 * of SGD toward those labels, keeping the epoch with the lowest error on held-out positions.
 * Labels are saved chunk by chunk, so an interrupted run resumes without relabelling.
 */
export async function runRefine(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      positions: { type: 'string' },
      epochs: { type: 'string' },
      alpha: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      dir: { type: 'string' },
      candidates: { type: 'string' },
      plies: { type: 'string' },
      sample: { type: 'string' },
      optimizer: { type: 'string' },
      batch: { type: 'string' },
      explore: { type: 'string' },
    },
  });
  const from = values.from ?? 'training/checkpoints/latest.json';
  const dir = values.dir ?? 'training/checkpoints';
  const wanted = Number(values.positions ?? 100_000);
  const epochs = Number(values.epochs ?? 6);
  const optimizer = values.optimizer ?? 'sgd';
  if (optimizer !== 'sgd' && optimizer !== 'adam') throw new Error(`--optimizer is sgd or adam, not ${optimizer}`);
  // α is SGD's step or Adam's learning rate; each has its own scale.
  const alpha = Number(values.alpha ?? (optimizer === 'adam' ? 0.001 : 0.005));
  const batch = Number(values.batch ?? 64);
  if (!(Number.isInteger(batch) && batch >= 1)) throw new Error(`--batch is a positive integer, not ${values.batch}`);
  const seed = Number(values.seed ?? 7);
  const workerCount = Number(values.workers ?? 2);
  const candidates = Number(values.candidates ?? 0);
  const plies = Number(values.plies ?? 1);
  // A fraction of each game's positions, so the set comes from many games: with every position
  // of every game, 200,000 candidates came from only 1,549 games, closely related to each other.
  const sample = Number(values.sample ?? 1);
  if (!(sample > 0 && sample <= 1)) throw new Error(`--sample is a fraction in (0, 1], not ${values.sample}`);
  // How often a self-play turn plays a near-best play instead of the best (see `playGame`).
  const explore = Number(values.explore ?? 0);
  if (!(explore >= 0 && explore <= 1)) throw new Error(`--explore is a fraction in [0, 1], not ${values.explore}`);
  if (plies !== 1 && plies !== 2) throw new Error(`--plies is 1 or 2, not ${values.plies}`);
  const chunk = CHUNK_BY_PLIES[plies] as number;
  const cp = readCheckpoint(from);
  if (!cp) throw new Error(`no checkpoint at ${from}`);
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const t0 = performance.now();
  const db = buildBearoffDatabase();
  const nets = parseNets(cp.nets);
  const ev = createEvaluator(nets, db);

  // 1. Positions from 0-ply self-play games, until enough: with --candidates k, for each
  // position of a game and a fresh roll, the positions left by its k best 0-ply plays (those
  // within the 1-ply filter's width), which are what a decision compares; else the positions
  // of the games themselves.
  const random = seededRandom(seed);
  const scratch = selfPlayScratch();
  const boards = new Int8Array(wanted * BOARD_LENGTH);
  let count = 0;
  let games = 0;
  const keep = (b: Int8Array) => {
    const cls = classify(b);
    if (count < wanted && (cls === CONTACT || cls === RACE)) boards.set(b, BOARD_LENGTH * count++);
  };
  const roll = (): [number, number] => [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
  const sampler = candidates > 0 ? candidateSampler(ev, candidates, roll) : null;
  while (count < wanted) {
    const n = playGame(ev, random, scratch, explore);
    games++;
    for (let t = 0; t < n - 1 && count < wanted; t++) {
      if (sample < 1 && random() >= sample) continue;
      const b = scratch.boards.subarray(t * BOARD_LENGTH, (t + 1) * BOARD_LENGTH);
      if (sampler) sampler(b, keep);
      else keep(b);
    }
  }
  log(`positions: ${count} from ${games} self-play games in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  // 2. Labels: 1-ply (or 2-ply) probabilities, chunk by chunk over the workers.
  const t1 = performance.now();
  const tag = `refine-${cp.games}-${seed}-${wanted}${candidates > 0 ? `-c${candidates}` : ''}${plies > 1 ? `-p${plies}` : ''}${sample < 1 ? `-s${sample}` : ''}${explore > 0 ? `-e${explore}` : ''}`;
  const labelsPath = (i: number) => join(dir, `${tag}-labels-${i}.bin`);
  const chunks = Math.ceil(count / chunk);
  const targets = new Float32Array(count * OUTPUTS);
  const pending: number[] = [];
  for (let i = 0; i < chunks; i++) {
    if (existsSync(labelsPath(i))) {
      const bytes = readFileSync(labelsPath(i));
      targets.set(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4), i * chunk * OUTPUTS);
    } else pending.push(i);
  }
  const bar = new cliProgress.SingleBar(
    { format: 'labels {bar} {value}/{total} chunks | ETA {eta_formatted}', noTTYOutput: true, notTTYSchedule: 30_000 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(chunks, chunks - pending.length);
  const weights = weightsOf(nets);
  await Promise.all(
    Array.from({ length: workerCount }, async () => {
      const w = new Worker(BOOT, { workerData: { __entry: ENTRY } });
      await new Promise<void>((res) => w.once('message', () => res()));
      for (let i = pending.shift(); i !== undefined; i = pending.shift()) {
        const req: LabelRequest = {
          chunk: i,
          plies,
          weights,
          boards: boards.slice(i * chunk * BOARD_LENGTH, Math.min(count, (i + 1) * chunk) * BOARD_LENGTH),
        };
        const result = await new Promise<LabelResult>((res) => {
          w.once('message', res);
          w.postMessage(req);
        });
        targets.set(result.targets, i * chunk * OUTPUTS);
        writeFileSync(labelsPath(i), new Uint8Array(result.targets.buffer));
        bar.increment();
      }
      await w.terminate();
    }),
  );
  bar.stop();
  log(`labels: ${count} positions at ${plies}-ply in ${((performance.now() - t1) / 1000).toFixed(0)} s`);

  // 3. Training: shuffled epochs of SGD (one step per position) or Adam (one step per batch of
  // each net's positions); 5% held out decides which epoch is kept.
  const t2 = performance.now();
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const held = order.splice(0, Math.floor(count / 20));
  const idx = new Int32Array(MAX_SPARSE);
  const val = new Float32Array(MAX_SPARSE);
  const dense = new Float32Array(DENSE_INPUTS);
  const scratchFor = { contact: trainScratch(nets.contact), race: trainScratch(nets.race) };
  const adamFor = optimizer === 'adam' ? { contact: adamTrainer(nets.contact), race: adamTrainer(nets.race) } : null;
  const probs = new Float32Array(OUTPUTS);
  const heldContact: number[] = [];
  const heldRace: number[] = [];
  for (const i of held)
    (classify(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH)) === CONTACT ? heldContact : heldRace).push(i);
  const errorOf = (positions: number[]): number => {
    let e = 0;
    for (const i of positions) {
      ev.evaluate(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), probs, 0);
      for (let k = 0; k < OUTPUTS; k++) e += ((probs[k] as number) - (targets[i * OUTPUTS + k] as number)) ** 2;
    }
    return e;
  };
  // The two nets learn from disjoint positions, so each class's error is worth seeing apart.
  const heldError = (): { total: number; byClass: string } => {
    const c = errorOf(heldContact);
    const r = errorOf(heldRace);
    const byClass = `(contact ${(c / Math.max(1, heldContact.length)).toFixed(5)}, race ${(r / Math.max(1, heldRace.length)).toFixed(5)})`;
    return { total: (c + r) / held.length, byClass };
  };
  const before = heldError();
  let best = before.total;
  let bestNets = serializeNets(nets);
  let bestEpoch = 0;
  log(`held-out squared error before refinement: ${best.toFixed(5)} ${before.byClass}`);
  for (let epoch = 1; epoch <= epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const a = alpha * (1 - (epoch - 1) / epochs);
    let trainError = 0;
    for (const i of order) {
      const b = boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH);
      const contact = classify(b) === CONTACT;
      const n = encodePoints(b, 0, idx, val);
      encodeDense(b, 0, dense);
      const net = contact ? nets.contact : nets.race;
      const target = targets.subarray(i * OUTPUTS, (i + 1) * OUTPUTS);
      if (adamFor) {
        const adam = contact ? adamFor.contact : adamFor.race;
        trainError += adam.add(idx, val, n, POINT_INPUTS, dense, target);
        if (adam.pending === batch) adam.step(a);
      } else
        trainError += trainStep(
          net,
          idx,
          val,
          n,
          POINT_INPUTS,
          dense,
          target,
          a,
          contact ? scratchFor.contact : scratchFor.race,
        );
    }
    if (adamFor) for (const adam of [adamFor.contact, adamFor.race]) adam.step(a);
    const { total: e, byClass } = heldError();
    // The training error is taken as the epoch goes, each position's before its own step (or its
    // batch's), so it lags the nets at the epoch's end.
    log(
      `epoch ${epoch}: alpha ${a.toFixed(5)}, training squared error ${(trainError / order.length).toFixed(5)}, held-out ${e.toFixed(5)} ${byClass}`,
    );
    if (e < best) {
      best = e;
      bestNets = serializeNets(nets);
      bestEpoch = epoch;
    }
  }
  log(`training: ${epochs} epochs in ${((performance.now() - t2) / 1000).toFixed(0)} s; kept epoch ${bestEpoch}`);
  const out: TdCheckpoint = {
    ...cp,
    options: {
      ...cp.options,
      refinedFrom: from,
      refinePositions: count,
      refineEpochs: bestEpoch,
      refineEpochsRun: epochs,
      refineAlpha: alpha,
      refineOptimizer: optimizer,
      refineBatch: batch,
      refineSeed: seed,
      refineCandidates: candidates,
      refinePlies: plies,
      refineSample: sample,
      refineExplore: explore,
    },
    elapsedMs: cp.elapsedMs + (performance.now() - t0),
    nets: bestNets,
    dispatched: bestNets,
  };
  const path = join(dir, `${tag}.json`);
  writeJson(path, out);
  log(`wrote ${path}`);
}
