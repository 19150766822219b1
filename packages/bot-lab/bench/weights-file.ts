import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BearoffDatabase,
  buildBearoffDatabase,
  createEvaluator,
  type Evaluator,
  parseEvaluatorWeights,
  WEIGHTS_FORMAT,
} from '@zar/bot';
import { WEIGHTS_DIR } from '../training/paths.js';

const DIR = WEIGHTS_DIR;

/** The given file, else weights/backgammon.json, else the newest backgammon weights file (as the CLI does). */
export function weightsFile(given?: string): string {
  if (given) return given;
  if (existsSync(join(DIR, 'backgammon.json'))) return join(DIR, 'backgammon.json');
  const files = readdirSync(DIR)
    .filter((f) => f.startsWith('backgammon') && f.endsWith('.json'))
    .map((f) => join(DIR, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`no weights in ${DIR}; give --weights FILE`);
  return files[0];
}

/**
 * A training checkpoint's nets read as a weights file, so that a round's nets can be benchmarked
 * before (or without) exporting them; anything else is returned as it is.
 */
export function asWeights(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('nets' in value)) return value;
  const nets = value.nets;
  if (typeof nets !== 'object' || nets === null || !('contact' in nets) || !('race' in nets)) return value;
  return {
    format: WEIGHTS_FORMAT,
    contact: nets.contact,
    race: nets.race,
    ...('crashed' in nets ? { crashed: nets.crashed } : {}),
  };
}

/** A weights file's evaluator, or a training checkpoint's (its `nets`). */
export function loadBenchEvaluator(
  file: string,
  // Built whole by default, so that no benchmark times the filling of its rows.
  bearoff: BearoffDatabase = buildBearoffDatabase(),
): { ev: Evaluator; weights: unknown } {
  const weights = asWeights(JSON.parse(readFileSync(file, 'utf8')));
  const nets = parseEvaluatorWeights(weights);
  if (!nets.ok) throw new Error(`${file}: ${nets.error.message}`);
  return { ev: createEvaluator(nets.value, bearoff), weights };
}
