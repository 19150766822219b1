import type { GameAction } from '@zar/match';
import type { Kysely, SelectQueryBuilder, Transaction, Updateable } from 'kysely';
import { fairColumn, gameColumns, outcomeColumns, seatColumns, toGame } from '../game-rows.js';
import type { Deadline, GamesStore, RateRequest, StoredAction } from '../games-store.js';
import { rowLimit } from '../lists.js';
import type { GameStatusRow, MatchOutcome, RatingChangeRow } from '../rows.js';
import type { Database, GamesTable } from '../tables.js';
import { NOT_OWNER, ownerOf, sqlOwnership, WRITTEN } from './ownership-sql.js';

/** The clock column (ClockSettings as JSON) of a correspondence match. */
const CORRESPONDENCE_CLOCK = '%"kind":"correspondence"%';

const deadlineColumns = (d: Deadline | null) => ({ deadline_at: d?.at ?? null, deadline_seat: d?.seat ?? null });

const deadlineOf = (at: number | string | null, seat: number | null): Deadline | null =>
  at === null || (seat !== 0 && seat !== 1) ? null : { at: Number(at), seat };

/** What an appended action changes in its game's row: the version, and what the action moved. */
export function appendedColumns(
  version: number,
  at: number,
  status: GameStatusRow | undefined,
  outcome: MatchOutcome | undefined,
  deadline: Deadline | null | undefined,
): Updateable<GamesTable> {
  const set: Updateable<GamesTable> = { version: version + 1, updated_at: at };
  if (status !== undefined) set.status = status;
  if (deadline !== undefined) Object.assign(set, deadlineColumns(deadline));
  if (outcome !== undefined) Object.assign(set, outcomeColumns(outcome));
  return set;
}

/** What else the action that ends a match writes, in other domains' tables, inside its transaction. */
export interface SqlGamesLinks {
  /** Counts the match's dice into the totals, exactly once (the dice's countMatchDice). */
  readonly countMatch: (trx: Transaction<Database>, gameId: string) => Promise<void>;
  /**
   * Rates the match from both players' ratings as stored then (the people's rateInTransaction);
   * null: not rated, the two being at their limit (RateRequest.perPair).
   */
  readonly rate: (
    trx: Transaction<Database>,
    gameId: string,
    request: RateRequest,
    at: number,
  ) => Promise<{ readonly changes: readonly RatingChangeRow[] } | null>;
}

/**
 * The games over SQL: their rows, their actions, the lists read from them, the heartbeat and
 * the pauses. Orders are total (ties broken by a key), so every store lists the same rows in
 * the same order.
 */
