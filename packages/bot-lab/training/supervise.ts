import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cloneNetwork, createEvaluator, parseEvaluatorWeights, seededRandom, sharedBearoff } from '@zar/bot';
import cliProgress from 'cli-progress';
import { parseNets, readCheckpoint, type TdCheckpoint, writeJson } from './checkpoint.js';
import { growHidden } from './nets.js';
import { BACKGAMMON_WEIGHTS } from './paths.js';
import { compareLabels } from './supervise-compare.js';
import { classesOf, formatScores, heldOutSplits, scorePositions } from './supervise-score.js';
import { readLabelSets, setName } from './supervise-sets.js';
import { keptNets, type SuperviseRun, type SuperviseState, startState, trainSupervised } from './supervise-train.js';

/** The choices a run's state was made with: resuming with others would be another run. */
interface SuperviseKey {
  readonly labels: string;
  readonly from: string;
  readonly positions: number;
  readonly epochs: number;
  readonly alpha: number;
  readonly batch: number;
  readonly seed: number;
  readonly held: number;
  /** A crashed net split off the contact net (a copy of it to start with), as gnubg's. */
  readonly crashed: boolean;
  /** The contact net grown to this many hidden units before training (0: as it is). */
  readonly hidden: number;
}

interface StateFile {
  readonly kind: 'zar-supervise-state/1';
  readonly key: SuperviseKey;
  readonly elapsedMs: number;
  readonly state: SuperviseState;
}

function options(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      labels: { type: 'string' },
      from: { type: 'string' },
      positions: { type: 'string' },
      epochs: { type: 'string' },
      alpha: { type: 'string' },
      batch: { type: 'string' },
      seed: { type: 'string' },
      held: { type: 'string' },
      reference: { type: 'string' },
      dir: { type: 'string' },
      name: { type: 'string' },
      resume: { type: 'boolean' },
      crashed: { type: 'boolean' },
      hidden: { type: 'string' },
      'compare-with': { type: 'string' },
    },
  });
  if (!values.labels) throw new Error('give --labels NAME: a label set of data/labels/ (npm run label), or its path');
  if (!values.from) throw new Error('give --from CHECKPOINT: the nets to train on (train import makes one)');
  const number = (v: string | undefined, d: number, ok: (n: number) => boolean, what: string) => {
    const n = v === undefined ? d : Number(v);
    if (!ok(n)) throw new Error(`--${what} cannot be ${v}`);
    return n;
  };
  const key: SuperviseKey = {
    labels: values.labels,
    from: values.from,
    positions: number(values.positions, 0, (n) => Number.isInteger(n) && n >= 0, 'positions'),
    epochs: number(values.epochs, 8, (n) => Number.isInteger(n) && n >= 1, 'epochs'),
    alpha: number(values.alpha, 0.001, (n) => n > 0, 'alpha'),
    batch: number(values.batch, 64, (n) => Number.isInteger(n) && n >= 1, 'batch'),
    seed: number(values.seed, 1, Number.isInteger, 'seed'),
    held: number(values.held, 0.05, (n) => n > 0 && n < 1, 'held'),
    crashed: values.crashed ?? false,
    hidden: number(values.hidden, 0, (n) => Number.isInteger(n) && n >= 0, 'hidden'),
  };
  const dir = values.dir ?? 'training/checkpoints/supervised';
  const name = values.name ?? `supervise-${key.labels.split(',').map(setName).join('+')}-s${key.seed}`;
  return {
    key,
    reference: values.reference ?? BACKGAMMON_WEIGHTS,
    out: join(dir, `${name}.json`),
    stateFile: join(dir, `${name}.state.json`),
    resume: values.resume ?? false,
    compareWith: values['compare-with'],
  };
}

