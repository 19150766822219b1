import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { trainedBackgammonEvaluator } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import cliProgress from 'cli-progress';
import { findGnubg, GNUBG } from '../bench/gnubg-process.js';
import { countClasses } from './label-classes.js';
import { type DrawOptions, drawPositions } from './label-draw.js';
import { runLabelling } from './label-run.js';
import {
  chunkBoards,
  chunkProgress,
  createLabelSet,
  LABELS_DIR,
  type LabelManifest,
  type LabelSetKey,
  otherSet,
  readManifest,
  readPositions,
  saveChunk,
  withDone,
} from './label-store.js';
import { gnubgCommand, startTeacher } from './label-teacher.js';
import { BACKGAMMON_WEIGHTS } from './paths.js';
import { netsId } from './refine-sets.js';

/*
 * npm run label -w @zar/bot-lab -- --teacher gnubg --plies 0|1|2 --positions N --name NAME
 *   [--processes P (default: 16, 8 or 4 a core at 0, 1 or 2 plies)] [--seed S] [--children-share x] [--explore x] [--gnubg PATH] [--install]
 *
 * Draws a set of positions from self-play of the committed nets (label-draw.ts), labels each with
 * gnubg's five cubeless outputs at `--plies` through P gnubg processes, and keeps it under
 * data/labels/NAME/ (label-store.ts). Stopped (Ctrl-C) and run again, the same command goes on
 * where it stopped; the same name with other choices is refused.
 */

/** Positions per chunk, the unit of saving and resuming: about 10 s of one gnubg process. */
const CHUNK_BY_PLIES = [1000, 500, 100];
/**
 * gnubg processes per core by default. Each evaluation through gnubg's Python module waits for
 * its task in 10 ms sleeps (RunAsyncProcess polling MT_WaitForTasks), so at 0 and 1 ply a
 * process mostly sleeps: one process labelled 100 positions/s at 0-ply, 32 on two cores 2,270/s.
 */
const PROCESSES_PER_CORE = [16, 8, 4];

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    teacher: { type: 'string', default: 'gnubg' },
    plies: { type: 'string', default: '1' },
    positions: { type: 'string' },
    name: { type: 'string' },
    processes: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'children-share': { type: 'string', default: '0.05' },
    explore: { type: 'string', default: '0' },
    gnubg: { type: 'string', default: GNUBG },
    install: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const count = (text: string | undefined, what: string, min: number): number => {
  const n = Number(text);
  if (!(Number.isInteger(n) && n >= min)) fail(`--${what} is a whole number of at least ${min}, not ${text}`);
  return n;
};
const share = (text: string | undefined, what: string): number => {
  const x = Number(text);
  if (!(x >= 0 && x <= 1)) fail(`--${what} is a share in [0, 1], not ${text}`);
  return x;
};

if (values.teacher !== 'gnubg') fail(`--teacher: only gnubg teaches, not ${values.teacher}`);
const plies = count(values.plies, 'plies', 0);
if (plies > 2) fail('--plies is 0, 1 or 2');
if (values.name === undefined || !/^[\w.-]+$/.test(values.name)) fail('--name NAME (letters, digits, . _ -) is needed');
const dir = join(LABELS_DIR, values.name);
const processes =
  values.processes === undefined
    ? availableParallelism() * (PROCESSES_PER_CORE[plies] as number)
    : count(values.processes, 'processes', 1);
const gnubg = findGnubg(values.gnubg, values.install);
if (!gnubg)
  fail(`gnubg is not at ${values.gnubg}: install Debian's package (apt-get install gnubg), or --install as root`);
const teacher = 'gnubg 1.07 (Debian)';

