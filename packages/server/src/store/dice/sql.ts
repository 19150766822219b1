import type { Kysely } from 'kysely';
import type { DiceStore } from '../dice-store.js';
import { rowLimit } from '../lists.js';
import type { GameRow } from '../rows.js';
import type { Database } from '../tables.js';
import { luckRow } from './luck-rows.js';
import { diceTotalsOf } from './totals-sql.js';

/**
 * The dice totals (counted by the action that ends a match: totals-sql.ts) and the players'
 * luck over SQL. Orders are total (ties broken by a key), so every store lists the same rows in
 * the same order.
 */
export function sqlDice(db: Kysely<Database>): DiceStore {
  return {
    diceTotals: (userId) => diceTotalsOf(db, userId),

    async luckOf(userId, limit) {
      const rows = await db
        .selectFrom('match_pr')
        .innerJoin('games', 'games.id', 'match_pr.game_id')
        .selectAll('match_pr')
        .select('games.seats')
        .where('match_pr.user_id', '=', userId)
        .orderBy('match_pr.at', 'desc')
        .orderBy('match_pr.game_id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map((r) =>
        luckRow(
          {
            gameId: r.game_id,
            userId: r.user_id,
            pr: Number(r.pr),
            at: Number(r.at),
            luck: toReal(r.luck),
            opponentLuck: toReal(r.opponent_luck),
          },
          JSON.parse(r.seats) as GameRow['seats'],
        ),
      );
    },
  };
}

/** DOUBLE PRECISION comes back as a number in both databases; null stays null. */
function toReal(value: number | null): number | null {
  return value === null ? null : Number(value);
}
