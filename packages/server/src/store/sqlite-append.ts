import type { GameAction } from '@zar/match';
import type SQLite from 'better-sqlite3';
import type { Deadline, GameStatusRow, MatchOutcome, RateRequest, Store } from './types.js';

type Append = Store['appendAction'];
type Appended = Awaited<ReturnType<Append>>;

/** An append waiting for the next group commit. */
interface Pending {
  readonly id: string;
  readonly version: number;
  readonly action: GameAction;
  readonly text: string;
  readonly at: number;
  readonly status: GameStatusRow | undefined;
  readonly outcome: MatchOutcome | undefined;
  readonly epoch: number | undefined;
  readonly resolve: (r: Appended) => void;
  readonly reject: (e: unknown) => void;
}

const MOVED: Appended = { ok: true };
const CONFLICT: Appended = { ok: false, code: 'ERR_VERSION_CONFLICT' };
const NOT_OWNER: Appended = { ok: false, code: 'ERR_NOT_OWNER' };

/** Taken when this module loads, so that a test's fake timers cannot hold the commits back. */
const later = setImmediate;

/**
 * appendAction straight on better-sqlite3 with statements prepared once: the same transaction,
 * compare-and-set and rows as the kysely path, without compiling and preparing two statements
 * per action (that was half the server's time per move under load).
 *
 * The appends of one turn of the event loop are committed together, in one transaction run
 * synchronously once the turn's I/O is handled (setImmediate): a commit (the WAL write and its
 * locks) cost more than the two statements it holds, and under load it was a fifth of the
 * server's time. Each append keeps its own savepoint inside it, so one that fails (or meets a
 * version conflict) leaves the others stored, and each caller is answered only once its action
 * is committed, as before.
 *
 * `fallback` takes over while some other transaction holds the connection (a migration, say):
 * better-sqlite3 would nest ours inside it as a savepoint, and its rollback would take ours.
 * It also takes the action that ends a match (status 'over': its dice are counted into the
 * totals) and so the one that ends a rated match (`rate`): once per match, not worth a second
 * copy of those statements; and a correspondence match's actions (a `deadline`), a few a day
 * each, written in the fallback's one transaction with their deadline.
 *
 * An append given its owner's epoch is fenced by it, as the kysely path's is: the same
 * statements with `and owner_epoch = ?`, and a refusal that says which of the two moved.
 */
