import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBearoffDatabase, createEvaluator, INPUTS, OUTPUTS, randomNetwork, seededRandom } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { weightsOf } from '../training/nets.js';
import {
  cachedPositions,
  generatePositions,
  labelPositions,
  labelsTag,
  netsId,
  parsePool,
  savePositions,
  setTag,
} from '../training/refine-sets.js';

describe('refinement position sets', () => {
  const options = { nets: '0ed53bfa91', wanted: 400_000, candidates: 4, plies: 1, sample: 0.125 };

  it('names a set by the nets that label it and by every choice that changes its positions', () => {
    expect(setTag(options, { seed: 26, explore: 0 })).toBe('refine-0ed53bfa91-26-400000-c4-s0.125');
    expect(setTag(options, { seed: 27, explore: 0.1 })).toBe('refine-0ed53bfa91-27-400000-c4-s0.125-e0.1');
    expect(setTag({ ...options, plies: 2, sample: 1, candidates: 0 }, { seed: 7, explore: 0 })).toBe(
      'refine-0ed53bfa91-7-400000-p2',
    );
  });

  it('names label chunks without the size: a set is the first positions of any larger set of its seed', () => {
    expect(labelsTag(options, { seed: 26, explore: 0 })).toBe('refine-0ed53bfa91-26-c4-s0.125');
    expect(labelsTag({ ...options, wanted: 25_000 }, { seed: 26, explore: 0 })).toBe(
      labelsTag(options, { seed: 26, explore: 0 }),
    );
    expect(labelsTag({ ...options, plies: 2 }, { seed: 27, explore: 0.1 })).toBe(
      'refine-0ed53bfa91-27-c4-p2-s0.125-e0.1',
    );
  });

  it('fingerprints nets by their weights, so two refinements of one TD run never share a cache', () => {
    const a = { contact: { w1: 'AAAA' }, race: { w1: 'AAAA' } };
    const b = { contact: { w1: 'AAAB' }, race: { w1: 'AAAA' } };
    expect(netsId(a)).toMatch(/^[0-9a-f]{10}$/);
    expect(netsId(a)).toBe(netsId(structuredClone(a)));
    expect(netsId(a)).not.toBe(netsId(b));
  });

  it('reads a pool of seeds with optional explore rates', () => {
    expect(parsePool(undefined)).toEqual([]);
    expect(parsePool('27:0.1,29,30:0.25')).toEqual([
      { seed: 27, explore: 0.1 },
      { seed: 29, explore: 0 },
      { seed: 30, explore: 0.25 },
    ]);
    expect(() => parsePool('x')).toThrow(/integer seed/);
    expect(() => parsePool('27:2')).toThrow(/not in \[0, 1\]/);
    expect(() => parsePool('27,,29')).toThrow(/integer seed/);
    expect(() => parsePool('27:')).toThrow(/not in \[0, 1\]/);
  });

  it('reads a pooled set drawn and labelled by another checkpoint', () => {
    expect(parsePool('26@cp/round5.json,27:0.1@cp/round5.json,31')).toEqual([
      { seed: 26, explore: 0, from: 'cp/round5.json' },
      { seed: 27, explore: 0.1, from: 'cp/round5.json' },
      { seed: 31, explore: 0 },
    ]);
    expect(() => parsePool('26@')).toThrow(/no checkpoint/);
    expect(() => parsePool('@cp.json')).toThrow(/integer seed/);
  });
});

