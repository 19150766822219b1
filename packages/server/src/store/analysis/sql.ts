import type { Kysely } from 'kysely';
import type { AnalysisStore } from '../analysis-store.js';
import type { Database } from '../tables.js';

/** The analysed matches' PR over SQL: one statement for all of a match's rows. */
export function sqlAnalysis(db: Kysely<Database>): AnalysisStore {
  return {
    async savePr(rows) {
      if (rows.length === 0) return;
      await db
        .insertInto('match_pr')
        .values(
          rows.map((r) => ({
            game_id: r.gameId,
            user_id: r.userId,
            pr: r.pr,
            at: r.at,
            luck: r.luck,
            opponent_luck: r.opponentLuck,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['game_id', 'user_id']).doUpdateSet((eb) => ({
            pr: eb.ref('excluded.pr'),
            at: eb.ref('excluded.at'),
            luck: eb.ref('excluded.luck'),
            opponent_luck: eb.ref('excluded.opponent_luck'),
          })),
        )
        .execute();
    },
  };
}