/**
 * `supervise --labels NAME[,NAME…] --from CHECKPOINT [--positions N] [--epochs 8] [--alpha 0.001]
 * [--batch 64] [--seed 1] [--held 0.05] [--crashed] [--hidden H] [--reference WEIGHTS] [--compare-with LABELS]
 * [--dir DIR] [--name NAME] [--resume]`:
 * trains a checkpoint's nets toward label sets' outputs (another program's evaluations, say; with
 * several sets, all of them, each holding out its own blocks, `--positions` the first N of each),
 * with minibatch Adam, reporting after each epoch the held-out error by gnubg's classes beside
 * the reference weights' (the committed ones by default) and, with `--compare-with`, another
 * set's labels of the first set's positions (gnubg's 0-ply beside its 1-ply: the error to reach). Ctrl-C stops it with its state saved;
 * `--resume` goes on from there as if never stopped. Writes each net at its held-out best epoch as a checkpoint.
 */
export async function runSupervise(args: string[]): Promise<void> {
  const o = options(args);
  const { key } = o;
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const sets = readLabelSets(key.labels, key.positions);
  const { boards, targets, count } = sets;
  const teachers = [...new Set(sets.manifests.map((m) => `${m.teacher} ${m.plies}-ply`))].join(', ');
  const split = heldOutSplits(sets.counts, key.held);
  const run: SuperviseRun = {
    boards,
    targets,
    classes: classesOf(boards, count),
    ...split,
    epochs: key.epochs,
    alpha: key.alpha,
    batch: key.batch,
    seed: key.seed,
  };
  log(
    `${key.labels}: ${count} positions (${teachers}), ${split.train.length} to train on, ${split.held.length} held out`,
  );

  const reference = parseEvaluatorWeights(JSON.parse(readFileSync(o.reference, 'utf8')));
  if (!reference.ok) throw new Error(`${o.reference}: ${reference.error.message}`);
  const refScores = scorePositions(
    createEvaluator(reference.value, sharedBearoff()),
    boards,
    targets,
    run.classes,
    run.held,
  );
  log(`held out, squared error (5 outputs) / equity error by class: ${o.reference}: ${formatScores(refScores)}`);
  const compared = o.compareWith ? compareLabels(sets, run.classes, run.held, o.compareWith) : null;
  const compareLine = compared
    ? `${o.compareWith} on ${compared.compared.length} of them: ${formatScores(compared.scores)}; the reference there: ${formatScores(scorePositions(createEvaluator(reference.value, sharedBearoff()), boards, targets, run.classes, compared.compared))}`
    : '';
  if (compared) log(compareLine);

  const cp = readCheckpoint(key.from);
  if (!cp) throw new Error(`no checkpoint at ${key.from}`);
  let state: SuperviseState;
  let elapsedBefore = 0;
  if (o.resume && existsSync(o.stateFile)) {
    const saved = JSON.parse(readFileSync(o.stateFile, 'utf8')) as StateFile;
    // A state saved before --hidden existed grew nothing.
    const savedKey = { hidden: 0, ...(saved.key as Partial<SuperviseKey>) } as SuperviseKey;
    const differ = (Object.keys(key) as (keyof SuperviseKey)[]).filter((k) => savedKey[k] !== key[k]);
    if (differ.length > 0)
      throw new Error(`${o.stateFile} was another run: ${differ.map((k) => `${k} ${savedKey[k]}`).join(', ')}`);
    state = saved.state;
    elapsedBefore = saved.elapsedMs;
    log(`resuming at epoch ${state.epoch}, position ${state.at} of ${split.train.length}`);
  } else {
    if (existsSync(o.stateFile) && !o.resume)
      throw new Error(`${o.stateFile} exists: --resume goes on with it, or give another --name`);
    const parsed = parseNets(cp.nets);
    const grow = key.hidden > 0 && key.hidden !== parsed.contact.hidden;
    if (grow) log(`contact net: grown from ${parsed.contact.hidden} to ${key.hidden} hidden units`);
    const nets = grow ? { ...parsed, contact: growHidden(parsed.contact, key.hidden, seededRandom(key.seed)) } : parsed;
    if (key.crashed && !nets.crashed) log('crashed net: split off the contact net, a copy of it to start with');
    state = startState(run, key.crashed && !nets.crashed ? { ...nets, crashed: cloneNetwork(nets.contact) } : nets);
  }
  for (const s of state.scores) log(`epoch ${s.epoch}: ${formatScores(s.scores)}`);

  const t0 = performance.now();
  const elapsed = () => elapsedBefore + (performance.now() - t0);
  const save = (s: SuperviseState) => {
    writeJson(o.stateFile, { kind: 'zar-supervise-state/1', key, elapsedMs: elapsed(), state: s } satisfies StateFile);
    writeBest(s);
  };
  const writeBest = (s: SuperviseState) => {
    // The round before left its own refine options and, if imported, its record; neither is this run's.
    const { imported: _imported, ...base } = cp;
    const kept = Object.fromEntries(
      Object.entries(cp.options).filter(([k]) => !k.startsWith('refine') && !k.startsWith('supervise')),
    );
    const out: TdCheckpoint = {
      ...base,
      options: {
        ...kept,
        supervisedFrom: key.from,
        superviseLabels: key.labels,
        superviseTeacher: teachers,
        supervisePositions: count,
        superviseEpochContact: s.best.contact.epoch,
        superviseEpochRace: s.best.race.epoch,
        ...(s.best.crashed ? { superviseEpochCrashed: s.best.crashed.epoch } : {}),
        superviseEpochsRun: Math.min(key.epochs, s.epoch - 1),
        superviseAlpha: key.alpha,
        superviseBatch: key.batch,
        superviseSeed: key.seed,
        superviseHeld: key.held,
      },
      elapsedMs: cp.elapsedMs + elapsed(),
      nets: keptNets(s),
      dispatched: keptNets(s),
    };
    writeJson(o.out, out);
  };

  const total = key.epochs * split.train.length;
  const done = (state.epoch - 1) * split.train.length + state.at;
  const bar = new cliProgress.SingleBar(
    {
      format: 'supervise {bar} {value}/{total} positions | {rate} positions/s | epoch {epoch} | ETA {eta_formatted}',
      etaBuffer: 200,
      noTTYOutput: true,
      notTTYSchedule: 30_000,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, done, { rate: '-', epoch: state.epoch });
  let stopping = false;
  process.once('SIGINT', () => {
    stopping = true;
  });
  let trained = 0;
  let epochNow = state.epoch;
  const final = trainSupervised(run, state, {
    stop: () => stopping,
    progress: (n) => {
      trained += n;
      bar.increment(n, { rate: (trained / ((performance.now() - t0) / 1000)).toFixed(0), epoch: epochNow });
    },
    epochDone: (epoch, scores, next) => {
      epochNow = epoch + 1;
      bar.stop();
      log(
        `epoch ${epoch}: α ${(key.alpha * (1 - (epoch - 1) / key.epochs)).toFixed(6)}, held out: ${formatScores(scores)}`,
      );
      save(next);
      if (epoch < key.epochs) bar.start(total, epoch * split.train.length, { rate: '-', epoch: epochNow });
    },
  });
  bar.stop();
  save(final);
  const seconds = ((performance.now() - t0) / 1000).toFixed(0);
  if (stopping && final.epoch <= key.epochs) {
    log(
      `stopped at epoch ${final.epoch}, position ${final.at}, after ${seconds} s: the same command with --resume goes on`,
    );
    return;
  }
  const epochs = Object.entries(final.best).map(([name, b]) => `${name} ${b.epoch}`);
  log(`${key.epochs} epochs (${seconds} s this session); kept epochs ${epochs.join(', ')}; wrote ${o.out}`);
  log(`reference ${o.reference}: ${formatScores(refScores)}`);
  if (compared) log(compareLine);
  const kept = createEvaluator(parseNets(keptNets(final)), sharedBearoff());
  log(`kept nets: ${formatScores(scorePositions(kept, boards, targets, run.classes, run.held))}`);
}
