import { OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';

/**
 * A label chunk as saved: "ZLC1", the number of positions n (uint32 LE), the n boards it
 * labels, then their 5n probabilities (float32 LE). The boards are kept so that labels are
 * never read back for other positions: a set is drawn again on every run, and a change in the
 * evaluator's rounding or the move generator's order can make it draw other games. Chunks
 * saved before the boards were kept are the bare probabilities.
 */
const MAGIC = 0x31434c5a; // "ZLC1" read little-endian
const HEADER = 8;

export function encodeLabelChunk(boards: Int8Array, targets: Float32Array): Uint8Array {
  const n = targets.length / OUTPUTS;
  if (boards.length !== n * BOARD_LENGTH) throw new Error(`${n} labels for ${boards.length / BOARD_LENGTH} boards`);
  const bytes = new Uint8Array(HEADER + boards.length + targets.byteLength);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, n, true);
  bytes.set(new Uint8Array(boards.buffer, boards.byteOffset, boards.length), HEADER);
  const labels = new DataView(bytes.buffer, HEADER + boards.length);
  for (let i = 0; i < targets.length; i++) labels.setFloat32(i * 4, targets[i] as number, true);
  return bytes;
}

export type ChunkRead =
  | { readonly ok: true; readonly targets: Float32Array; readonly checked: boolean }
  | { readonly ok: false; readonly why: 'short' | 'other-boards' };

/**
 * The labels of the first `boards.length / BOARD_LENGTH` positions of a saved chunk: refused
 * when the chunk holds fewer, or when it labelled other boards. A bare chunk (the old format)
 * cannot be checked: `checked` is false.
 */
export function readLabelChunk(bytes: Uint8Array, boards: Int8Array): ChunkRead {
  const n = boards.length / BOARD_LENGTH;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const framed =
    bytes.byteLength >= HEADER &&
    view.getUint32(0, true) === MAGIC &&
    bytes.byteLength === HEADER + view.getUint32(4, true) * (BOARD_LENGTH + OUTPUTS * 4);
  if (!framed) {
    if (bytes.byteLength < n * OUTPUTS * 4) return { ok: false, why: 'short' };
    return { ok: true, targets: floats(bytes, 0, n * OUTPUTS), checked: false };
  }
  const saved = view.getUint32(4, true);
  if (saved < n) return { ok: false, why: 'short' };
  const labelled = new Int8Array(bytes.buffer, bytes.byteOffset + HEADER, boards.length);
  for (let i = 0; i < boards.length; i++) if (labelled[i] !== boards[i]) return { ok: false, why: 'other-boards' };
  return { ok: true, targets: floats(bytes, HEADER + saved * BOARD_LENGTH, n * OUTPUTS), checked: true };
}

function floats(bytes: Uint8Array, at: number, count: number): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, count * 4);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
