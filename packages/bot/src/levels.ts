/**
 * The neural bot's named levels, weakest first: search depth for plays and for the cube, and
 * gnubg-style noise, a normal deviate of `noise` (in equity) added to each candidate's value
 * before choosing. Measured strength: docs/bot-levels.md (`npm run bench:levels -w @zar/bot-lab`).
 */
export interface LevelSpec {
  /** Depth of the play search (0, 1 or 2). */
  readonly plies: number;
  /** Depth of cube decisions (0 or 1). */
  readonly cubePlies: number;
  /** Standard deviation of the noise added to each candidate's equity. */
  readonly noise: number;
}

export const LEVELS = {
  beginner: { plies: 0, cubePlies: 0, noise: 0.08 },
  casual: { plies: 0, cubePlies: 0, noise: 0.04 },
  club: { plies: 0, cubePlies: 0, noise: 0.015 },
  expert: { plies: 1, cubePlies: 1, noise: 0 },
  master: { plies: 2, cubePlies: 1, noise: 0 },
} as const satisfies Record<string, LevelSpec>;

export type Level = keyof typeof LEVELS;

export const LEVEL_NAMES = Object.keys(LEVELS) as Level[];

export function isLevel(s: unknown): s is Level {
  return typeof s === 'string' && Object.hasOwn(LEVELS, s);
}
