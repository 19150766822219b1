import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CONTACT, classify, type Evaluator, OUTPUTS, RACE, type Random } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import cliProgress from 'cli-progress';
import { candidateSampler } from './candidates.js';
import { encodeLabelChunk, readLabelChunk } from './label-chunks.js';
import type { LabelRequest, LabelResult } from './label-worker.js';
import type { NetsWeights } from './nets.js';
import { playGame, selfPlayScratch } from './selfplay.js';

const BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./label-worker.ts', import.meta.url).href;
/** Positions per label chunk (the unit of progress and of resuming): about 10 s of work each. */
const CHUNK_BY_PLIES = [0, 2000, 100];

/** The label depth a `--plies` option names: 1 or 2, the depths `labelPositions` has chunks for. */
export function labelPlies(option: string | undefined): number {
  const plies = Number(option ?? 1);
  if (plies !== 1 && plies !== 2) throw new Error(`--plies is 1 or 2, not ${option}`);
  return plies;
}

/** How a refinement round draws its positions from self-play of the checkpoint it refines. */
export interface SetOptions {
  /**
   * Which nets played the games and label the positions (`netsId`): part of the cache tag, so
   * labels of other nets are never reused. (Tags once had the checkpoint's TD game count here,
   * which every refinement of one TD run shares.)
   */
  readonly nets: string;
  readonly wanted: number;
  readonly candidates: number;
  readonly plies: number;
  readonly sample: number;
}

/**
 * One set of positions: the self-play seed and how often its games explore; `from`, for a pooled
 * set, is another checkpoint whose nets play its games and label it (else the round's own).
 */
export interface PositionSet {
  readonly seed: number;
  readonly explore: number;
  readonly from?: string;
}

/** A short fingerprint of a checkpoint's serialized nets. */
export function netsId(serialized: unknown): string {
  return createHash('sha256').update(JSON.stringify(serialized)).digest('hex').slice(0, 10);
}

/** The name of a set's caches (its positions, its decisions' groups) and of the round's checkpoint. */
export function setTag(o: SetOptions, set: PositionSet): string {
  return tagOf(o, set, `-${o.wanted}`);
}

/**
 * The name of a set's label chunks: its tag without the size. Games are drawn one after another
 * from the seed's stream until the set is full, so a set is the first positions of any larger set
 * of its seed, and their labels are the same chunk by chunk; a round on 100,000 positions uses
 * the chunks a 400,000-position run has labelled so far (a set can be labelled across sessions and
 * tried part way).
 */
export function labelsTag(o: SetOptions, set: PositionSet): string {
  return tagOf(o, set, '');
}

function tagOf(o: SetOptions, set: PositionSet, size: string): string {
  return `refine-${o.nets}-${set.seed}${size}${o.candidates > 0 ? `-c${o.candidates}` : ''}${o.plies > 1 ? `-p${o.plies}` : ''}${o.sample < 1 ? `-s${o.sample}` : ''}${set.explore > 0 ? `-e${set.explore}` : ''}`;
}

/**
 * Positions from 0-ply self-play games, until enough: with `candidates` k, for each sampled
 * position of a game and a fresh roll, the positions left by its k best 0-ply plays (those
 * within the 1-ply filter's width), which are what a decision compares; else the
 * positions of the games themselves. `random` is the set's seeded stream; the caller may go on drawing from it.
 * `groupStarts`, when given, gets the index of each sampled game position's first kept child:
 * the positions one decision compares are `groupStarts[g] .. groupStarts[g + 1]` (the last
 * group ends at `count`).
 */
