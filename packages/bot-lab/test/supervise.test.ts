import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cloneNetwork,
  createBearoffDatabase,
  createEvaluator,
  type EvaluatorNets,
  INPUTS,
  OUTPUTS,
  randomNetwork,
  seededRandom,
  serializeEvaluatorWeights,
} from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { readCheckpoint, serializeNets, type TdCheckpoint } from '../training/checkpoint.js';
import { countClasses } from '../training/label-classes.js';
import { drawPositions } from '../training/label-draw.js';
import { createLabelSet, saveChunk, withDone } from '../training/label-store.js';
import { classesOf, heldOutSplit, LABEL_CLASSES, scorePositions } from '../training/supervise-score.js';
import { netError, type SuperviseRun, startState, trainSupervised } from '../training/supervise-train.js';

const nets = (seed: number, contact: number, race: number): EvaluatorNets => {
  const random = seededRandom(seed);
  return {
    contact: randomNetwork(INPUTS, contact, OUTPUTS, random),
    race: randomNetwork(INPUTS, race, OUTPUTS, random),
  };
};
const db = createBearoffDatabase();
const COUNT = 400;
// Positions of a tiny net's self-play, labelled by another net: a teacher the student can learn.
const drawn = drawPositions(createEvaluator(nets(5, 8, 4), db), {
  positions: COUNT,
  seed: 3,
  childrenShare: 0.2,
  explore: 0,
});
const boards = drawn.boards.slice(0, COUNT * BOARD_LENGTH);
const teacher = createEvaluator(nets(9, 6, 4), db);
const targets = new Float32Array(COUNT * OUTPUTS);
for (let i = 0; i < COUNT; i++)
  teacher.evaluate(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), targets, i * OUTPUTS);

const runOf = (epochs: number): SuperviseRun => ({
  boards,
  targets,
  classes: classesOf(boards, COUNT),
  ...heldOutSplit(COUNT, 0.1, 20),
  epochs,
  alpha: 0.01,
  batch: 8,
  seed: 4,
});

describe('supervised training on a label set', () => {
  it('holds out whole blocks of positions, one in 1/share, and trains on the rest', () => {
    const { train, held } = heldOutSplit(1010, 0.05, 25);
    expect(train.length + held.length).toBe(1010);
    expect(new Set([...train, ...held]).size).toBe(1010);
    for (const i of held) expect(Math.floor(i / 25) % 20).toBe(19);
    expect(held.length).toBe(25 + 25);
    // A small set's blocks are small enough for 20 of them to be held out.
    expect(heldOutSplit(400, 0.1).held.length).toBe(40);
    expect(heldOutSplit(1_000_000, 0.05).held.length).toBe(50_000);
  });

  it('scores by gnubg class, and a net on its own labels scores zero', () => {
    const run = runOf(1);
    const counts = countClasses(boards, COUNT);
    const all = Int32Array.from({ length: COUNT }, (_, i) => i);
    const own = scorePositions(teacher, boards, targets, run.classes, all);
    expect(own.all.positions).toBe(COUNT);
    expect(own.contact.positions).toBe(counts.contact);
    expect(own.crashed.positions).toBe(counts.crashed);
    expect(own.race.positions).toBe(counts.race);
    expect(own.all.squaredError).toBe(0);
    expect(own.all.equityError).toBe(0);
    const other = scorePositions(createEvaluator(nets(1, 8, 4), db), boards, targets, run.classes, all);
    expect(other.all.squaredError).toBeGreaterThan(0.01);
    expect(other.all.equityError).toBeGreaterThan(0.01);
  });

  it('brings the held-out error down and keeps the best epoch', () => {
    const run = runOf(4);
    const start = startState(run, nets(1, 8, 4));
    const epochs: number[] = [];
    const end = trainSupervised(run, start, { epochDone: (e) => epochs.push(e) });
    expect(epochs).toEqual([1, 2, 3, 4]);
    expect(end.scores.map((s) => s.epoch)).toEqual([0, 1, 2, 3, 4]);
    // The tiny set's held-out blocks hold contact positions only, so only the contact net has a best epoch.
    expect(end.scores[0]?.scores.race.positions).toBe(0);
    expect(end.best.race.epoch).toBe(0);
    const errors = end.scores.map((s) => netError(s.scores, 'contact'));
    expect(end.best.contact.squaredError).toBeLessThan((errors[0] as number) / 2);
    expect(end.best.contact.epoch).toBeGreaterThan(0);
    expect(Math.min(...errors)).toBe(end.best.contact.squaredError);
  });

  it('stopped mid-epoch and taken up from its saved state, ends with the same nets to the bit', () => {
    const run = runOf(3);
    const straight = trainSupervised(run, startState(run, nets(1, 8, 4)));
    let asked = 0;
    const stopAt = run.train.length + 77;
    const stopped = trainSupervised(run, startState(run, nets(1, 8, 4)), { stop: () => asked++ === stopAt });
    expect([stopped.epoch, stopped.at]).toEqual([2, 77]);
    const resumed = trainSupervised(run, JSON.parse(JSON.stringify(stopped)));
    expect(resumed.nets).toEqual(straight.nets);
    expect(resumed.best).toEqual(straight.best);
    expect(resumed.scores).toEqual(straight.scores);
  });
});

