/* The analysis of a finished match as GET /api/games/:id/analysis sends it: the protocol's types. */
import type { DecisionAnalysis, Mark } from '@zar/protocol';

export type {
  AnalysisStatus,
  CubeAction,
  CubeAnalysis,
  DecisionAnalysis,
  Mark,
  MatchAnalysis,
  MoveAnalysis,
  PlayerReport,
} from '@zar/protocol';

/** One decision of the report. */
export type Decision = DecisionAnalysis;

/** Which decisions the list shows. */
export type DecisionFilter = 'all' | 'marked' | 'errors';

/** How bad each mark is: the list's filters and the replay's marks compare them. */
export const MARK_SEVERITY: Readonly<Record<Mark, number>> = { none: 0, doubtful: 1, error: 2, blunder: 3 };

export function shown(d: Decision, filter: DecisionFilter): boolean {
  if (filter === 'all') return true;
  return MARK_SEVERITY[d.mark] >= (filter === 'marked' ? 1 : 2);
}

/** An equity as players read it: sign always shown, three decimals. */
export const equityText = (e: number): string => `${e >= 0 ? '+' : '−'}${Math.abs(e).toFixed(3)}`;
