import { type Kysely, sql, type Transaction } from 'kysely';
import { type AnalysisStore, ON_REQUEST, type StoredAnalysis } from '../analysis-store.js';
import { isSqlite } from '../dialect.js';
import { rowLimit } from '../lists.js';
import type { PrRow } from '../rows.js';
import type { Database } from '../tables.js';
import { betweenPeople } from './between-people.js';

/** The analysed matches: their PR, the background analysis's queue and the analyses kept, over SQL. */
export function sqlAnalysis(db: Kysely<Database>): AnalysisStore {
  const sqlite = isSqlite(db);
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

    async requestAnalysis(gameId, at, by) {
      // One statement, so that two instances asked at once leave one row as one of them wrote it.
      const again = sql<boolean>`analysis_queue.state in ('failed', 'done')`;
      await db
        .insertInto('analysis_queue')
        .values({
          game_id: gameId,
          state: 'queued',
          attempts: 0,
          priority: ON_REQUEST,
          requested_by: by,
          enqueued_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc
            .column('game_id')
            .doUpdateSet({
              state: 'queued',
              attempts: sql`case when ${again} then 0 else analysis_queue.attempts end`,
              enqueued_at: sql`case when ${again} then excluded.enqueued_at else analysis_queue.enqueued_at end`,
              priority: ON_REQUEST,
              requested_by: (eb) => eb.ref('excluded.requested_by'),
              updated_at: (eb) => eb.ref('excluded.updated_at'),
            })
            .where((eb) =>
              eb.or([
                eb('analysis_queue.state', 'in', ['failed', 'done']),
                eb.and([eb('analysis_queue.state', '=', 'queued'), eb('analysis_queue.priority', '<', ON_REQUEST)]),
              ]),
            ),
        )
        .execute();
    },

    async analysisRequest(gameId) {
      const row = await db
        .selectFrom('analysis_queue')
        .select(['state', 'priority', 'requested_by', 'enqueued_at'])
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      if (row === undefined) return null;
      let ahead = 0;
      if (row.state === 'queued') {
        const at = Number(row.enqueued_at);
        const before = await db
          .selectFrom('analysis_queue')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('state', '=', 'queued')
          .where((eb) =>
            eb.or([
              eb('priority', '>', row.priority),
              eb.and([
                eb('priority', '=', row.priority),
                eb.or([eb('enqueued_at', '<', at), eb.and([eb('enqueued_at', '=', at), eb('game_id', '<', gameId)])]),
              ]),
            ]),
          )
          .executeTakeFirstOrThrow();
        ahead = Number(before.n);
      }
      return { state: row.state, priority: row.priority, requestedBy: row.requested_by, ahead };
    },

    async forgetAnalysisRequest(gameId) {
      await db.updateTable('analysis_queue').set({ requested_by: null }).where('game_id', '=', gameId).execute();
    },

    async analysisRequests(by) {
      const all = db.selectFrom('analysis_queue').select((eb) => eb.fn.countAll<number | string>().as('n'));
      const count = async (query: typeof all) => Number((await query.executeTakeFirstOrThrow()).n);
      const waiting = await count(all.where('state', '=', 'queued').where('priority', '>=', ON_REQUEST));
      if (by === null) return { waiting, mine: 0 };
      const mine = await count(all.where('requested_by', '=', by).where('state', 'in', ['queued', 'running']));
      return { waiting, mine };
    },

    async takeQueuedAnalysis(at, holder = null, priority) {
      // One statement: the row is chosen and claimed at once. On PostgreSQL the choice locks the
      // row and skips rows other takers hold, so they take the next match rather than wait for
      // this one and find it gone; SQLite runs one writer at a time and has no FOR UPDATE.
      let next = db.selectFrom('analysis_queue').select('game_id').where('state', '=', 'queued');
      if (priority !== undefined) next = next.where('priority', '=', priority);
      next = next.orderBy('priority', 'desc').orderBy('enqueued_at').orderBy('game_id').limit(1);
      const taken = await db
        .updateTable('analysis_queue')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          claimed_by: holder,
          claimed_at: at,
          updated_at: at,
        }))
        .where('game_id', '=', sqlite ? next : next.forUpdate().skipLocked())
        .where('state', '=', 'queued')
        .returning(['game_id', 'attempts'])
        .executeTakeFirst();
      return taken === undefined ? null : { gameId: taken.game_id, attempts: taken.attempts };
    },

    async requeueRunningAnalyses(alive) {
      let requeue = db
        .updateTable('analysis_queue')
        .set({ state: 'queued', claimed_by: null, claimed_at: null })
        .where('state', '=', 'running');
      if (alive !== undefined && alive.size > 0) {
        requeue = requeue.where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', 'not in', [...alive])]));
      }
      const r = await requeue.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async failAnalysis(gameId, maxAttempts, at, holder) {
      // One statement: the tries counted and the state written together.
      let fail = db
        .updateTable('analysis_queue')
        .set({
          state: sql<'failed' | 'queued'>`case when attempts >= ${maxAttempts} then 'failed' else 'queued' end`,
          updated_at: at,
        })
        .where('game_id', '=', gameId);
      if (typeof holder === 'string') fail = fail.where('state', '=', 'running').where('claimed_by', '=', holder);
      const failed = await fail.returning('state').executeTakeFirst();
      if (failed !== undefined) return failed.state;
      const row = await db
        .selectFrom('analysis_queue')
        .select('state')
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      if (row === undefined) throw new Error(`failAnalysis: ${gameId} was never queued`);
      return row.state;
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