export function sqliteAppend(sqlite: SQLite.Database, fallback: Append): Append {
  // Prepared at the first commit, not here: the tables may not exist before migrate().
  let statements: ReturnType<typeof prepare> | null = null;
  let waiting: Pending[] = [];

  const slow = (p: Pending): void => {
    fallback(p.id, p.version, p.action, p.at, p.status, p.outcome, undefined, p.epoch).then(p.resolve, p.reject);
  };

  const commit = (): void => {
    const group = waiting;
    waiting = [];
    // A transaction began on the connection since these were asked for: they wait for it as the kysely path does.
    if (sqlite.inTransaction) {
      for (const p of group) slow(p);
      return;
    }
    let answers: (Appended | { readonly thrown: unknown })[];
    try {
      statements ??= prepare(sqlite);
      answers = group.length === 1 ? [statements.one.immediate(group[0] as Pending)] : statements.all.immediate(group);
    } catch (e) {
      for (const p of group) p.reject(e);
      return;
    }
    for (let i = 0; i < group.length; i++) {
      const p = group[i] as Pending;
      const a = answers[i] as Appended | { readonly thrown: unknown };
      if ('thrown' in a) p.reject(a.thrown);
      else p.resolve(a);
    }
  };

  return (
    id: string,
    version: number,
    action: GameAction,
    at: number,
    status?: GameStatusRow,
    outcome?: MatchOutcome,
    rate?: RateRequest,
    epoch?: number,
    deadline?: Deadline | null,
  ) => {
    if (sqlite.inTransaction || rate !== undefined || status === 'over' || deadline !== undefined)
      return fallback(id, version, action, at, status, outcome, rate, epoch, deadline);
    let text: string;
    try {
      // Serialised before the transaction: an action that cannot be stored never joins one.
      text = JSON.stringify(action);
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise<Appended>((resolve, reject) => {
      if (waiting.length === 0) later(commit);
      waiting.push({ id, version, action, text, at, status, outcome, epoch, resolve, reject });
    });
  };
}

/**
 * The statements of an append: `one` compare-and-sets the game's version (given the owner's
 * epoch, the epoch too, with the same statements fenced), then inserts the action (a conflict
 * stores nothing); `all` runs `one` for each append of a group, each in its own savepoint, in
 * one transaction.
 */
function prepare(sqlite: SQLite.Database) {
  const move = sqlite.prepare<[number, number, string, number]>(MOVE);
  const moveWithStatus = sqlite.prepare<[number, number, string, string, number]>(MOVE_WITH_STATUS);
  const moveWithOutcome =
    sqlite.prepare<[number, number, string | null, string, number | null, number | null, string, number]>(
      MOVE_WITH_OUTCOME,
    );
  const insert = sqlite.prepare<[string, number, string, number]>(
    'insert into actions (game_id, seq, action, at) values (?, ?, ?, ?)',
  );
  const fenced = prepareFenced(sqlite);
  const one = sqlite.transaction((p: Pending): Appended => {
    const { id, version, at, status, outcome, epoch } = p;
    const moved =
      epoch !== undefined
        ? fenced.move(p, epoch)
        : outcome !== undefined
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
    if (moved.changes !== 1) return epoch !== undefined && fenced.moved(id, epoch) ? NOT_OWNER : CONFLICT;
    insert.run(id, version + 1, p.text, at);
    return MOVED;
  });
  const all = sqlite.transaction((group: readonly Pending[]) =>
    group.map((p): Appended | { readonly thrown: unknown } => {
      try {
        return one(p);
      } catch (e) {
        return { thrown: e };
      }
    }),
  );
  return { one, all };
}

const MOVE = 'update games set version = ?, updated_at = ? where id = ? and version = ?';
const MOVE_WITH_STATUS = 'update games set version = ?, updated_at = ?, status = ? where id = ? and version = ?';
// A game ended: the score, and the winner with it (the status and an abandonment too when the match ended).
const MOVE_WITH_OUTCOME =
  'update games set version = ?, updated_at = ?, status = coalesce(?, status), score = ?, winner = ?, abandoned_by = coalesce(?, abandoned_by) where id = ? and version = ?';
const FENCE = ' and owner_epoch = ?';

/**
 * The moves of an append fenced by its owner's epoch, and, for one that moved nothing, whether
 * that was the epoch (the game's ownership moved past it) rather than the version.
 */
function prepareFenced(sqlite: SQLite.Database) {
  const move = sqlite.prepare<[number, number, string, number, number]>(MOVE + FENCE);
  const moveWithStatus = sqlite.prepare<[number, number, string, string, number, number]>(MOVE_WITH_STATUS + FENCE);
  const moveWithOutcome = sqlite.prepare<
    [number, number, string | null, string, number | null, number | null, string, number, number]
  >(MOVE_WITH_OUTCOME + FENCE);
  const epochOf = sqlite.prepare<[string], number>('select owner_epoch from games where id = ?').pluck();
  return {
    move({ id, version, at, status, outcome }: Pending, epoch: number): SQLite.RunResult {
      if (outcome !== undefined) {
        const { score, winner, abandonedBy } = outcome;
        const scored = JSON.stringify(score);
        return moveWithOutcome.run(
          version + 1,
          at,
          status ?? null,
          scored,
          winner,
          abandonedBy ?? null,
          id,
          version,
          epoch,
        );
      }
      if (status === undefined) return move.run(version + 1, at, id, version, epoch);
      return moveWithStatus.run(version + 1, at, status, id, version, epoch);
    },
    moved(id: string, epoch: number): boolean {
      const now = epochOf.get(id);
      return now !== undefined && now !== epoch;
    },
  };
}