export function sqlGames(db: Kysely<Database>, { countMatch, rate: rateMatch }: SqlGamesLinks): GamesStore {
  return {
    async createGame(game) {
      await db.insertInto('games').values(gameColumns(game)).execute();
    },

    async gameById(id) {
      const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toGame(row) : null;
    },

    async gamesByIds(ids) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('games').selectAll().where('id', 'in', ids).execute();
      return rows.map(toGame);
    },

    async gameByInvite(token) {
      const row = await db.selectFrom('games').selectAll().where('invite_token', '=', token).executeTakeFirst();
      return row ? toGame(row) : null;
    },

    async updateGame(id, change, at, epoch) {
      const set: Updateable<GamesTable> = { updated_at: at };
      if (change.seats !== undefined) Object.assign(set, seatColumns(change.seats));
      if (change.status !== undefined) set.status = change.status;
      if (change.open !== undefined) set.open = change.open ? 1 : 0;
      if (change.inviteToken !== undefined) set.invite_token = change.inviteToken;
      if (change.fair !== undefined) set.fair = fairColumn(change.fair);
      if (change.noSpectators !== undefined) set.no_spectators = JSON.stringify(change.noSpectators);
      if (change.rated !== undefined) set.rated = change.rated ? 1 : 0;
      if (change.unrated !== undefined) set.unrated = change.unrated;
      let update = db.updateTable('games').set(set).where('id', '=', id);
      if (epoch !== undefined) update = update.where('owner_epoch', '=', epoch);
      const r = await update.executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) return WRITTEN;
      if (epoch !== undefined && (await ownerOf(db, id)) !== null) return NOT_OWNER;
      throw new Error(`updateGame: no game ${id}`);
    },

    async appendAction(id, version, action, at, status, outcome, rate, epoch, deadline) {
      // Serialised before the transaction: an action that cannot be stored never starts one.
      const text = JSON.stringify(action);
      const set = appendedColumns(version, at, status, outcome, deadline);
      return db.transaction().execute(async (trx) => {
        // Compare-and-set: only the writer that saw `version` moves it. In PostgreSQL a second
        // writer waits on the row lock, then re-checks the WHERE against the committed row.
        // Given an epoch, the owner's too: one that was taken over is refused even before the new owner writes.
        let move = trx.updateTable('games').set(set).where('id', '=', id).where('version', '=', version);
        if (epoch !== undefined) move = move.where('owner_epoch', '=', epoch);
        const moved = await move.executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) {
          const now = epoch === undefined ? null : await ownerOf(trx, id);
          if (now !== null && now.epoch !== epoch) return NOT_OWNER;
          return { ok: false, code: 'ERR_VERSION_CONFLICT' } as const;
        }
        await trx
          .insertInto('actions')
          .values({ game_id: id, seq: version + 1, action: text, at })
          .execute();
        // The match's dice join the totals with the action that ends it, exactly once (the marker's key).
        if (status === 'over') await countMatch(trx, id);
        if (rate === undefined) return { ok: true } as const;
        const rated = await rateMatch(trx, id, rate, at);
        if (rated !== null) return { ok: true, rated: rated.changes } as const;
        // Not rated after all: the row says so, as a match found at its start over the limit does.
        await trx.updateTable('games').set({ rated: 0, unrated: 'pair-limit' }).where('id', '=', id).execute();
        return { ok: true, unrated: 'pair-limit' } as const;
      });
    },

    async actions(id) {
      const rows = await db
        .selectFrom('actions')
        .select(['action', 'at'])
        .where('game_id', '=', id)
        .orderBy('seq')
        .execute();
      return rows.map((r) => ({ action: JSON.parse(r.action) as GameAction, at: Number(r.at) }));
    },

    async actionsOfGames(ids) {
      const byGame = new Map<string, StoredAction[]>();
      if (ids.length === 0) return byGame;
      const rows = await db
        .selectFrom('actions')
        .select(['game_id', 'action', 'at'])
        .where('game_id', 'in', ids)
        .orderBy('game_id')
        .orderBy('seq')
        .execute();
      for (const r of rows) {
        const one = { action: JSON.parse(r.action) as GameAction, at: Number(r.at) };
        const list = byGame.get(r.game_id);
        if (list === undefined) byGame.set(r.game_id, [one]);
        else list.push(one);
      }
      return byGame;
    },

    async openGames(limit) {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('status', '=', 'waiting')
        .where('open', '=', 1)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async liveGames() {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('status', 'in', ['waiting', 'playing'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toGame);
    },

    async idleBotGames(idleSince, limit) {
      // While a game is playing, a seat without a user is a bot's (an open seat is only waiting).
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('status', '=', 'playing')
        .where('updated_at', '<=', idleSince)
        .where((eb) => eb.or([eb('seat0_user', 'is', null), eb('seat1_user', 'is', null)]))
        .orderBy('updated_at')
        .orderBy('id')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async gamesOfUser(userId, limit) {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where((eb) => eb.or([eb('seat0_user', '=', userId), eb('seat1_user', '=', userId)]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async correspondenceOfUser(userId, limit) {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where((eb) => eb.or([eb('seat0_user', '=', userId), eb('seat1_user', '=', userId)]))
        .where('status', 'in', ['waiting', 'playing'])
        .where('clock', 'like', CORRESPONDENCE_CLOCK)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map((row) => ({ game: toGame(row), deadline: deadlineOf(row.deadline_at, row.deadline_seat) }));
    },

    async dueCorrespondence(at, limit) {
      const rows = await db
        .selectFrom('games')
        .select('id')
        .where('deadline_at', '<=', at)
        .where('status', '=', 'playing')
        .orderBy('deadline_at')
        .orderBy('id')
        .limit(rowLimit(limit))
        .execute();
      return rows.map((r) => r.id);
    },

    async setDeadline(id, deadline, epoch) {
      let update = db.updateTable('games').set(deadlineColumns(deadline)).where('id', '=', id);
      if (epoch !== undefined) update = update.where('owner_epoch', '=', epoch);
      const r = await update.executeTakeFirst();
      return Number(r.numUpdatedRows) === 1 || epoch === undefined ? WRITTEN : NOT_OWNER;
    },

    async rematchOf(gameId) {
      const row = await db
        .selectFrom('games')
        .select('id')
        .where('rematch_of', '=', gameId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async countGames(activeSince) {
      const count = async (status: GameStatusRow, more: (q: GamesCount) => GamesCount): Promise<number> => {
        const q = db
          .selectFrom('games')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', status);
        return Number((await more(q).executeTakeFirstOrThrow()).n);
      };
      return {
        playing: await count('playing', (q) => q.where('updated_at', '>=', activeSince)),
        waiting: await count('waiting', (q) => q.where('open', '=', 1)),
      };
    },

    async playingGames(activeSince, limit) {
      // While a game is playing both its seats are taken (a person's or a bot's); only waiting has an open seat.
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('status', '=', 'playing')
        .where('updated_at', '>=', activeSince)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async heartbeat() {
      const row = await db.selectFrom('heartbeat').select('at').where('id', '=', 1).executeTakeFirst();
      return row === undefined ? null : Number(row.at);
    },

    async setHeartbeat(at) {
      await db
        .insertInto('heartbeat')
        .values({ id: 1, at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ at }))
        .execute();
    },

    async addPause(pause) {
      await db
        .insertInto('pauses')
        .values({ from_at: pause.from, to_at: pause.to })
        .onConflict((oc) => oc.columns(['from_at', 'to_at']).doNothing())
        .execute();
    },

    async pausesSince(since, gameId) {
      const global = db.selectFrom('pauses').select(['from_at', 'to_at']).where('to_at', '>', since);
      // UNION keeps a span that is in both lists once.
      const all =
        gameId === undefined
          ? global
          : global.union(
              db
                .selectFrom('game_pauses')
                .select(['from_at', 'to_at'])
                .where('game_id', '=', gameId)
                .where('to_at', '>', since),
            );
      const rows = await all.orderBy('from_at').orderBy('to_at').execute();
      return rows.map((r) => ({ from: Number(r.from_at), to: Number(r.to_at) }));
    },

    ...sqlOwnership(db),
  };
}

/** A count of games, before its last conditions. */
type GamesCount = SelectQueryBuilder<Database, 'games', { n: number | string }>;
