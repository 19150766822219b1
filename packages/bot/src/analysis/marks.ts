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

/**
 * Each game's thresholds: a mark is as rare a move in each game as gnubg's make it in
 * backgammon, among bots of the five levels (docs/analysis.md, "Marks"; bot-lab's
 * mark-calibration.ts measures them).
 */
export const MARK_THRESHOLDS_BY_GAME: Readonly<Record<GameId, MarkThresholds>> = {
  backgammon: MARK_THRESHOLDS,
  'long-nardy': { doubtful: 0.05, error: 0.09, blunder: 0.135 },
  plakoto: { doubtful: 0.055, error: 0.1, blunder: 0.17 },
  fevga: { doubtful: 0.055, error: 0.085, blunder: 0.125 },
  'gul-bara': { doubtful: 0.055, error: 0.1, blunder: 0.145 },
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