describe('cached position sets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zar-sets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const random = seededRandom(5);
  const ev = createEvaluator(
    { contact: randomNetwork(INPUTS, 16, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) },
    createBearoffDatabase(),
  );
  const options = { nets: 'test', wanted: 300, candidates: 2, plies: 1, sample: 0.5 };
  const set = { seed: 9, explore: 0.1 };

  it('draws a set as generatePositions does with its own stream, then reads the same set back', () => {
    const drawn = generatePositions(ev, options, set.explore, seededRandom(set.seed));
    const first = cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'a' });
    expect(first.cached).toBe(false);
    // Drawn fresh, a set keeps its decisions' group starts as well.
    expect(readdirSync(dir).sort()).toEqual(['a-groups.bin', 'a-positions.bin']);
    const again = cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'a' });
    expect(again.cached).toBe(true);
    for (const got of [first, again]) {
      expect(got.count).toBe(drawn.count);
      expect(got.games).toBe(drawn.games);
      expect(Array.from(got.boards.subarray(0, got.count * BOARD_LENGTH))).toEqual(
        Array.from(drawn.boards.subarray(0, drawn.count * BOARD_LENGTH)),
      );
    }
  });

  it("saves a round's own set so that a later round pooling it reads it back, and never overwrites", () => {
    const drawn = generatePositions(ev, options, set.explore, seededRandom(set.seed));
    savePositions(drawn, { dir, tag: 'own' });
    const back = cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'own' });
    expect(back.cached).toBe(true);
    expect(back.games).toBe(drawn.games);
    expect(Array.from(back.boards)).toEqual(Array.from(drawn.boards.subarray(0, drawn.count * BOARD_LENGTH)));
    const before = readFileSync(join(dir, 'own-positions.bin'));
    savePositions({ boards: new Int8Array(BOARD_LENGTH), count: 1, games: 1 }, { dir, tag: 'own' });
    expect(readFileSync(join(dir, 'own-positions.bin')).equals(before)).toBe(true);
  });

  it("keeps each decision's group starts with a set, drawing an older set again to recover them", () => {
    const starts: number[] = [];
    const drawn = generatePositions(ev, options, set.explore, seededRandom(set.seed), starts);
    // A set saved before groups were kept: positions only.
    savePositions(drawn, { dir, tag: 'old' });
    const recovered = cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'old' }, true);
    expect(recovered.cached).toBe(false);
    expect(recovered.groupStarts).toEqual(starts);
    expect(starts.length).toBeGreaterThan(10);
    const back = cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'old' }, true);
    expect(back.cached).toBe(true);
    expect(back.groupStarts).toEqual(starts);
    expect(Array.from(back.boards)).toEqual(Array.from(drawn.boards.subarray(0, drawn.count * BOARD_LENGTH)));
  });

  it('refuses a groups file whose starts run backwards or past the set', () => {
    const drawn = generatePositions(ev, options, set.explore, seededRandom(set.seed));
    savePositions(drawn, { dir, tag: 'bad-groups' });
    writeFileSync(join(dir, 'bad-groups-groups.bin'), new Uint8Array(Uint32Array.from([0, 5, 3]).buffer));
    expect(() => cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'bad-groups' }, true)).toThrow(
      /group 2 starts at 3, out of order/,
    );
    writeFileSync(join(dir, 'bad-groups-groups.bin'), new Uint8Array(Uint32Array.from([0, drawn.count + 1]).buffer));
    expect(() => cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'bad-groups' }, true)).toThrow(
      /past the set/,
    );
  });

  it('refuses to recover groups when the same seed no longer draws the saved boards', () => {
    const drawn = generatePositions(ev, options, set.explore, seededRandom(set.seed));
    const other = { ...drawn, boards: drawn.boards.slice() };
    other.boards[3] = (other.boards[3] as number) + 1;
    savePositions(other, { dir, tag: 'changed' });
    expect(() => cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'changed' }, true)).toThrow(
      /other boards/,
    );
  });

  it('refuses a cache file that is not whole boards', () => {
    writeFileSync(join(dir, 'b-positions.bin'), new Uint8Array(4 + 27));
    expect(() => cachedPositions(ev, options, set, seededRandom(set.seed), { dir, tag: 'b' })).toThrow(/whole number/);
  });
});

