/**
 * Marks for decisions by the normalised equity they lose, with gnubg's default thresholds
 * (gnubg.texi, "Analysis settings": doubtful 0.04, bad 0.08, very bad 0.16).
 */
export type Mark = 'none' | 'doubtful' | 'error' | 'blunder';

export const MARK_THRESHOLDS = { doubtful: 0.04, error: 0.08, blunder: 0.16 } as const;

export function markOf(loss: number): Mark {
  if (loss >= MARK_THRESHOLDS.blunder) return 'blunder';
  if (loss >= MARK_THRESHOLDS.error) return 'error';
  if (loss >= MARK_THRESHOLDS.doubtful) return 'doubtful';
  return 'none';
}

/** XG's performance rating: 500 × equity lost per non-obvious decision. */
export function performanceRating(equityLost: number, decisions: number): number {
  return decisions > 0 ? (500 * equityLost) / decisions : 0;
}

/** gnubg's error rate: thousandths of equity (mEMG) lost per decision. */
export function errorRate(equityLost: number, decisions: number): number {
  return decisions > 0 ? (1000 * equityLost) / decisions : 0;
}
