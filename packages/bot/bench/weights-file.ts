import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBearoffDatabase } from '../src/bearoff/database.js';
import { createEvaluator, type Evaluator } from '../src/evaluator.js';
import { parseEvaluatorWeights } from '../src/weights.js';

const DIR = fileURLToPath(new URL('../weights/', import.meta.url));

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

export function loadBenchEvaluator(file: string): { ev: Evaluator; weights: unknown } {
  const weights: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const nets = parseEvaluatorWeights(weights);
  if (!nets.ok) throw new Error(`${file}: ${nets.error.message}`);
  return { ev: createEvaluator(nets.value, buildBearoffDatabase()), weights };
}