describe('label chunks shared by sets of one seed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zar-labels-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const random = seededRandom(6);
  const nets = { contact: randomNetwork(INPUTS, 8, OUTPUTS, random), race: randomNetwork(INPUTS, 4, OUTPUTS, random) };
  const ev = createEvaluator(nets, createBearoffDatabase());
  const options = (wanted: number) => ({ nets: 'test', wanted, candidates: 2, plies: 1, sample: 0.5 });
  const draw = (wanted: number) => generatePositions(ev, options(wanted), 0, seededRandom(11));
  const where = { dir, tag: labelsTag(options(0), { seed: 11, explore: 0 }), workers: 1, chunk: 10 };
  const label = (wanted: number) => {
    const set = draw(wanted);
    return labelPositions(set.boards, set.count, 1, weightsOf(nets), where);
  };
  const chunkFile = (i: number) => join(dir, `${where.tag}-labels-${i}.bin`);
  // A chunk's header, its boards and their labels.
  const chunkBytes = (n: number) => 8 + n * (BOARD_LENGTH + OUTPUTS * 4);

  it('reads a smaller set from the chunks of a larger one and relabels a short last chunk in full', async () => {
    // Chunks of 10 positions here: 15 positions leave a full chunk and a half one.
    const small = draw(15);
    expect(Array.from(draw(12).boards.subarray(0, 12 * BOARD_LENGTH))).toEqual(
      Array.from(small.boards.subarray(0, 12 * BOARD_LENGTH)),
    );
    const first = await label(15);
    expect(first.length).toBe(15 * OUTPUTS);
    expect(statSync(chunkFile(1)).size).toBe(chunkBytes(5));
    const written = statSync(chunkFile(1)).mtimeMs;

    // 12 positions: the first 2 labels of the half chunk, which is left as it was.
    const prefix = await label(12);
    expect(Array.from(prefix)).toEqual(Array.from(first.subarray(0, 12 * OUTPUTS)));
    expect(statSync(chunkFile(1)).mtimeMs).toBe(written);

    // 25 positions: the half chunk is labelled again in full, to the same first 5 labels.
    const larger = await label(25);
    expect(statSync(chunkFile(1)).size).toBe(chunkBytes(10));
    expect(Array.from(larger.subarray(0, 15 * OUTPUTS))).toEqual(Array.from(first));
    expect(larger.subarray(15 * OUTPUTS).some((p) => p > 0)).toBe(true);
  });

  it('labels again the chunks that labelled other boards than the run drew', async () => {
    const set = draw(25);
    const good = await label(25);
    // Another seed's boards under this seed's tag: as if the same seed now drew other games.
    const other = generatePositions(ev, options(25), 0, seededRandom(12));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const relabelled = await labelPositions(other.boards, other.count, 1, weightsOf(nets), where);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/3 label chunk\(s\), the first chunk 0, labelled other boards/),
      );
      const fresh = await labelPositions(other.boards, other.count, 1, weightsOf(nets), { ...where, tag: 'fresh' });
      expect(Array.from(relabelled)).toEqual(Array.from(fresh));
      expect(Array.from(relabelled)).not.toEqual(Array.from(good));
    } finally {
      warn.mockRestore();
    }
    // And the set's own boards are labelled again as they were.
    expect(Array.from(await labelPositions(set.boards, set.count, 1, weightsOf(nets), where))).toEqual(
      Array.from(good),
    );
  });

  it('reads a chunk of the old format, labels without boards, and says it could not check it', async () => {
    const set = draw(15);
    const labels = await label(15);
    const bytes = readFileSync(chunkFile(0));
    // The old format: the chunk's labels alone, after this format's header and boards.
    writeFileSync(chunkFile(0), bytes.subarray(8 + 10 * BOARD_LENGTH));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const read = await labelPositions(set.boards, set.count, 1, weightsOf(nets), where);
      expect(Array.from(read)).toEqual(Array.from(labels));
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/1 label chunk\(s\) of the old format/));
    } finally {
      warn.mockRestore();
    }
  });
});
