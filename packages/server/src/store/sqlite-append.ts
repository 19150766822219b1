import type { GameAction } from '@zar/match';
import type SQLite from 'better-sqlite3';
import type { GameStatusRow, MatchOutcome, RateRequest, Store } from './types.js';

type Append = Store['appendAction'];

/**
 * appendAction straight on better-sqlite3 with statements prepared once: the same transaction,
 * compare-and-set and rows as the kysely path, without compiling and preparing two statements
 * per action (that was half the server's time per move under load). The whole transaction runs
 * synchronously, so no other statement of this process can land inside it.
 *
 * `fallback` takes over while some other transaction holds the connection (a migration, say):
 * better-sqlite3 would nest ours inside it as a savepoint, and its rollback would take ours.
 * It also takes the action that ends a match (status 'over': its dice are counted into the
 * totals) and so the one that ends a rated match (`rate`): once per match, not worth a second
 * copy of those statements.
 */
export function sqliteAppend(sqlite: SQLite.Database, fallback: Append): Append {
  // Prepared at the first append, not here: the tables may not exist before migrate().
  let append: ReturnType<typeof prepare> | null = null;
  return (
    id: string,
    version: number,
    action: GameAction,
    at: number,
    status?: GameStatusRow,
    outcome?: MatchOutcome,
    rate?: RateRequest,
  ) => {
    if (sqlite.inTransaction || rate !== undefined || status === 'over')
      return fallback(id, version, action, at, status, outcome, rate);
    try {
      append ??= prepare(sqlite);
      // Serialised before the transaction: an action that cannot be stored never starts one.
      const text = JSON.stringify(action);
      const moved = append.immediate(id, version, text, at, status, outcome);
      return Promise.resolve(moved ? ({ ok: true } as const) : ({ ok: false, code: 'ERR_VERSION_CONFLICT' } as const));
    } catch (e) {
      return Promise.reject(e);
    }
  };
}

/** One transaction: compare-and-set the game's version, then insert the action; false on a conflict. */
function prepare(sqlite: SQLite.Database) {
  const move = sqlite.prepare<[number, number, string, number]>(
    'update games set version = ?, updated_at = ? where id = ? and version = ?',
  );
  const moveWithStatus = sqlite.prepare<[number, number, string, string, number]>(
    'update games set version = ?, updated_at = ?, status = ? where id = ? and version = ?',
  );
  // A game ended: the score, and the winner with it (the status and an abandonment too when the match ended).
  const moveWithOutcome = sqlite.prepare<
    [number, number, string | null, string, number | null, number | null, string, number]
  >(
    'update games set version = ?, updated_at = ?, status = coalesce(?, status), score = ?, winner = ?, abandoned_by = coalesce(?, abandoned_by) where id = ? and version = ?',
  );
  const insert = sqlite.prepare<[string, number, string, number]>(
    'insert into actions (game_id, seq, action, at) values (?, ?, ?, ?)',
  );
  return sqlite.transaction(
    (
      id: string,
      version: number,
      text: string,
      at: number,
      status: GameStatusRow | undefined,
      outcome: MatchOutcome | undefined,
    ): boolean => {
      const moved =
        outcome !== undefined
          ? moveWithOutcome.run(
              version + 1,
              at,
              status ?? null,
              JSON.stringify(outcome.score),
              outcome.winner,
              outcome.abandonedBy ?? null,
              id,
              version,
            )
          : status === undefined
            ? move.run(version + 1, at, id, version)
            : moveWithStatus.run(version + 1, at, status, id, version);
      if (moved.changes !== 1) return false;
      insert.run(id, version + 1, text, at);
      return true;
    },
  );
}
