import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { createEvaluator, DENSE_NAMES, INPUTS, serializeEvaluatorWeights, sharedBearoff } from '@zar/bot';
import { parseNets, readCheckpoint, type TdCheckpoint } from './checkpoint.js';
import { baselineChooser, duel, neuralChooser } from './duel.js';
import { BACKGAMMON_WEIGHTS, isExportLine, TRAIN } from './paths.js';

/** The command that replays a TD run (a resumed run is the same run). */
function tdCommand(cp: TdCheckpoint): string {
  const options = Object.entries(cp.options)
    // Refinement leaves its own options in the checkpoint; they are not the TD run's.
    .filter(([k, v]) => !['resume', 'dir'].includes(k) && !k.startsWith('refine') && !(k === 'from' && v === ''))
    .map(([k, v]) => `--${k} ${k === 'games' ? cp.games : String(v)}`);
  return `${TRAIN} td ${options.join(' ')}`;
}

/** The refinement rounds that led to `cp`, first to last, each with the command that replays it. */
function refinementsOf(cp: TdCheckpoint): Record<string, unknown>[] {
  const rounds: Record<string, unknown>[] = [];
  for (let c: TdCheckpoint | null = cp; c && typeof c.options.refinedFrom === 'string'; ) {
    // Behind an imported checkpoint, the rounds are those its weights file recorded.
    if (c.imported) {
      const earlier = c.imported.record.refinements;
      if (Array.isArray(earlier)) rounds.unshift(...(earlier as Record<string, unknown>[]));
      break;
    }
    const o = c.options;
    const from = o.refinedFrom as string;
    // Checkpoints written before the option was kept were all refined with 6 epochs.
    const epochs = o.refineEpochsRun ?? 6;
    const candidates = Number(o.refineCandidates ?? 0);
    const plies = Number(o.refinePlies ?? 1);
    const sample = Number(o.refineSample ?? 1);
    const explore = Number(o.refineExplore ?? 0);
    // A pooled round's positions are its own set's and each pooled set's, equally many.
    const pool = typeof o.refinePool === 'string' ? o.refinePool : '';
    const sets = pool === '' ? 1 : 1 + pool.split(',').length;
    const compare = Number(o.refineCompare ?? 0);
    rounds.unshift({
      from,
      ...(typeof o.refineWrote === 'string' ? { wrote: o.refineWrote } : {}),
      positions: o.refinePositions,
      ...(pool !== '' ? { pool } : {}),
      candidates,
      plies,
      sample,
      ...(explore > 0 ? { explore } : {}),
      ...(compare > 0 ? { compare } : {}),
      epochsKept: o.refineEpochs,
      command:
        `${TRAIN} refine --from ${from} --positions ${Number(o.refinePositions) / sets} --epochs ${epochs} ` +
        `--alpha ${o.refineAlpha} --seed ${o.refineSeed}${candidates > 0 ? ` --candidates ${candidates}` : ''}` +
        (plies > 1 ? ` --plies ${plies}` : '') +
        (sample < 1 ? ` --sample ${sample}` : '') +
        (explore > 0 ? ` --explore ${explore}` : '') +
        (pool !== '' ? ` --pool ${pool}` : '') +
        (o.refineOptimizer === 'adam' ? ` --optimizer adam --batch ${o.refineBatch}` : '') +
        (compare > 0 ? ` --compare ${compare}` : ''),
    });
    c = readCheckpoint(from);
  }
  return rounds;
}

/** The imported checkpoint that `cp` was refined from (or `cp` itself), if any. */
function importedOrigin(cp: TdCheckpoint): TdCheckpoint | null {
  for (let c: TdCheckpoint | null = cp, hops = 0; c && hops < 64; hops++) {
    if (c.imported) return c;
    const from: unknown = c.options.refinedFrom;
    c = typeof from === 'string' ? readCheckpoint(from) : null;
  }
  return null;
}

