import { OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeLabelChunk, readLabelChunk } from '../training/label-chunks.js';

/** n boards of checker counts in −15..15 and their n × 5 probabilities. */
const chunk = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    boards: fc.array(fc.integer({ min: -15, max: 15 }), { minLength: n * BOARD_LENGTH, maxLength: n * BOARD_LENGTH }),
    targets: fc.array(fc.float({ min: 0, max: 1, noNaN: true }), { minLength: n * OUTPUTS, maxLength: n * OUTPUTS }),
  }),
);

describe('label chunks keep the boards they label', () => {
  it('reads back the labels of the same boards, and of their first positions', () => {
    fc.assert(
      fc.property(chunk, fc.nat(), ({ boards, targets }, cut) => {
        const b = Int8Array.from(boards);
        const t = Float32Array.from(targets);
        const bytes = encodeLabelChunk(b, t);
        const all = readLabelChunk(bytes, b);
        expect(all.ok && all.checked).toBe(true);
        if (all.ok) expect(Array.from(all.targets)).toEqual(Array.from(t));
        const n = b.length / BOARD_LENGTH;
        const m = 1 + (cut % n);
        const prefix = readLabelChunk(bytes, b.subarray(0, m * BOARD_LENGTH));
        expect(prefix.ok).toBe(true);
        if (prefix.ok) expect(Array.from(prefix.targets)).toEqual(Array.from(t.subarray(0, m * OUTPUTS)));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses the labels of other boards, and a chunk shorter than the positions asked for', () => {
    fc.assert(
      fc.property(chunk, fc.nat(), ({ boards, targets }, at) => {
        const b = Int8Array.from(boards);
        const bytes = encodeLabelChunk(b, Float32Array.from(targets));
        const other = b.slice();
        const i = at % other.length;
        other[i] = (other[i] as number) === 15 ? -15 : (other[i] as number) + 1;
        expect(readLabelChunk(bytes, other)).toEqual({ ok: false, why: 'other-boards' });
        const longer = new Int8Array(b.length + BOARD_LENGTH);
        longer.set(b);
        expect(readLabelChunk(bytes, longer)).toEqual({ ok: false, why: 'short' });
      }),
      { numRuns: 100 },
    );
  });

  it('reads a bare chunk of the old format unchecked, and refuses it when short', () => {
    const t = Float32Array.from({ length: 3 * OUTPUTS }, (_, i) => i / 16);
    const bare = new Uint8Array(t.buffer.slice(0));
    const read = readLabelChunk(bare, new Int8Array(2 * BOARD_LENGTH));
    expect(read.ok && !read.checked).toBe(true);
    if (read.ok) expect(Array.from(read.targets)).toEqual(Array.from(t.subarray(0, 2 * OUTPUTS)));
    expect(readLabelChunk(bare, new Int8Array(4 * BOARD_LENGTH))).toEqual({ ok: false, why: 'short' });
  });

  it('refuses to frame labels and boards of different counts', () => {
    expect(() => encodeLabelChunk(new Int8Array(2 * BOARD_LENGTH), new Float32Array(3 * OUTPUTS))).toThrow(
      /3 labels for 2/,
    );
  });
});
