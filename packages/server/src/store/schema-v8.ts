import { sql, type Transaction } from 'kysely';
import type { Database } from './tables.js';

/**
 * Schema v8: puzzles (docs/puzzles.md). `puzzles` keeps each puzzle as JSON beside what the
 * queries filter on (game, themes as JSON text) and its Glicko-2 rating; `puzzle_players` each
 * person's puzzle rating and streak; `puzzle_attempts` each person's first attempt at a puzzle,
 * the one that rated both (the key, so a puzzle rates a person once). Nothing to fill in: the
 * server adds the starting set at start. Run by migrate() in its transaction after v7; every
 * statement is IF NOT EXISTS, so running it at every start is safe.
 */
export async function upgradeToV8(trx: Transaction<Database>): Promise<void> {
  await trx.schema
    .createTable('puzzles')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('themes', 'text', (c) => c.notNull())
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('deviation', 'double precision', (c) => c.notNull())
    .addColumn('volatility', 'double precision', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().check(sql`attempts >= 0`))
    .addColumn('puzzle', 'text', (c) => c.notNull())
    .execute();
  // The next puzzle for a person is the one nearest his rating, of a game when he asks.
  await trx.schema.createIndex('puzzles_game').ifNotExists().on('puzzles').columns(['game', 'rating']).execute();
  await trx.schema
    .createTable('puzzle_players')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey().notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('deviation', 'double precision', (c) => c.notNull())
    .addColumn('volatility', 'double precision', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().check(sql`attempts >= 0`))
    .addColumn('streak', 'integer', (c) => c.notNull().check(sql`streak >= 0`))
    .addColumn('best_streak', 'integer', (c) => c.notNull().check(sql`best_streak >= 0`))
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable('puzzle_attempts')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('puzzle_id', 'text', (c) => c.notNull().references('puzzles.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull().check(sql`correct in (0, 1)`))
    .addColumn('ratings', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('puzzle_attempts_pk', ['user_id', 'puzzle_id'])
    .execute();
}
