import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createEvaluator,
  type Evaluator,
  type Judges,
  judgeNetOf,
  loadJudges,
  parseEvaluatorWeights,
  sharedBearoff,
} from '@zar/bot';
import { err, ok, type Result } from '@zar/engine';
import { type MatchSettings, rulesOf } from '@zar/match';

/** Where the bot's trained weights are committed. */
export const WEIGHTS_DIR = fileURLToPath(new URL('../../bot/weights/', import.meta.url));

/**
 * The weights file to use: the one given (option or ZAR_WEIGHTS), else weights/backgammon.json,
 * else the newest backgammon*.json in the weights folder (training exports there as it improves;
 * the folder also holds the other games' weights).
 */
export function weightsPath(given?: string): Result<string> {
  const chosen = given ?? process.env.ZAR_WEIGHTS;
  if (chosen) return existsSync(chosen) ? ok(chosen) : err('ERR_NO_WEIGHTS', `no weights file at ${chosen}`);
  const preferred = join(WEIGHTS_DIR, 'backgammon.json');
  if (existsSync(preferred)) return ok(preferred);
  const files = existsSync(WEIGHTS_DIR)
    ? readdirSync(WEIGHTS_DIR)
        .filter((f) => f.startsWith('backgammon') && f.endsWith('.json'))
        .map((f) => join(WEIGHTS_DIR, f))
    : [];
  files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const newest = files[0];
  return newest
    ? ok(newest)
    : err('ERR_NO_WEIGHTS', `no weights in ${WEIGHTS_DIR}; train and export them, or give --weights FILE`);
}

const cache = new Map<string, Evaluator>();

/**
 * The evaluator for a weights file, built once per process. Its bearoff database is the
 * thread's, filled on demand: the same values as a whole one, without the seconds of building
 * it whole before the first answer.
 */
export function loadEvaluator(given?: string): Result<Evaluator> {
  const path = weightsPath(given);
  if (!path.ok) return path;
  const known = cache.get(path.value);
  if (known) return ok(known);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path.value, 'utf8'));
  } catch (e) {
    return err('ERR_WEIGHTS_JSON', `${path.value}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const nets = parseEvaluatorWeights(value);
  if (!nets.ok) return err(nets.error.code, `${path.value}: ${nets.error.message}`);
  const ev = createEvaluator(nets.value, sharedBearoff());
  cache.set(path.value, ev);
  return ok(ev);
}

/**
 * The judges a match with these settings needs: the backgammon evaluator of `given` weights
 * (as loadEvaluator finds them) when a game of its cycle is backgammon, and the other games'
 * committed nets.
 */
export async function loadMatchJudges(settings: Pick<MatchSettings, 'cycle'>, given?: string): Promise<Result<Judges>> {
  const backgammon = settings.cycle.some((choice) => judgeNetOf(rulesOf(choice)) === 'backgammon');
  if (!backgammon) return ok(await loadJudges(settings));
  const ev = loadEvaluator(given);
  if (!ev.ok) return ev;
  return ok(await loadJudges(settings, { backgammon: ev.value }));
}
