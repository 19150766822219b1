import {
  createEvaluator,
  DENSE_INPUTS,
  type EvaluatorNets,
  encodeDense,
  encodePoints,
  MAX_SPARSE,
  type Network,
  OUTPUTS,
  POINT_INPUTS,
  type SerializedNetwork,
  seededRandom,
  sharedBearoff,
} from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { type AdamState, type AdamTrainer, adamTrainer } from './adam.js';
import { parseNets, type SerializedNets, serializeNets } from './checkpoint.js';
import { LABEL_CLASSES, type Scores, scorePositions } from './supervise-score.js';

/** The nets a run trains: contact and race, and crashed where the nets split it off the contact net. */
export type NetName = 'contact' | 'race' | 'crashed';
export type PerNet<T> = { readonly contact: T; readonly race: T; readonly crashed?: T };

/** The names of the nets `nets` holds, in the order a state lists them. */
const namesOf = (nets: { crashed?: unknown }): NetName[] =>
  nets.crashed === undefined ? ['contact', 'race'] : ['contact', 'race', 'crashed'];

/** One value for each net of `nets`. */
function perNet<T>(nets: { crashed?: unknown }, f: (name: NetName) => T): PerNet<T> {
  const out: Partial<Record<NetName, T>> = {};
  for (const name of namesOf(nets)) out[name] = f(name);
  return out as PerNet<T>;
}

/** A supervised run's data and choices: what stays the same from its start to its end. */
export interface SuperviseRun {
  readonly boards: Int8Array;
  readonly targets: Float32Array;
  /** Each position's class (`classesOf`). */
  readonly classes: Uint8Array;
  readonly train: Int32Array;
  readonly held: Int32Array;
  readonly epochs: number;
  /** Adam's learning rate at the first epoch; it falls linearly to zero over the epochs. */
  readonly alpha: number;
  readonly batch: number;
  readonly seed: number;
}

/**
 * Where a run stands, all of it JSON: the nets and Adam's memory as they are, the epoch in
 * progress and how many of its positions are trained, each net at its best epoch on the held-out
 * positions so far, and every epoch's held-out scores (epoch 0: the nets the run started from).
 */
export interface SuperviseState {
  readonly epoch: number;
  readonly at: number;
  readonly nets: SerializedNets;
  readonly adam: PerNet<AdamState>;
  readonly best: PerNet<BestNet>;
  readonly scores: readonly { readonly epoch: number; readonly scores: Scores }[];
}

/** A net at its best epoch so far: that epoch's held-out squared error on the net's own positions. */
export interface BestNet {
  readonly epoch: number;
  readonly squaredError: number;
  readonly net: SerializedNetwork;
}

/**
 * The held-out squared error of one net's positions: contact and crashed for the contact net,
 * unless a crashed net of its own takes those (`split`). The nets learn from disjoint positions, so
 * each keeps its own best epoch: on gnubg's 1-ply labels the race net, close to them already,
 * gained least and lost first.
 */
export function netError(scores: Scores, net: NetName, split = false): number {
  if (net !== 'contact') return scores[net].squaredError;
  if (split) return scores.contact.squaredError;
  const { contact, crashed } = scores;
  const n = contact.positions + crashed.positions;
  return (contact.squaredError * contact.positions + crashed.squaredError * crashed.positions) / Math.max(1, n);
}

/** The nets a state keeps: each net at its best epoch. */
export const keptNets = (state: SuperviseState): SerializedNets =>
  perNet(state.best, (name) => (state.best[name] as BestNet).net);

export interface SuperviseHooks {
  /** Asked after every position: true stops the run there, its state returned to save. */
  stop?(): boolean;
  /** Positions trained since the last call, every few thousand. */
  progress?(trained: number): void;
  /** After each epoch, its held-out scores and the state to save. */
  epochDone?(epoch: number, scores: Scores, state: SuperviseState): void;
}

const PROGRESS_EVERY = 4096;

/** The order of epoch `epoch`'s positions: the same for a seed whether or not the run stopped. */
function epochOrder(train: Int32Array, seed: number, epoch: number): Int32Array {
  const order = train.slice();
  const random = seededRandom((Math.imul(seed, 0x9e3779b1) ^ epoch) >>> 0);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i] as number;
    order[i] = order[j] as number;
    order[j] = t;
  }
  return order;
}

