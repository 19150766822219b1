import { ok, type Result } from '@zar/engine';
import type { MatchRecord } from '@zar/match';
import type { Evaluator } from '../backgammon-net/evaluator.js';
import { createMatchAnalyser } from './analyser.js';
import type { AnalysisOptions, MatchAnalysis } from './decisions.js';
import type { Judges } from './judge.js';

export * from './analyser.js';
export * from './decisions.js';
export * from './judge.js';
export * from './load-judges.js';

/**
 * Analyses every move and cube decision of a finished (or unfinished) match, each by the judge
 * of its game (judge.ts): the backgammon net's for backgammon of any scoring, with its cube;
 * each other game's net for that game. Each player's luck is the sum of his rolls' (luck.ts),
 * on the same equity scale. A backgammon Evaluator alone judges backgammon matches (what the
 * callers gave before the other games were analysed). Refused with ERR_ANALYSIS_GAME where
 * players.ts says why, or where a game's net is not among `judges`.
 */
export function analyseMatch(
  record: MatchRecord,
  judges: Judges | Evaluator,
  options: AnalysisOptions = {},
): Result<MatchAnalysis> {
  const analyser = createMatchAnalyser(record, 'evaluate' in judges ? { backgammon: judges } : judges, options);
  if (!analyser.ok) return analyser;
  const a = analyser.value;
  while (a.step() !== null) options.onProgress?.(a.done, a.total);
  return ok(a.finish());
}
