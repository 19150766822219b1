import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseEvaluatorWeights } from '@zar/bot';
import { serializeNets, type TdCheckpoint, writeJson } from './checkpoint.js';
import { BACKGAMMON_WEIGHTS } from './paths.js';

/**
 * The checkpoint that a committed weights file was exported from, rebuilt from the file: its
 * nets exactly, and the run's options, counts and time from the file's record. Checkpoints are
 * not committed, so this is how a fresh machine carries on refining the committed weights.
 */
export function checkpointOfWeights(value: unknown, weights: string): TdCheckpoint {
  const nets = parseEvaluatorWeights(value);
  if (!nets.ok) throw new Error(`${weights}: ${nets.error.message}`);
  const record = (value as { record?: unknown }).record;
  if (typeof record !== 'object' || record === null) throw new Error(`${weights} has no record of how it was made`);
  const r = record as Record<string, unknown>;
  const count = (key: string): number => {
    const n = r[key];
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error(`${weights}: record.${key} is not a number`);
    return n;
  };
  if (typeof r.options !== 'object' || r.options === null) throw new Error(`${weights}: record.options is missing`);
  const serialized = serializeNets(nets.value);
  return {
    kind: 'zar-td-checkpoint/1',
    options: r.options as Record<string, number | string | boolean>,
    rounds: count('rounds'),
    games: count('games'),
    positions: count('positions'),
    elapsedMs: Math.round(count('wallMinutes') * 60_000),
    nets: serialized,
    dispatched: serialized,
    imported: { weights, record: r },
  };
}

/** `import --weights weights/backgammon-td.json --out training/checkpoints/features4/pool10.json` */
export function runImport(args: string[]): void {
  const { values } = parseArgs({ args, options: { weights: { type: 'string' }, out: { type: 'string' } } });
  const weights = values.weights ?? BACKGAMMON_WEIGHTS;
  const out = values.out;
  if (!out) throw new Error('give --out PATH: where the checkpoint is written (the path its record names, to replay)');
  const cp = checkpointOfWeights(JSON.parse(readFileSync(weights, 'utf8')), weights);
  writeJson(out, cp);
  console.log(`${out}: the nets of ${weights} (${cp.games} TD games, ${cp.rounds} rounds), ready for refine --from`);
}