/** The rounds refined after `train import`: those the imported record does not list yet. */
function roundsSinceImport<T>(origin: TdCheckpoint, rounds: readonly T[]): T[] {
  const recorded = Array.isArray(origin.imported?.record.refinements) ? origin.imported.record.refinements.length : 0;
  return rounds.slice(recorded);
}

/**
 * The imported record's note on what `wallMinutes` counts, with the rounds refined since the
 * import named, so the note does not stop at the round the file was exported from.
 */
function wallNoteAfter(origin: TdCheckpoint, rounds: readonly unknown[]): { wallMinutesNote?: string } {
  const note = origin.imported?.record.wallMinutesNote;
  if (typeof note !== 'string') return {};
  const later = roundsSinceImport(origin, rounds).length;
  if (later === 0) return { wallMinutesNote: note };
  return {
    wallMinutesNote: `${note}; after train import, ${later} more refinement round(s), their drawing and training counted, labels read from caches not`,
  };
}

/**
 * The commands that replay the run from scratch: the imported weights' own replay, then each
 * round refined since, each copied to the name the next round (or this export) reads.
 */
function replayAfter(origin: TdCheckpoint, rounds: Record<string, unknown>[], from: string, pairs: number): string[] {
  const earlier = origin.imported?.record.replay;
  if (!Array.isArray(earlier)) return [];
  const lines = (earlier as string[]).filter((line) => !isExportLine(line));
  const later = roundsSinceImport(origin, rounds);
  later.forEach((round, i) => {
    const next = i + 1 < later.length ? String(later[i + 1]?.from) : from;
    const wrote = typeof round.wrote === 'string' ? round.wrote : next;
    lines.push(
      `${String(round.command)} --dir ${dirname(wrote)}${wrote === next ? '' : `   # then: cp ${wrote} ${next}`}`,
    );
  });
  lines.push(`${TRAIN} export --from ${from} --pairs ${pairs}`);
  return lines;
}

/** TD games behind `cp`: its run's and, through each run's `--from`, every earlier run's. */
function totalGamesOf(cp: TdCheckpoint): number {
  let total = 0;
  for (let c: TdCheckpoint | null = cp, hops = 0; c && hops < 32; hops++) {
    total += c.games;
    const from: unknown = c.options.from;
    c = typeof from === 'string' && from !== '' ? readCheckpoint(from) : null;
  }
  return total;
}

/** Where the TD run behind `cp` started (its own checkpoint, or an imported record's) and the games behind it all. */
function historyOf(cp: TdCheckpoint, origin: TdCheckpoint | null): { startedFrom?: unknown; totalGames?: number } {
  if (origin?.imported) {
    const r = origin.imported.record;
    return r.startedFrom === undefined ? {} : { startedFrom: r.startedFrom, totalGames: Number(r.totalGames) };
  }
  const startedFrom = typeof cp.options.from === 'string' && cp.options.from !== '' ? cp.options.from : null;
  const earlier = startedFrom ? readCheckpoint(startedFrom) : null;
  if (startedFrom && !earlier)
    throw new Error(
      `the run started from ${startedFrom}, which is not a TD checkpoint here (train import makes one from a weights file)`,
    );
  if (!startedFrom || !earlier) return {};
  return {
    startedFrom: {
      checkpoint: startedFrom,
      games: earlier.games,
      positions: earlier.positions,
      wallMinutes: Math.round(earlier.elapsedMs / 6000) / 10,
      command: tdCommand(earlier),
      inputs: (earlier.nets.contact as { inputs: number }).inputs,
    },
    totalGames: totalGamesOf(cp),
  };
}

/**
 * The measurements of the weights an export is about to replace at `out`, if a weights file with
 * a record is there. These, not the imported record's, are the weights before the new ones: two
 * rounds refined past an import replace the weights the first of them exported.
 */
