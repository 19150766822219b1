import { sql, type Transaction } from 'kysely';
import type { Database } from './tables.js';

/**
 * Schema v9: the ownership of games by server instances (docs/architecture.md, "Ownership and
 * the fence"). `games.owner` names the instance whose room is a game's authority (null: none)
 * and `games.owner_epoch` counts the moves of that ownership; a write that names an epoch the
 * row has left is refused, so an owner that was taken over cannot write. `instance_beats` keeps
 * each instance's heartbeat, so that another can tell how long a dead one was away;
 * `game_pauses` the spans one game's clocks skip (its owner's downtime, recorded at a takeover),
 * beside the server-wide `pauses`. The analysis queue's rows name the instance that holds a
 * running one and since when (so that only a dead holder's work is queued again), their
 * priority (asked for over background) and who asked. Older rows need nothing filled in: no
 * owner, epoch 0, no holder, background priority, nobody asked. Run by
 * migrate() in its transaction after v8; each step looks first, so running it at every start is safe.
 */
export async function upgradeToV9(
  trx: Transaction<Database>,
  columnsOf: (table: 'games' | 'analysis_queue') => Promise<Set<string>>,
): Promise<void> {
  await addOwnership(trx, await columnsOf('games'));
  await addQueueHolders(trx, await columnsOf('analysis_queue'));
}

async function addOwnership(trx: Transaction<Database>, games: Set<string>): Promise<void> {
  if (!games.has('owner')) await trx.schema.alterTable('games').addColumn('owner', 'text').execute();
  if (!games.has('owner_epoch')) {
    await trx.schema
      .alterTable('games')
      .addColumn('owner_epoch', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // A takeover lists a dead instance's games a page at a time: (owner, id). Appends never change
  // the owner, so they never write this index.
  await trx.schema.createIndex('games_owner').ifNotExists().on('games').columns(['owner', 'id']).execute();
  await trx.schema
    .createTable('instance_beats')
    .ifNotExists()
    .addColumn('instance', 'text', (c) => c.primaryKey().notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await trx.schema
    .createTable('game_pauses')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('from_at', 'bigint', (c) => c.notNull())
    .addColumn('to_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_pauses_pk', ['game_id', 'from_at', 'to_at'])
    .execute();
}

async function addQueueHolders(trx: Transaction<Database>, queue: Set<string>): Promise<void> {
  const table = trx.schema.alterTable('analysis_queue');
  if (!queue.has('claimed_by')) await table.addColumn('claimed_by', 'text').execute();
  if (!queue.has('claimed_at')) await table.addColumn('claimed_at', 'bigint').execute();
  if (!queue.has('priority')) {
    await table.addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  if (!queue.has('requested_by')) await table.addColumn('requested_by', 'text').execute();
  // The next to take: the highest priority, then the oldest queued (the v7 index stays for the rest).
  await sql`create index if not exists analysis_queue_ranked on analysis_queue (state, priority desc, enqueued_at, game_id)`.execute(
    trx,
  );
}
