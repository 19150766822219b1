import type { DiceTally } from '@zar/match';
import type { PrRow } from './rows.js';

/** The dice of finished matches, tallied (@zar/match's dice-stats.ts). */
export interface DiceTotalsRow {
  readonly matches: number;
  readonly tally: DiceTally;
}

/** A PR row with the name of the opponent in that match (a person or a bot, as the seat was named). */
export interface LuckRow extends PrRow {
  readonly opponent: string;
}

/** The dice statistics: the tallies of finished matches, and each player's luck as analysed. */
export interface DiceStore {
  /**
   * The dice of the finished matches a user played (null: of every finished match on
   * the site, bots' dice included). The store adds a match's dice to these totals in the same
   * transaction as the action that ends it, and counted the matches finished before it kept them
   * when it was upgraded; a match is counted once.
   */
  diceTotals(userId: string | null): Promise<DiceTotalsRow>;
  /** A player's analysed matches with their luck, the latest saved first, at most `limit`. */
  luckOf(userId: string, limit: number): Promise<LuckRow[]>;
}
