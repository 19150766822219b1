import type { Kysely, Selectable } from 'kysely';
import { rowLimit } from '../lists.js';
import type { PuzzleAttemptRow, PuzzlePlayerRow, PuzzleRow, PuzzlesStore } from '../puzzles-store.js';
import type { Database, PuzzlePlayersTable, PuzzlesTable } from '../tables.js';

/** Puzzles added per statement: bounds a statement's parameters (SQLite allows 32,766). */
const ADD_BATCH = 100;

const puzzleRow = (r: Selectable<PuzzlesTable>): PuzzleRow => ({
  puzzle: JSON.parse(r.puzzle) as PuzzleRow['puzzle'],
  rating: { rating: r.rating, deviation: r.deviation, volatility: r.volatility },
  attempts: r.attempts,
});

const playerRow = (r: Selectable<PuzzlePlayersTable>): PuzzlePlayerRow => ({
  userId: r.user_id,
  rating: { rating: r.rating, deviation: r.deviation, volatility: r.volatility },
  attempts: r.attempts,
  streak: r.streak,
  bestStreak: r.best_streak,
  lastAt: Number(r.last_at),
});

/** Thrown inside saveAttempt's transaction to roll it back when another write came first. */
class Conflict extends Error {}

/** The puzzles over SQL: each puzzle's JSON, its themes as JSON text (filtered with LIKE on a quoted name). */
export function sqlPuzzles(db: Kysely<Database>): PuzzlesStore {
  return {
    async addPuzzles(list, rating) {
      let added = 0;
      for (let i = 0; i < list.length; i += ADD_BATCH) {
        const batch = list.slice(i, i + ADD_BATCH);
        const r = await db
          .insertInto('puzzles')
          .values(
            batch.map((p) => ({
              id: p.id,
              game: p.game,
              themes: JSON.stringify(p.themes),
              rating: rating.rating,
              deviation: rating.deviation,
              volatility: rating.volatility,
              attempts: 0,
              puzzle: JSON.stringify(p),
            })),
          )
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        added += Number(r.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },

    async puzzleById(id) {
      const r = await db.selectFrom('puzzles').selectAll().where('id', '=', id).executeTakeFirst();
      return r === undefined ? null : puzzleRow(r);
    },

    async puzzleCount() {
      const r = await db
        .selectFrom('puzzles')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async puzzleAt(index) {
      if (!Number.isInteger(index) || index < 0) return null;
      const r = await db.selectFrom('puzzles').selectAll().orderBy('id').limit(1).offset(index).executeTakeFirst();
      return r === undefined ? null : puzzleRow(r);
    },

    async puzzlesNear(query) {
      let q = db.selectFrom('puzzles').selectAll();
      if (query.game !== null) q = q.where('game', '=', query.game);
      if (query.theme !== null) q = q.where('themes', 'like', `%"${query.theme}"%`);
      const solver = query.solver;
      if (solver !== null) {
        q = q.where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('puzzle_attempts as a')
                .select('a.puzzle_id')
                .whereRef('a.puzzle_id', '=', 'puzzles.id')
                .where('a.user_id', '=', solver),
            ),
          ),
        );
      }
      const rows = await q
        .orderBy((eb) => eb.fn('abs', [eb('rating', '-', query.rating)]))
        .orderBy('id')
        .limit(rowLimit(query.limit))
        .execute();
      return rows.map(puzzleRow);
    },

    async puzzlePlayer(userId) {
      const r = await db.selectFrom('puzzle_players').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return r === undefined ? null : playerRow(r);
    },

    async puzzleAttempt(userId, puzzleId) {
      const r = await db
        .selectFrom('puzzle_attempts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('puzzle_id', '=', puzzleId)
        .executeTakeFirst();
      if (r === undefined) return null;
      const ratings = JSON.parse(r.ratings) as Pick<PuzzleAttemptRow, 'player' | 'puzzle'>;
      return {
        userId: r.user_id,
        puzzleId: r.puzzle_id,
        answer: r.answer,
        correct: r.correct === 1,
        player: ratings.player,
        puzzle: ratings.puzzle,
        at: Number(r.at),
      };
    },

    async saveAttempt({ attempt, player, puzzle }) {
      try {
        await db.transaction().execute(async (trx) => {
          const counted = (r: { numInsertedOrUpdatedRows?: bigint; numUpdatedRows?: bigint }): void => {
            if (Number(r.numInsertedOrUpdatedRows ?? r.numUpdatedRows ?? 0) !== 1) throw new Conflict();
          };
          counted(
            await trx
              .insertInto('puzzle_attempts')
              .values({
                user_id: attempt.userId,
                puzzle_id: attempt.puzzleId,
                answer: attempt.answer,
                correct: attempt.correct ? 1 : 0,
                ratings: JSON.stringify({ player: attempt.player, puzzle: attempt.puzzle }),
                at: attempt.at,
              })
              .onConflict((oc) => oc.columns(['user_id', 'puzzle_id']).doNothing())
              .executeTakeFirst(),
          );
          const values = {
            rating: player.rating.rating,
            deviation: player.rating.deviation,
            volatility: player.rating.volatility,
            attempts: player.attempts,
            streak: player.streak,
            best_streak: player.bestStreak,
            last_at: player.lastAt,
          };
          counted(
            player.attempts === 1
              ? await trx
                  .insertInto('puzzle_players')
                  .values({ user_id: player.userId, ...values })
                  .onConflict((oc) => oc.column('user_id').doNothing())
                  .executeTakeFirst()
              : await trx
                  .updateTable('puzzle_players')
                  .set(values)
                  .where('user_id', '=', player.userId)
                  .where('attempts', '=', player.attempts - 1)
                  .executeTakeFirst(),
          );
          counted(
            await trx
              .updateTable('puzzles')
              .set({ ...puzzle.rating, attempts: puzzle.attempts })
              .where('id', '=', attempt.puzzleId)
              .where('attempts', '=', puzzle.attempts - 1)
              .executeTakeFirst(),
          );
        });
        return true;
      } catch (e) {
        if (e instanceof Conflict) return false;
        throw e;
      }
    },
  };
}