let manifest = readManifest(dir);
const wanted = (): LabelSetKey => ({
  teacher,
  plies,
  draw: {
    positions: count(values.positions, 'positions', 1),
    seed: count(values.seed, 'seed', 0),
    childrenShare: share(values['children-share'], 'children-share'),
    explore: share(values.explore, 'explore'),
  } satisfies DrawOptions,
});
let boards: Int8Array;
if (manifest) {
  // A resumed run may leave out --positions and the drawing options: the manifest has them.
  const key = values.positions === undefined ? { teacher, plies, draw: manifest.draw } : wanted();
  const why = otherSet(manifest, key);
  if (why !== null) fail(`${dir} holds another set (${why}): choose another --name`);
  boards = readPositions(dir, manifest);
} else {
  const key = wanted();
  const t0 = performance.now();
  const ev = await trainedBackgammonEvaluator();
  const drawn = drawPositions(ev, key.draw);
  const weights = JSON.parse(readFileSync(BACKGAMMON_WEIGHTS, 'utf8')) as { contact: unknown; race: unknown };
  console.log(
    `drew ${drawn.count} positions in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${drawn.fromGames} from ${drawn.games} self-play games, ${drawn.children} children of their positions; ${drawn.duplicates} duplicates left out`,
  );
  manifest = createLabelSet(
    dir,
    {
      ...key,
      nets: netsId({ contact: weights.contact, race: weights.race }),
      count: drawn.count,
      classes: countClasses(drawn.boards, drawn.count),
      chunkSize: CHUNK_BY_PLIES[plies] as number,
    },
    drawn.boards,
  );
  boards = drawn.boards;
}
await label(manifest, boards);

async function label(m: LabelManifest, boards: Int8Array): Promise<void> {
  const { classes } = m;
  console.log(
    `${dir}: ${m.count} positions (${classes.contact} contact, ${classes.crashed} crashed, ${classes.race} race), ${m.plies}-ply, ${m.chunks} chunks of ${m.chunkSize}`,
  );
  const { done, pending } = chunkProgress(dir, m, boards);
  m = withDone(dir, m, done);
  const labelledBefore = done.reduce((n, i) => n + chunkBoards(m, boards, i).length / BOARD_LENGTH, 0);
  if (pending.length === 0) {
    console.log(`all ${m.count} positions are labelled`);
    return;
  }
  if (done.length > 0) console.log(`resuming: ${done.length} chunks (${labelledBefore} positions) labelled before`);
  const bar = new cliProgress.SingleBar(
    {
      format: 'labels {bar} {value}/{total} | {rate} labels/s | ETA {eta_formatted}',
      etaBuffer: 2000,
      noTTYOutput: true,
      notTTYSchedule: 30_000,
    },
    cliProgress.Presets.shades_classic,
  );
  const used = Math.min(processes, pending.length);
  bar.start(m.count, labelledBefore, { rate: '-' });
  const t0 = performance.now();
  let labelled = 0;
  const run = runLabelling({
    pending,
    boardsOf: (i) => chunkBoards(m, boards, i).slice(),
    plies: m.plies,
    processes: used,
    start: () => startTeacher(gnubgCommand(gnubg as string)),
    onChunk: (i, targets) => {
      saveChunk(dir, m, boards, i, targets);
      done.push(i);
      m = withDone(dir, m, done);
    },
    onLabels: (n) => {
      labelled += n;
      bar.increment(n, { rate: (labelled / ((performance.now() - t0) / 1000)).toFixed(1) });
    },
  });
  process.once('SIGINT', () => run.stop());
  const { restarts, stopped } = await run.finished;
  bar.stop();
  const seconds = (performance.now() - t0) / 1000;
  const rate = labelled / seconds;
  console.log(
    `${labelled} labels in ${seconds.toFixed(0)} s at ${m.plies}-ply: ${rate.toFixed(1)} labels/s, ${(rate / used).toFixed(1)} labels/s per process (${used} processes${restarts > 0 ? `, ${restarts} restarted` : ''})`,
  );
  if (stopped)
    console.log(`stopped with ${m.done.length} of ${m.chunks} chunks labelled: the same command goes on from there`);
}