describe('a crashed net split off the contact net', () => {
  it('learns from the crashed positions alone, the contact net from the rest, and resumes to the bit', () => {
    const run = runOf(2);
    const start = nets(1, 8, 4);
    const split = { ...start, crashed: cloneNetwork(start.contact) };
    const trained = (n: EvaluatorNets, stop?: () => boolean) => trainSupervised(run, startState(run, n), { stop });
    const withCrashed = trained(split);
    const without = trained(nets(1, 8, 4));
    const crashedTrain = Array.from(run.train).filter((i) => LABEL_CLASSES[run.classes[i] as number] === 'crashed');
    expect(crashedTrain.length).toBeGreaterThan(0);
    // The crashed net moved; the contact net, with the crashed positions gone, ended elsewhere.
    expect(withCrashed.nets.crashed).toBeDefined();
    expect(withCrashed.nets.crashed).not.toEqual(serializeNets(start).contact);
    expect(withCrashed.nets.contact).not.toEqual(without.nets.contact);
    expect(withCrashed.nets.race).toEqual(without.nets.race);
    expect(Object.keys(withCrashed.best)).toEqual(['contact', 'race', 'crashed']);
    let asked = 0;
    const stopped = trained({ ...nets(1, 8, 4), crashed: cloneNetwork(nets(1, 8, 4).contact) }, () => asked++ === 123);
    const resumed = trainSupervised(run, JSON.parse(JSON.stringify(stopped)));
    expect(resumed.nets).toEqual(withCrashed.nets);
    expect(resumed.best).toEqual(withCrashed.best);
  });
});

describe('the supervise step', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zar-supervise-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('trains a checkpoint on a label set read from disk, writes the best nets and resumes its state', async () => {
    const { runSupervise } = await import('../training/supervise.js');
    const labels = join(dir, 'labels', 'fake');
    const chunkSize = 100;
    let m = createLabelSet(
      labels,
      {
        teacher: 'fake',
        plies: 0,
        draw: { positions: COUNT, seed: 3, childrenShare: 0.2, explore: 0 },
        nets: 'test',
        count: COUNT,
        classes: countClasses(boards, COUNT),
        chunkSize,
      },
      boards,
    );
    for (let i = 0; i < m.chunks; i++)
      saveChunk(labels, m, boards, i, targets.subarray(i * chunkSize * OUTPUTS, (i + 1) * chunkSize * OUTPUTS));
    m = withDone(labels, m, [0, 1, 2, 3]);
    const from = join(dir, 'start.json');
    const serialized = serializeNets(nets(1, 8, 4));
    const cp: TdCheckpoint = {
      kind: 'zar-td-checkpoint/1',
      options: { seed: 1, refineSeed: 7 },
      rounds: 1,
      games: 10,
      positions: 100,
      elapsedMs: 1000,
      nets: serialized,
      dispatched: serialized,
    };
    writeFileSync(from, JSON.stringify(cp));
    const reference = join(dir, 'reference.json');
    writeFileSync(reference, JSON.stringify(serializeEvaluatorWeights(teacher.nets, {})));
    const args = ['--labels', labels, '--from', from, '--epochs', '2', '--alpha', '0.01', '--batch', '8'];
    const common = [...args, '--reference', reference, '--dir', dir, '--name', 'run', '--held', '0.1'];
    await runSupervise(common);
    const out = readCheckpoint(join(dir, 'run.json'));
    expect(out?.options.supervisedFrom).toBe(from);
    expect(out?.options.supervisePositions).toBe(COUNT);
    expect(out?.options.superviseEpochsRun).toBe(2);
    expect(out?.options.refineSeed).toBeUndefined();
    expect(out?.nets).not.toEqual(serialized);
    expect(existsSync(join(dir, 'run.state.json'))).toBe(true);
    // The same name again is refused without --resume, and with other choices even with it.
    await expect(runSupervise(common)).rejects.toThrow(/--resume/);
    await expect(runSupervise([...common, '--resume', '--seed', '2'])).rejects.toThrow(/another run: seed 1/);
    const before = readFileSync(join(dir, 'run.json'), 'utf8');
    await runSupervise([...common, '--resume']);
    expect(readCheckpoint(join(dir, 'run.json'))?.nets).toEqual(JSON.parse(before).nets);
    // --hidden grows the contact net before training, and is one of the run's choices.
    const grown = [
      ...args,
      '--reference',
      reference,
      '--dir',
      dir,
      '--name',
      'grown',
      '--held',
      '0.1',
      '--hidden',
      '12',
    ];
    await runSupervise(grown);
    const grownNets = readCheckpoint(join(dir, 'grown.json'))?.nets as { contact: { hidden: number } } | undefined;
    expect(grownNets?.contact.hidden).toBe(12);
    await expect(runSupervise([...grown.slice(0, -1), '16', '--resume'])).rejects.toThrow(/another run: hidden 12/);
  });
});
