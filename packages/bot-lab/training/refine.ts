import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BearoffDatabase,
  buildBearoffDatabase,
  CONTACT,
  classify,
  createEvaluator,
  DENSE_INPUTS,
  type EvaluatorNets,
  encodeDense,
  encodePoints,
  MAX_SPARSE,
  OUTPUTS,
  POINT_INPUTS,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { adamTrainer } from './adam.js';
import { trainScratch, trainStep } from './backprop.js';
import { parseNets, readCheckpoint, serializeNets, type TdCheckpoint, writeJson } from './checkpoint.js';
import { trainCompared } from './compare-train.js';
import { weightsOf } from './nets.js';
import {
  cachedPositions,
  generatePositions,
  labelPlies,
  labelPositions,
  labelsTag,
  netsId,
  type PositionSet,
  parsePool,
  type SetOptions,
  savePositions,
  setTag,
} from './refine-sets.js';

function concat<T extends Int8Array | Float32Array>(parts: T[], make: new (n: number) => T): T {
  const out = new make(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

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
      pool: { type: 'string' },
      compare: { type: 'string' },
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
  const plies = labelPlies(values.plies);
  // A fraction of each game's positions, so the set comes from many games: with every position
  // of every game, 200,000 candidates came from only 1,549 games, closely related to each other.
  const sample = Number(values.sample ?? 1);
  if (!(sample > 0 && sample <= 1)) throw new Error(`--sample is a fraction in (0, 1], not ${values.sample}`);
  // How often a self-play turn plays a near-best play instead of the best (see `playGame`).
  const explore = Number(values.explore ?? 0);
  if (!(explore >= 0 && explore <= 1)) throw new Error(`--explore is a fraction in [0, 1], not ${values.explore}`);
  // Other seeds' position sets (seed[:explore],…) trained on together with this one's.
  const pool = parsePool(values.pool);
  // The compare term's weight (training/compare.ts); 0 trains on the squared error alone.
  const compare = Number(values.compare ?? 0);
  if (!(compare >= 0)) throw new Error(`--compare is a weight of 0 or more, not ${values.compare}`);
  if (compare > 0 && optimizer !== 'adam') throw new Error('--compare trains with --optimizer adam');
  const seeds = [seed, ...pool.map((p) => p.seed)];
  if (new Set(seeds).size !== seeds.length) throw new Error(`--pool repeats a seed: ${seeds.join(', ')}`);
  const cp = readCheckpoint(from);
  if (!cp) throw new Error(`no checkpoint at ${from}`);
  // Narrowed for `writeRound`, which a function declaration's body does not inherit.
  const start: TdCheckpoint = cp;
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const t0 = performance.now();
  const db = buildBearoffDatabase();
  const labellerNets = parseNets(cp.nets);
  const labellerEv = createEvaluator(labellerNets, db);

  // 1. Positions from 0-ply self-play games of the checkpoint (`generatePositions`), the main
  // set's and any pooled ones'; 2. their labels, 1-ply (or 2-ply) probabilities, cached by set.
  // Pooled sets are labelled by the same checkpoint: more positions of the same labels.
  const options: SetOptions = {
    nets: netsId(cp.nets),
    wanted,
    candidates,
    plies,
    sample,
  };
  const sets: PositionSet[] = [{ seed, explore }, ...pool];
  const random = seededRandom(seed);
  const own = { ev: labellerEv, weights: weightsOf(labellerNets), options };
  // Several pooled sets usually name one checkpoint: load its nets once.
  const labellers = new Map<string, typeof own>();
  const boardParts: Int8Array[] = [];
  const targetParts: Float32Array[] = [];
  const groupStarts: number[] = [];
  let drawn = 0;
  for (const set of sets) {
    const tp = performance.now();
    // A set from another checkpoint is drawn and labelled by that checkpoint's nets, as its own
    // round did, so its caches are that round's.
    const by = set.from === undefined ? own : (labellers.get(set.from) ?? labellerOf(set.from, db, options));
    if (set.from !== undefined) labellers.set(set.from, by);
    const tag = setTag(by.options, set);
    let generated: ReturnType<typeof cachedPositions>;
    if (set === sets[0]) {
      const starts: number[] = [];
      generated = {
        ...generatePositions(labellerEv, options, set.explore, random, starts),
        groupStarts: starts,
        cached: false,
      };
      savePositions(generated, { dir, tag });
    } else generated = cachedPositions(by.ev, by.options, set, seededRandom(set.seed), { dir, tag }, compare > 0);
    for (const start of generated.groupStarts ?? []) groupStarts.push(drawn + start);
    drawn += generated.count;
    log(
      `positions (seed ${set.seed}${set.from === undefined ? '' : ` by ${set.from}`}): ${generated.count} from ${generated.games} self-play games ${generated.cached ? 'read back' : `in ${((performance.now() - tp) / 1000).toFixed(0)} s`}`,
    );
    const tl = performance.now();
    targetParts.push(
      await labelPositions(generated.boards, generated.count, plies, by.weights, {
        dir,
        tag: labelsTag(by.options, set),
        workers: workerCount,
      }),
    );
    boardParts.push(generated.boards.subarray(0, generated.count * BOARD_LENGTH));
    log(
      `labels (seed ${set.seed}): ${generated.count} positions at ${plies}-ply in ${((performance.now() - tl) / 1000).toFixed(0)} s`,
    );
  }
  const boards = concat(boardParts, Int8Array);
  const targets = concat(targetParts, Float32Array);
  const count = boards.length / BOARD_LENGTH;
  const nets: EvaluatorNets = labellerNets;
  const ev = labellerEv;

  // 3. Training: shuffled epochs of SGD (one step per position) or Adam (one step per batch of
  // each net's positions); 5% held out decides which epoch is kept.
  const t2 = performance.now();
  if (compare > 0) {
    const kept = trainCompared({
      nets,
      ev,
      boards,
      targets,
      count,
      groupStarts,
      epochs,
      alpha,
      batch,
      lambda: compare,
      random,
      log,
    });
    log(`training: ${epochs} epochs in ${((performance.now() - t2) / 1000).toFixed(0)} s; kept epoch ${kept.epoch}`);
    writeRound(kept.nets, kept.epoch);
    return;
  }
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
  writeRound(bestNets, bestEpoch);

  function writeRound(bestNets: ReturnType<typeof serializeNets>, bestEpoch: number): void {
    const tag =
      setTag(options, sets[0] as PositionSet) +
      (pool.length > 0 ? `-pool${pool.map((p) => p.seed).join('-')}` : '') +
      (compare > 0 ? `-compare${compare}` : '');
    const path = join(dir, `${tag}.json`);
    // The round before left its own refine options (a pool, say) and, if imported, its record;
    // neither describes this round.
    const { imported: _imported, ...base } = start;
    const tdOptions = Object.fromEntries(Object.entries(start.options).filter(([k]) => !k.startsWith('refine')));
    const out: TdCheckpoint = {
      ...base,
      options: {
        ...tdOptions,
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
        refineWrote: path,
        ...(pool.length > 0 ? { refinePool: values.pool } : {}),
        ...(compare > 0 ? { refineCompare: compare } : {}),
      },
      elapsedMs: start.elapsedMs + (performance.now() - t0),
      nets: bestNets,
      dispatched: bestNets,
    };
    writeJson(path, out);
    log(`wrote ${path}`);
  }
}

/** The evaluator, weights and set options of the checkpoint at `path`, for a pooled set it labelled. */
function labellerOf(path: string, db: BearoffDatabase, options: SetOptions) {
  const cp = readCheckpoint(path);
  if (!cp) throw new Error(`--pool: no checkpoint at ${path}`);
  const nets = parseNets(cp.nets);
  return { ev: createEvaluator(nets, db), weights: weightsOf(nets), options: { ...options, nets: netsId(cp.nets) } };
}