export function generatePositions(
  ev: Evaluator,
  o: SetOptions,
  explore: number,
  random: Random,
  groupStarts?: number[],
): { boards: Int8Array; count: number; games: number } {
  const scratch = selfPlayScratch();
  const boards = new Int8Array(o.wanted * BOARD_LENGTH);
  let count = 0;
  let games = 0;
  const keep = (b: Int8Array) => {
    const cls = classify(b);
    if (count < o.wanted && (cls === CONTACT || cls === RACE)) boards.set(b, BOARD_LENGTH * count++);
  };
  const roll = (): [number, number] => [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
  const sampler = o.candidates > 0 ? candidateSampler(ev, o.candidates, roll) : null;
  while (count < o.wanted) {
    const n = playGame(ev, random, scratch, explore);
    games++;
    for (let t = 0; t < n - 1 && count < o.wanted; t++) {
      if (o.sample < 1 && random() >= o.sample) continue;
      const b = scratch.boards.subarray(t * BOARD_LENGTH, (t + 1) * BOARD_LENGTH);
      groupStarts?.push(count);
      if (sampler) sampler(b, keep);
      else keep(b);
    }
  }
  return { boards, count, games };
}

/** A drawn set: its boards, how many, from how many games, and its decisions' group starts when asked for. */
export interface DrawnSet {
  readonly boards: Int8Array;
  readonly count: number;
  readonly games: number;
  readonly groupStarts?: readonly number[];
}

/**
 * `generatePositions` with its own seeded stream, saved under `dir/tag-positions.bin` (the game
 * count, then the boards) and read back from there on a later run: drawing a set is about four
 * minutes of one core, and a pooled round draws every set again. Only for a set whose stream is
 * its own; the round's main set goes on drawing from its stream (the shuffle), so it is drawn,
 * and only saved (`savePositions`). With `groups`, the decisions' group starts come back too,
 * from `dir/tag-groups.bin`; a set saved before groups were kept is drawn again for them (the
 * same seed draws the same boards, which is checked) and its groups saved.
 */
export function cachedPositions(
  ev: Evaluator,
  o: SetOptions,
  set: PositionSet,
  random: Random,
  where: { dir: string; tag: string },
  groups = false,
): DrawnSet & { cached: boolean } {
  const path = join(where.dir, `${where.tag}-positions.bin`);
  const groupsPath = join(where.dir, `${where.tag}-groups.bin`);
  if (existsSync(path) && (!groups || existsSync(groupsPath))) {
    const bytes = readFileSync(path);
    const games = bytes.readUInt32LE(0);
    const boards = new Int8Array(bytes.buffer, bytes.byteOffset + 4, bytes.byteLength - 4).slice();
    if (boards.length % BOARD_LENGTH !== 0) throw new Error(`${path} is not a whole number of boards`);
    const count = boards.length / BOARD_LENGTH;
    if (!groups) return { boards, count, games, cached: true };
    return { boards, count, games, groupStarts: readGroups(groupsPath, count), cached: true };
  }
  const groupStarts: number[] = [];
  const generated = { ...generatePositions(ev, o, set.explore, random, groupStarts), groupStarts };
  if (existsSync(path)) {
    const saved = readFileSync(path);
    const drawn = generated.boards.subarray(0, generated.count * BOARD_LENGTH);
    if (
      saved.byteLength !== drawn.byteLength + 4 ||
      !Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength).equals(saved.subarray(4))
    )
      throw new Error(`${path}: drawing seed ${set.seed} again gave other boards; its groups cannot be recovered`);
  }
  savePositions(generated, where);
  return { ...generated, cached: false };
}

function readGroups(path: string, count: number): number[] {
  const bytes = readFileSync(path);
  const starts: number[] = [];
  for (let at = 0; at + 4 <= bytes.byteLength; at += 4) starts.push(bytes.readUInt32LE(at));
  for (let g = 0; g < starts.length; g++) {
    const s = starts[g] as number;
    if (s > count || (g > 0 && s < (starts[g - 1] as number)))
      throw new Error(`${path}: group ${g} starts at ${s}, out of order or past the set's ${count} positions`);
  }
  return starts;
}

/**
 * Writes a drawn set where `cachedPositions` reads it back (the game count, then the boards),
 * unless it is there already, and its group starts likewise when it has them. A round's own set
 * is drawn afresh from its stream but saved too, so a later round that pools it reads it back
 * instead of drawing it again.
 */
export function savePositions(generated: DrawnSet, where: { dir: string; tag: string }): void {
  const path = join(where.dir, `${where.tag}-positions.bin`);
  if (!existsSync(path)) {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(generated.games, 0);
    const body = generated.boards.subarray(0, generated.count * BOARD_LENGTH);
    writeFileSync(path, Buffer.concat([header, new Uint8Array(body.buffer, body.byteOffset, body.byteLength)]));
  }
  const groupsPath = join(where.dir, `${where.tag}-groups.bin`);
  if (generated.groupStarts && !existsSync(groupsPath)) {
    writeFileSync(groupsPath, new Uint8Array(Uint32Array.from(generated.groupStarts).buffer));
  }
}