function replacedWeights(out: string): { note: string; strength: unknown } | null {
  if (!existsSync(out)) return null;
  let record: unknown;
  try {
    record = (JSON.parse(readFileSync(out, 'utf8')) as { record?: unknown }).record;
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null || !('strength' in record)) return null;
  const at = 'exportedAt' in record && typeof record.exportedAt === 'string' ? ` (exported ${record.exportedAt})` : '';
  return { note: `the weights this export replaced in ${out}${at}; their measurements`, strength: record.strength };
}

/**
 * `export --from <checkpoint> --out weights/backgammon-td.json --pairs 1000`: measures the
 * checkpoint against the baseline bot (duplicate dice) and writes its nets with the record of
 * how they were made and how strong they measured.
 */
export async function runExport(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      out: { type: 'string' },
      pairs: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const from = values.from ?? 'training/checkpoints/latest.json';
  const out = values.out ?? BACKGAMMON_WEIGHTS;
  const pairs = Number(values.pairs ?? 1000);
  const seed = Number(values.seed ?? 20261130);
  const cp = readCheckpoint(from);
  if (!cp) throw new Error(`no checkpoint at ${from}`);
  const nets = parseNets(cp.nets);
  const t0 = performance.now();
  // The thread's bearoff database, filled on demand: the same values as a whole one, built once.
  const ev = createEvaluator(nets, sharedBearoff());
  const vsBaseline = await duel(neuralChooser(ev), baselineChooser(), pairs, seed);
  const strengthSeconds = Math.round((performance.now() - t0) / 1000);
  const refinements = refinementsOf(cp);
  const origin = importedOrigin(cp);
  const history = historyOf(cp, origin);
  const replaced = replacedWeights(out);
  const record = {
    method:
      'TD(λ) self-play at 0-ply (offline λ-returns per game, cross-entropy SGD); ' +
      (history.startedFrom
        ? 'started from an earlier run of this code (startedFrom), its nets widened with zero weights for the inputs it lacked; '
        : 'from random weights; ') +
      (refinements.length > 0
        ? `then ${refinements.length} round(s) of supervised refinement toward the nets' own 1-ply probabilities (refinements); `
        : '') +
      'one-sided bearoff database exact in bearoffs; no other program’s weights or code',
    command: tdCommand(cp),
    options: cp.options,
    ...history,
    ...(refinements.length > 0 ? { refinements } : {}),
    games: cp.games,
    positions: cp.positions,
    rounds: cp.rounds,
    wallMinutes: Math.round(cp.elapsedMs / 6000) / 10,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, shared with other work`,
    encoder: { inputs: INPUTS, pointUnits: '4 per point and bar per side (gnubg)', dense: DENSE_NAMES },
    nets: {
      contact: `${nets.contact.inputs}-${nets.contact.hidden}-${nets.contact.outputs}`,
      race: `${nets.race.inputs}-${nets.race.hidden}-${nets.race.outputs}`,
    },
    strength: {
      vsBaseline: {
        opponent: 'baseline heuristic bot, expert level (no noise), 0-ply',
        play: 'cubeless money games, 0-ply, duplicate dice (each dice stream played twice, seats swapped)',
        seed,
        ...vsBaseline,
        seconds: strengthSeconds,
      },
    },
    exportedAt: new Date().toISOString(),
    // The weights replaced keep their measurements here; failing a file to replace, an imported
    // checkpoint's record has those of the weights it was rebuilt from.
    ...(replaced
      ? { previousWeights: replaced }
      : origin?.imported
        ? {
            previousWeights: {
              note: `the weights in ${origin.imported.weights} when train import rebuilt their checkpoint; their measurements`,
              strength: origin.imported.record.strength,
            },
          }
        : {}),
    // Exported on from an imported checkpoint: its replay goes on with the rounds refined since.
    ...(origin?.imported
      ? {
          replay: replayAfter(origin, refinements, from, pairs),
          ...wallNoteAfter(origin, refinements),
        }
      : {}),
  };
  writeFileSync(out, `${JSON.stringify(serializeEvaluatorWeights(nets, record))}\n`);
  console.log(JSON.stringify(record, null, 2));
}
