import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH, err, ok, type Result } from '@zar/engine';
import { writeJson } from './checkpoint.js';
import { encodeLabelChunk, readLabelChunk } from './label-chunks.js';
import type { ClassCounts } from './label-classes.js';
import type { DrawOptions } from './label-draw.js';

/** Where label sets are kept (git ignores data/): one folder per set, named by `--name`. */
export const LABELS_DIR = fileURLToPath(new URL('../data/labels/', import.meta.url));

/** What a set is: the same name with other choices is another set, and is refused. */
export interface LabelSetKey {
  readonly teacher: string;
  readonly plies: number;
  readonly draw: DrawOptions;
}

/**
 * A label set's manifest (manifest.json): its key, its positions (positions.bin, the boards
 * in order) and their classes, and the chunks labelled so far. Chunk i (chunk-i.bin, label-chunks'
 * format, the boards it labels included) labels positions i·chunkSize onwards.
 */
export interface LabelManifest extends LabelSetKey {
  readonly kind: 'zar-labels/1';
  /** The fingerprint of the nets whose self-play drew the positions. */
  readonly nets: string;
  readonly count: number;
  readonly classes: ClassCounts;
  readonly chunkSize: number;
  readonly chunks: number;
  /** The chunks labelled, in order. */
  readonly done: readonly number[];
}

export const manifestPath = (dir: string): string => join(dir, 'manifest.json');
const positionsPath = (dir: string) => join(dir, 'positions.bin');
export const chunkPath = (dir: string, i: number): string => join(dir, `chunk-${String(i).padStart(5, '0')}.bin`);

/** Writes through a temporary file, so that an interrupted run never leaves a torn file. */
function writeAtomic(path: string, bytes: Uint8Array): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}

export function readManifest(dir: string): LabelManifest | null {
  if (!existsSync(manifestPath(dir))) return null;
  const m = JSON.parse(readFileSync(manifestPath(dir), 'utf8')) as LabelManifest;
  if (m.kind !== 'zar-labels/1') throw new Error(`${manifestPath(dir)} is not a label set's manifest`);
  return m;
}

/** Why `key` is not the set `m` holds, or null when it is. */
export function otherSet(m: LabelSetKey, key: LabelSetKey): string | null {
  const differ: string[] = [];
  if (m.teacher !== key.teacher) differ.push(`teacher ${m.teacher}, not ${key.teacher}`);
  if (m.plies !== key.plies) differ.push(`${m.plies}-ply, not ${key.plies}`);
  for (const k of Object.keys(key.draw) as (keyof DrawOptions)[])
    if (m.draw[k] !== key.draw[k]) differ.push(`${k} ${m.draw[k]}, not ${key.draw[k]}`);
  return differ.length === 0 ? null : differ.join('; ');
}

/** A new set: its positions and manifest written, nothing labelled yet. */
export function createLabelSet(
  dir: string,
  m: Omit<LabelManifest, 'kind' | 'chunks' | 'done'>,
  boards: Int8Array,
): LabelManifest {
  mkdirSync(dir, { recursive: true });
  const body = boards.subarray(0, m.count * BOARD_LENGTH);
  writeAtomic(positionsPath(dir), new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  const manifest: LabelManifest = { kind: 'zar-labels/1', ...m, chunks: Math.ceil(m.count / m.chunkSize), done: [] };
  writeJson(manifestPath(dir), manifest);
  return manifest;
}

export function readPositions(dir: string, m: LabelManifest): Int8Array {
  const bytes = readFileSync(positionsPath(dir));
  if (bytes.byteLength !== m.count * BOARD_LENGTH)
    throw new Error(`${positionsPath(dir)} holds ${bytes.byteLength / BOARD_LENGTH} boards, the manifest ${m.count}`);
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice();
}

/** The boards chunk `i` labels. */
export function chunkBoards(m: LabelManifest, boards: Int8Array, i: number): Int8Array {
  return boards.subarray(i * m.chunkSize * BOARD_LENGTH, Math.min(m.count, (i + 1) * m.chunkSize) * BOARD_LENGTH);
}

/**
 * Which chunks are labelled and which are still to do: a chunk is done when its file holds the
 * labels of its own boards, whatever the manifest says (a run stopped between writing a chunk
 * and the manifest loses nothing; a chunk of other boards is labelled again).
 */
export function chunkProgress(dir: string, m: LabelManifest, boards: Int8Array): { done: number[]; pending: number[] } {
  const done: number[] = [];
  const pending: number[] = [];
  for (let i = 0; i < m.chunks; i++) {
    const path = chunkPath(dir, i);
    const read = existsSync(path) ? readLabelChunk(readFileSync(path), chunkBoards(m, boards, i)) : null;
    (read?.ok && read.checked ? done : pending).push(i);
  }
  return { done, pending };
}

/** Saves chunk `i`'s labels (with its boards). */
export function saveChunk(dir: string, m: LabelManifest, boards: Int8Array, i: number, targets: Float32Array): void {
  writeAtomic(chunkPath(dir, i), encodeLabelChunk(chunkBoards(m, boards, i), targets));
}

/** The manifest with `done` as its labelled chunks, written. */
export function withDone(dir: string, m: LabelManifest, done: readonly number[]): LabelManifest {
  const next: LabelManifest = { ...m, done: [...done].sort((a, b) => a - b) };
  writeJson(manifestPath(dir), next);
  return next;
}

/** A set's labelled positions and their labels (the chunks done so far), for training. */
export function readLabelSet(
  dir: string,
): Result<{ manifest: LabelManifest; boards: Int8Array; targets: Float32Array; count: number }> {
  const m = readManifest(dir);
  if (!m) return err('ERR_NO_LABELS', `no label set at ${dir}`);
  const all = readPositions(dir, m);
  const parts: { boards: Int8Array; targets: Float32Array }[] = [];
  for (let i = 0; i < m.chunks; i++) {
    const path = chunkPath(dir, i);
    const b = chunkBoards(m, all, i);
    const read = existsSync(path) ? readLabelChunk(readFileSync(path), b) : null;
    if (read?.ok && read.checked) parts.push({ boards: b, targets: read.targets });
  }
  const count = parts.reduce((n, p) => n + p.boards.length / BOARD_LENGTH, 0);
  const boards = new Int8Array(count * BOARD_LENGTH);
  const targets = new Float32Array(count * OUTPUTS);
  let at = 0;
  for (const p of parts) {
    boards.set(p.boards, at * BOARD_LENGTH);
    targets.set(p.targets, at * OUTPUTS);
    at += p.boards.length / BOARD_LENGTH;
  }
  return ok({ manifest: m, boards, targets, count });
}
