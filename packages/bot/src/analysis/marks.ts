import type { GameId } from '@zar/engine';

/**
 * Marks for decisions by the normalised equity they lose. Backgammon's are gnubg's default
 * thresholds (gnubg.texi, "Analysis settings": doubtful 0.04, bad 0.08, very bad 0.16); the
 * other games' are Zar's own, on the same equity scale, and docs/analysis.md says how they were
 * chosen.
 */
export type Mark = 'none' | 'doubtful' | 'error' | 'blunder';

/** The least loss that earns each mark. */
export interface MarkThresholds {
  readonly doubtful: number;
  readonly error: number;
  readonly blunder: number;
}

export const MARK_THRESHOLDS = { doubtful: 0.04, error: 0.08, blunder: 0.16 } as const satisfies MarkThresholds;

/** Each game's thresholds (docs/analysis.md, "Marks"). */
export const MARK_THRESHOLDS_BY_GAME: Readonly<Record<GameId, MarkThresholds>> = {
  backgammon: MARK_THRESHOLDS,
  'long-nardy': MARK_THRESHOLDS,
  plakoto: MARK_THRESHOLDS,
  fevga: MARK_THRESHOLDS,
  'gul-bara': MARK_THRESHOLDS,
};

/** The mark of a loss in `game`. */
export function markIn(loss: number, game: GameId): Mark {
  const t = MARK_THRESHOLDS_BY_GAME[game];
  if (loss >= t.blunder) return 'blunder';
  if (loss >= t.error) return 'error';
  if (loss >= t.doubtful) return 'doubtful';
  return 'none';
}

/** The mark of a loss in backgammon (gnubg's thresholds). */
export function markOf(loss: number): Mark {
  return markIn(loss, 'backgammon');
}

/** XG's performance rating: 500 × equity lost per non-obvious decision. */
export function performanceRating(equityLost: number, decisions: number): number {
  return decisions > 0 ? (500 * equityLost) / decisions : 0;
}

/** gnubg's error rate: thousandths of equity (mEMG) lost per decision. */
export function errorRate(equityLost: number, decisions: number): number {
  return decisions > 0 ? (1000 * equityLost) / decisions : 0;
}