/** The state of a run not started: `nets`, scored on the held-out positions as epoch 0. */
export function startState(run: SuperviseRun, nets: EvaluatorNets): SuperviseState {
  const scores = scorePositions(createEvaluator(nets, sharedBearoff()), run.boards, run.targets, run.classes, run.held);
  const serialized = serializeNets(nets);
  const split = nets.crashed !== undefined;
  return {
    epoch: 1,
    at: 0,
    nets: serialized,
    adam: perNet(nets, (name) => adamTrainer(nets[name] as Network).state()),
    best: perNet(nets, (name) => ({
      epoch: 0,
      squaredError: netError(scores, name, split),
      net: serialized[name] as SerializedNetwork,
    })),
    scores: [{ epoch: 0, scores }],
  };
}

/**
 * Minibatch Adam toward the labels, on from `state`, until the last epoch or `hooks.stop()`.
 * Contact and crashed positions train the contact net, races the race net (the evaluator's split),
 * and crashed ones the crashed net where there is one; each net takes a step every `batch` of its
 * own positions. A run stopped and taken up again from
 * its state ends with the same nets, to the bit, as one never stopped.
 */
export function trainSupervised(run: SuperviseRun, state: SuperviseState, hooks: SuperviseHooks = {}): SuperviseState {
  const nets = parseNets(state.nets);
  const ev = createEvaluator(nets, sharedBearoff());
  const split = nets.crashed !== undefined;
  const adam = perNet(nets, (name) => {
    const trainer = adamTrainer(nets[name] as Network);
    const saved = state.adam[name];
    if (!saved) throw new Error(`the state has no Adam state for the ${name} net`);
    trainer.restore(saved);
    return trainer;
  });
  const trainers = namesOf(nets).map((name) => adam[name] as AdamTrainer);
  // Each position class's trainer, by `LABEL_CLASSES` index.
  const trainerOf = LABEL_CLASSES.map((cls) =>
    cls === 'race' ? adam.race : cls === 'crashed' && adam.crashed ? adam.crashed : adam.contact,
  );
  const idx = new Int32Array(MAX_SPARSE);
  const val = new Float32Array(MAX_SPARSE);
  const dense = new Float32Array(DENSE_INPUTS);
  let best = state.best;
  const scores = [...state.scores];
  const snapshot = (epoch: number, at: number): SuperviseState => ({
    epoch,
    at,
    nets: serializeNets(nets),
    adam: perNet(nets, (name) => (adam[name] as AdamTrainer).state()),
    best,
    scores,
  });
  for (let epoch = state.epoch; epoch <= run.epochs; epoch++) {
    const order = epochOrder(run.train, run.seed, epoch);
    const rate = run.alpha * (1 - (epoch - 1) / run.epochs);
    let since = 0;
    for (let at = epoch === state.epoch ? state.at : 0; at < order.length; at++) {
      if (hooks.stop?.()) return snapshot(epoch, at);
      const i = order[at] as number;
      const b = run.boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH);
      const trainer = trainerOf[run.classes[i] as number] as AdamTrainer;
      const n = encodePoints(b, 0, idx, val);
      encodeDense(b, 0, dense);
      trainer.add(idx, val, n, POINT_INPUTS, dense, run.targets.subarray(i * OUTPUTS, (i + 1) * OUTPUTS));
      if (trainer.pending === run.batch) trainer.step(rate);
      if (++since === PROGRESS_EVERY) {
        hooks.progress?.(since);
        since = 0;
      }
    }
    for (const trainer of trainers) trainer.step(rate);
    hooks.progress?.(since);
    const s = scorePositions(ev, run.boards, run.targets, run.classes, run.held);
    scores.push({ epoch, scores: s });
    const now = serializeNets(nets);
    const was = best;
    best = perNet(nets, (name) => {
      const error = netError(s, name, split);
      const kept = was[name] as BestNet;
      return error < kept.squaredError ? { epoch, squaredError: error, net: now[name] as SerializedNetwork } : kept;
    });
    const next = snapshot(epoch + 1, 0);
    hooks.epochDone?.(epoch, s, next);
  }
  return snapshot(run.epochs + 1, 0);
}

/** Whether the run of `state` has trained all its epochs. */
export const finished = (run: SuperviseRun, state: SuperviseState): boolean => state.epoch > run.epochs;
