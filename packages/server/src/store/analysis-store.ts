import type { PrRow } from './rows.js';

/** What the analysis of a match keeps. */
export interface AnalysisStore {
  /**
   * Keeps the PR of each person in an analysed backgammon match (written when an analysis is
   * ready; a second analysis of the same game replaces the first), for the profiles' average.
   */
  savePr(rows: readonly PrRow[]): Promise<void>;
}
