import type { Kysely, Transaction } from 'kysely';
import type { AnalysisStore, StoredAnalysis } from '../analysis-store.js';
import { rowLimit } from '../lists.js';
import type { PrRow } from '../rows.js';
import type { Database } from '../tables.js';
import { betweenPeople } from './between-people.js';

/** The analysed matches: their PR, the background analysis's queue and the analyses kept, over SQL. */
export function sqlAnalysis(db: Kysely<Database>): AnalysisStore {
  return {
    savePr: (rows) => savePr(db, rows),

    async enqueueAnalysis(gameId, at) {
      const r = await db
        .insertInto('analysis_queue')
        .values({ game_id: gameId, state: 'queued', attempts: 0, enqueued_at: at, updated_at: at })
        .onConflict((oc) => oc.column('game_id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async takeQueuedAnalysis(at) {
      return db.transaction().execute(async (trx) => {
        const next = await trx
          .selectFrom('analysis_queue')
          .select(['game_id', 'attempts'])
          .where('state', '=', 'queued')
          .orderBy('enqueued_at')
          .orderBy('game_id')
          .limit(1)
          .executeTakeFirst();
        if (next === undefined) return null;
        // Compare-and-set, so that two servers over one PostgreSQL never take the same match.
        const r = await trx
          .updateTable('analysis_queue')
          .set({ state: 'running', attempts: next.attempts + 1, updated_at: at })
          .where('game_id', '=', next.game_id)
          .where('state', '=', 'queued')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return null;
        return { gameId: next.game_id, attempts: next.attempts + 1 };
      });
    },

    async requeueRunningAnalyses() {
      const r = await db
        .updateTable('analysis_queue')
        .set({ state: 'queued' })
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async failAnalysis(gameId, maxAttempts, at) {
      const row = await db
        .selectFrom('analysis_queue')
        .select('attempts')
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      if (row === undefined) throw new Error(`failAnalysis: ${gameId} was never queued`);
      const state = row.attempts >= maxAttempts ? 'failed' : 'queued';
      await db.updateTable('analysis_queue').set({ state, updated_at: at }).where('game_id', '=', gameId).execute();
      return state;
    },

    async saveAnalysis(made, pr) {
      const text = JSON.stringify(made.analysis);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('match_analysis')
          .values({ game_id: made.gameId, version: made.version, analysis: text, made_at: made.madeAt })
          .onConflict((oc) =>
            oc.column('game_id').doUpdateSet((eb) => ({
              version: eb.ref('excluded.version'),
              analysis: eb.ref('excluded.analysis'),
              made_at: eb.ref('excluded.made_at'),
            })),
          )
          .execute();
        await savePr(trx, pr);
        await trx
          .updateTable('analysis_queue')
          .set({ state: 'done', updated_at: made.madeAt })
          .where('game_id', '=', made.gameId)
          .execute();
      });
    },

    async analysisOf(gameId) {
      const row = await db.selectFrom('match_analysis').selectAll().where('game_id', '=', gameId).executeTakeFirst();
      if (row === undefined) return null;
      const made: StoredAnalysis = {
        gameId,
        version: row.version,
        analysis: JSON.parse(row.analysis) as unknown,
        madeAt: Number(row.made_at),
      };
      return made;
    },

    async queuedAnalysisState(gameId) {
      const row = await db
        .selectFrom('analysis_queue')
        .select('state')
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return row?.state ?? null;
    },

    async prHistoryOf(userId, limit) {
      const rows = await db
        .selectFrom('match_pr')
        .select(['game_id', 'game', 'pr', 'at'])
        .where('user_id', '=', userId)
        .where('game', 'is not', null)
        .orderBy('at', 'desc')
        .orderBy('game_id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map((r) => ({ gameId: r.game_id, game: r.game ?? 'backgammon', pr: r.pr, at: Number(r.at) }));
    },

    async analysisBacklog() {
      const row = await db
        .selectFrom('analysis_queue')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/**
 * Queues the match `gameId` ends, inside the transaction of the action that ends it, when it
 * is between two people: ON CONFLICT DO NOTHING, so a match is queued once whatever ends it
 * again. It is queued at the game's updated_at, the time of that action.
 */
export async function queueAnalysisAtEnd(trx: Transaction<Database>, gameId: string): Promise<void> {
  const game = await trx
    .selectFrom('games')
    .select(['seats', 'updated_at'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (game === undefined || !betweenPeople(JSON.parse(game.seats) as Parameters<typeof betweenPeople>[0])) return;
  const at = Number(game.updated_at);
  await trx
    .insertInto('analysis_queue')
    .values({ game_id: gameId, state: 'queued', attempts: 0, enqueued_at: at, updated_at: at })
    .onConflict((oc) => oc.column('game_id').doNothing())
    .execute();
}

/** One statement for all of a match's rows; a second analysis of the match replaces the first. */
async function savePr(db: Kysely<Database> | Transaction<Database>, rows: readonly PrRow[]): Promise<void> {
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
        game: r.game === undefined ? 'backgammon' : r.game,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['game_id', 'user_id']).doUpdateSet((eb) => ({
        pr: eb.ref('excluded.pr'),
        at: eb.ref('excluded.at'),
        luck: eb.ref('excluded.luck'),
        opponent_luck: eb.ref('excluded.opponent_luck'),
        game: eb.ref('excluded.game'),
      })),
    )
    .execute();
}
