import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TdCheckpoint } from '../training/checkpoint.js';
import { runExport } from '../training/export.js';
import { checkpointOfWeights } from '../training/import.js';
import { BACKGAMMON_WEIGHTS } from '../training/paths.js';
import { combined, lastSummary, strengthEntry } from '../training/record-strength.js';
import { netsId } from '../training/refine-sets.js';

const WEIGHTS = BACKGAMMON_WEIGHTS;
const committed = JSON.parse(readFileSync(WEIGHTS, 'utf8')) as {
  contact: unknown;
  race: unknown;
  record: Record<string, unknown> & { refinements: unknown[]; replay: string[]; strength: unknown };
};

/** `train export --pairs 2` from `from` to `out`, its printout kept quiet; the record it wrote. */
async function exportQuietly(from: string, out: string): Promise<Record<string, unknown>> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runExport(['--from', from, '--out', out, '--pairs', '2']);
  } finally {
    log.mockRestore();
  }
  return (JSON.parse(readFileSync(out, 'utf8')) as { record: Record<string, unknown> }).record;
}

describe('train import: checkpoints from committed weights', () => {
  it('rebuilds the checkpoint of committed weights: the same nets, counts and time', () => {
    const cp = checkpointOfWeights(committed, 'w.json');
    // The cache of refine names sets by this fingerprint: an imported checkpoint must reuse them.
    expect(netsId(cp.nets)).toBe(netsId({ contact: committed.contact, race: committed.race }));
    expect(cp.games).toBe(committed.record.games);
    expect(cp.rounds).toBe(committed.record.rounds);
    expect(cp.elapsedMs).toBe(Math.round((committed.record.wallMinutes as number) * 60_000));
    expect(cp.options).toEqual(committed.record.options);
    expect(cp.imported?.record).toBe(committed.record);
  });

  it('refuses weights without a record, or nets that are not nets', () => {
    expect(() => checkpointOfWeights({ ...committed, record: undefined }, 'w.json')).toThrow(/no record/);
    expect(() => checkpointOfWeights({ ...committed, contact: { format: 'x' } }, 'w.json')).toThrow(/contact/);
  });

  it('lets export carry the imported history on past a new round', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zar-import-'));
    const origin = join(dir, 'origin.json');
    const wrote = join(dir, 'refine-out.json');
    const next = join(dir, 'next.json');
    const out = join(dir, 'out.json');
    const imported = checkpointOfWeights(committed, WEIGHTS);
    writeFileSync(origin, JSON.stringify(imported));
    const { imported: _, ...base } = imported;
    const round: TdCheckpoint = {
      ...base,
      options: {
        ...Object.fromEntries(Object.entries(imported.options).filter(([k]) => !k.startsWith('refine'))),
        refinedFrom: origin,
        refinePositions: 800,
        refineEpochs: 2,
        refineEpochsRun: 3,
        refineAlpha: 0.001,
        refineOptimizer: 'adam',
        refineBatch: 64,
        refineSeed: 35,
        refineCandidates: 4,
        refinePlies: 1,
        refineSample: 0.125,
        refineExplore: 0.1,
        refineWrote: wrote,
        refinePool: '36',
        refineCompare: 2,
      },
    };
    writeFileSync(next, JSON.stringify(round));
    const record = await exportQuietly(next, out);
    const refinements = record.refinements as Record<string, unknown>[];
    expect(refinements.slice(0, -1)).toEqual(committed.record.refinements);
    expect(refinements.at(-1)).toMatchObject({ from: origin, positions: 800, pool: '36', compare: 2, wrote });
    expect(refinements.at(-1)?.command).toContain('--positions 400 --epochs 3');
    expect(refinements.at(-1)?.command).toMatch(/ --optimizer adam --batch 64 --compare 2$/);
    expect(record.startedFrom).toEqual(committed.record.startedFrom);
    expect(record.totalGames).toBe(committed.record.totalGames);
    expect(record.previousWeights).toMatchObject({ strength: committed.record.strength });
    expect(record.wallMinutesNote).toBe(
      `${String(committed.record.wallMinutesNote)}; after train import, 1 more refinement round(s), their drawing and training counted, labels read from caches not`,
    );
    const replay = record.replay as string[];
    const earlier = committed.record.replay.filter((l) => !l.includes('-- export '));
    expect(replay.slice(0, earlier.length)).toEqual(earlier);
    expect(replay.slice(earlier.length)).toEqual([
      `${String(refinements.at(-1)?.command)} --dir ${dir}   # then: cp ${wrote} ${next}`,
      `npm run train -w @zar/bot-lab -- export --from ${next} --pairs 2`,
    ]);
    // Exported again over the file it wrote: the weights before are those it replaces now,
    // not the imported ones.
    const second = await exportQuietly(next, out);
    expect(second.previousWeights).toEqual({
      note: `the weights this export replaced in ${out} (exported ${String(record.exportedAt)}); their measurements`,
      strength: record.strength,
    });
  }, 60_000);
});

describe('train record', () => {
  const bench = {
    measuredBy: 'npm run bench:strength -w @zar/bot-lab -- --pairs 500 --seed 7',
    seed: 7,
    opponent: 'gnubg',
    zar: { weights: '/tmp/x.json', plies: 0, cube: 'none' },
    play: 'money games, cubeless, duplicate dice',
    games: 1000,
    ppg: -0.05,
    ci95: 0.07,
    judge: { mEmgPerUnforcedPlay: 5.1 },
  };

  it("reads the benchmark's summary after its progress lines", () => {
    const text = `10/500 pairs: {odd} line\n${JSON.stringify(bench, null, 2)}\n`;
    expect(lastSummary(text)).toEqual(bench);
    expect(() => lastSummary('10/500 pairs: 0.1 ± 0.2 ppg\n')).toThrow(/no JSON/);
  });

  it('keeps the command that measured an entry, and not the weights path it read', () => {
    const e = strengthEntry(bench);
    expect(e.play).toBe(
      'money games, cubeless, duplicate dice; measured by: npm run bench:strength -w @zar/bot-lab -- --pairs 500 --seed 7',
    );
    expect(e).toMatchObject({ seed: 7, games: 1000, ppg: -0.05, gnubgJudgement: { mEmgPerUnforcedPlay: 5.1 } });
    expect(e.zar).toEqual({ plies: 0, cube: 'none' });
    expect(() => strengthEntry({ games: 10 })).toThrow(/ppg/);
  });

  it('combines seeds weighted by games, intervals in quadrature', () => {
    const c = combined(
      [
        { games: 1000, ppg: -0.1, ci95: 0.08 },
        { games: 3000, ppg: 0.02, ci95: 0.04 },
      ],
      'two',
    );
    expect(c.games).toBe(4000);
    expect(c.ppg).toBeCloseTo((-100 + 60) / 4000, 4);
    expect(c.ci95).toBeCloseTo(Math.sqrt(80 ** 2 + 120 ** 2) / 4000, 4);
  });
});