/**
 * `plies`-ply probabilities of `count` boards, chunk by chunk over worker threads. Each chunk is
 * saved under `dir/tag-labels-i.bin` as it is done and read back from there on a later run, so
 * an interrupted run resumes without relabelling; `tag` is a `labelsTag`, so a set reads the
 * chunks of a larger set of its seed, and a longer chunk's first labels. A chunk keeps the boards
 * it labelled (`label-chunks.ts`): one whose boards are not this run's is labelled again.
 */
export async function labelPositions(
  boards: Int8Array,
  count: number,
  plies: number,
  weights: NetsWeights,
  where: { dir: string; tag: string; workers: number; chunk?: number },
): Promise<Float32Array> {
  // `where.chunk` is for tests only: chunk files of other sizes do not line up.
  const chunk = where.chunk ?? (CHUNK_BY_PLIES[plies] as number);
  const labelsPath = (i: number) => join(where.dir, `${where.tag}-labels-${i}.bin`);
  const chunks = Math.ceil(count / chunk);
  const targets = new Float32Array(count * OUTPUTS);
  const boardsOf = (i: number) =>
    boards.subarray(i * chunk * BOARD_LENGTH, Math.min(count, (i + 1) * chunk) * BOARD_LENGTH);
  const pending: number[] = [];
  const otherBoards: number[] = [];
  let unchecked = 0;
  for (let i = 0; i < chunks; i++) {
    const read = existsSync(labelsPath(i)) ? readLabelChunk(readFileSync(labelsPath(i)), boardsOf(i)) : null;
    // A smaller set's last chunk may be short: this set labels all of it again.
    if (read?.ok) {
      targets.set(read.targets, i * chunk * OUTPUTS);
      if (!read.checked) unchecked++;
    } else {
      if (read?.why === 'other-boards') otherBoards.push(i);
      pending.push(i);
    }
  }
  if (otherBoards.length > 0)
    console.warn(
      `${where.tag}: ${otherBoards.length} label chunk(s), the first chunk ${otherBoards[0]}, labelled other boards than this run drew (did the evaluator or the move order change?); labelling them again`,
    );
  if (unchecked > 0)
    console.warn(
      `${where.tag}: ${unchecked} label chunk(s) of the old format, without their boards, read back unchecked`,
    );
  if (pending.length === 0) return targets;
  const bar = new cliProgress.SingleBar(
    { format: 'labels {bar} {value}/{total} chunks | ETA {eta_formatted}', noTTYOutput: true, notTTYSchedule: 30_000 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(chunks, chunks - pending.length);
  await Promise.all(
    Array.from({ length: where.workers }, async () => {
      const w = new Worker(BOOT, { workerData: { __entry: ENTRY } });
      await new Promise<void>((res) => w.once('message', () => res()));
      for (let i = pending.shift(); i !== undefined; i = pending.shift()) {
        const req: LabelRequest = {
          chunk: i,
          plies,
          weights,
          boards: boardsOf(i).slice(),
        };
        const result = await new Promise<LabelResult>((res) => {
          w.once('message', res);
          w.postMessage(req);
        });
        targets.set(result.targets, i * chunk * OUTPUTS);
        writeFileSync(labelsPath(i), encodeLabelChunk(boardsOf(i), result.targets));
        bar.increment();
      }
      await w.terminate();
    }),
  );
  bar.stop();
  return targets;
}

/**
 * `--pool 27:0.1,29,26@round5.json` → the sets of seed 27 exploring 0.1 and seed 29 greedy, and
 * seed 26's set as round5.json's nets drew and labelled it.
 */
export function parsePool(text: string | undefined): PositionSet[] {
  if (text === undefined || text === '') return [];
  return text.split(',').map((entry) => {
    const at = entry.indexOf('@');
    const part = at < 0 ? entry : entry.slice(0, at);
    const from = at < 0 ? undefined : entry.slice(at + 1).trim();
    if (from === '') throw new Error(`--pool: ${entry} names no checkpoint after @`);
    const [s, e = '0'] = part.split(':');
    // Number('') is 0: an empty part ("27,,29") must not become seed 0.
    const seed = s === undefined || s.trim() === '' ? Number.NaN : Number(s);
    const explore = e.trim() === '' ? Number.NaN : Number(e);
    if (!Number.isInteger(seed)) throw new Error(`--pool takes seed[:explore],…; ${part} has no integer seed`);
    if (!(explore >= 0 && explore <= 1)) throw new Error(`--pool: the explore rate in ${part} is not in [0, 1]`);
    return from === undefined ? { seed, explore } : { seed, explore, from };
  });
}
