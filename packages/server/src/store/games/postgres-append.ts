import { type Kysely, sql } from 'kysely';
import type { GamesStore } from '../games-store.js';
import { executePrepared } from '../postgres-handle.js';
import type { Database } from '../tables.js';
import { ownerOf } from './ownership-sql.js';
import { appendedColumns } from './sql.js';

type Append = GamesStore['appendAction'];
type Appended = Awaited<ReturnType<Append>>;

const MOVED: Appended = { ok: true };
const CONFLICT: Appended = { ok: false, code: 'ERR_VERSION_CONFLICT' };
const NOT_OWNER: Appended = { ok: false, code: 'ERR_NOT_OWNER' };

/**
 * appendAction over PostgreSQL in one statement: the game's row moved by compare-and-set and
 * the action inserted from what it returned (`WITH moved AS (UPDATE … RETURNING id) INSERT …
 * SELECT … FROM moved`), one round trip and one commit where the transaction took four (BEGIN,
 * UPDATE, INSERT, COMMIT), prepared once per connection (postgres-handle.ts). A single
 * statement is atomic, and a second writer of the same row waits on its lock, then finds the
 * version moved and inserts nothing, as in the transaction.
 * Beside other instances every move of every game is one of these on one database: with four
 * round trips a move, three instances on two cores kept hundreds of bot moves waiting.
 *
 * `fallback` (the transaction) takes the action that ends a match (status 'over': its dice are
 * counted and its analysis queued) and so the one that rates it: once a match.
 */
export function postgresAppend(db: Kysely<Database>, fallback: Append): Append {
  return async (id, version, action, at, status, outcome, rate, epoch, deadline) => {
    if (status === 'over' || rate !== undefined) {
      return fallback(id, version, action, at, status, outcome, rate, epoch, deadline);
    }
    const text = JSON.stringify(action);
    const set = appendedColumns(version, at, status, outcome, deadline);
    const query = db
      .with('moved', (q) => {
        let move = q.updateTable('games').set(set).where('id', '=', id).where('version', '=', version);
        if (epoch !== undefined) move = move.where('owner_epoch', '=', epoch);
        return move.returning('id');
      })
      .insertInto('actions')
      .columns(['game_id', 'seq', 'action', 'at'])
      .expression((eb) =>
        eb
          .selectFrom('moved')
          .select([
            'moved.id',
            sql<number>`${version + 1}::integer`.as('seq'),
            sql<string>`${text}::text`.as('action'),
            sql<number>`${at}::bigint`.as('at'),
          ]),
      )
      .compile();
    if ((await executePrepared(db, query)) === 1) return MOVED;
    const now = epoch === undefined ? null : await ownerOf(db, id);
    return now !== null && now.epoch !== epoch ? NOT_OWNER : CONFLICT;
  };
}
