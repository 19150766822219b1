import { err, ok } from '@zar/engine';
import type { Kysely } from 'kysely';
import type { GameOwner, GameOwnership } from '../games-store.js';
import { rowLimit } from '../lists.js';
import type { StoreRefusal } from '../rows.js';
import type { Database } from '../tables.js';

/** Answers shared by every call, so that a write allocates none. */
export const WRITTEN = { ok: true } as const;
export const NOT_OWNER: StoreRefusal<'ERR_NOT_OWNER'> = { ok: false, code: 'ERR_NOT_OWNER' };

/** The game's owner and epoch as stored now (in `db`, or inside a transaction); null for an unknown game. */
export async function ownerOf(db: Pick<Kysely<Database>, 'selectFrom'>, id: string): Promise<GameOwner | null> {
  const row = await db.selectFrom('games').select(['owner', 'owner_epoch']).where('id', '=', id).executeTakeFirst();
  return row === undefined ? null : { owner: row.owner, epoch: Number(row.owner_epoch) };
}

/**
 * The ownership of games over SQL: every move is one UPDATE whose WHERE is the (owner, epoch)
 * the mover read. In PostgreSQL a second mover waits on the row lock, then re-checks the WHERE
 * against the committed row (READ COMMITTED), so of two claims from the same epoch one wins.
 */
export function sqlOwnership(db: Kysely<Database>): GameOwnership {
  /** Moves the game from `from` to `to` with the next epoch; false when the row is not at `from`. */
  const move = async (id: string, from: GameOwner, to: string | null): Promise<boolean> => {
    const r = await db
      .updateTable('games')
      .set({ owner: to, owner_epoch: from.epoch + 1 })
      .where('id', '=', id)
      .where('owner_epoch', '=', from.epoch)
      .where('owner', from.owner === null ? 'is' : '=', from.owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  };

  return {
    async claimGame(id, instance, from) {
      if (await move(id, from, instance)) return ok(from.epoch + 1);
      return err('ERR_OWNER_CHANGED', `game ${id} is no longer owned by ${from.owner ?? 'no one'} at ${from.epoch}`);
    },

    async releaseGame(id, instance, epoch) {
      if (await move(id, { owner: instance, epoch }, null)) return ok(epoch + 1);
      return err('ERR_NOT_OWNER', `game ${id} is not owned by ${instance} at ${epoch}`);
    },

    ownerOf: (id) => ownerOf(db, id),

    async gamesOwnedBy(instance, after, limit) {
      let q = db
        .selectFrom('games')
        .select(['id', 'owner_epoch'])
        .where('owner', '=', instance)
        .where('status', '<>', 'over');
      if (after !== null) q = q.where('id', '>', after);
      const rows = await q.orderBy('id').limit(rowLimit(limit)).execute();
      return rows.map((r) => ({ id: r.id, epoch: Number(r.owner_epoch) }));
    },

    async beat(instance, at) {
      await db
        .insertInto('instance_beats')
        .values({ instance, at })
        .onConflict((oc) => oc.column('instance').doUpdateSet({ at }))
        .execute();
    },

    async lastBeat(instance) {
      const row = await db
        .selectFrom('instance_beats')
        .select('at')
        .where('instance', '=', instance)
        .executeTakeFirst();
      return row === undefined ? null : Number(row.at);
    },

    async addGamePause(gameId, pause) {
      await db
        .insertInto('game_pauses')
        .values({ game_id: gameId, from_at: pause.from, to_at: pause.to })
        .onConflict((oc) => oc.columns(['game_id', 'from_at', 'to_at']).doNothing())
        .execute();
    },

    async takeGames(ids, instance, from, pause) {
      if (ids.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('games')
          .set((eb) => ({ owner: instance, owner_epoch: eb('owner_epoch', '+', 1) }))
          .where('id', 'in', ids)
          .where('owner', '=', from)
          .returning(['id', 'owner_epoch'])
          .execute();
        if (pause !== null && rows.length > 0) {
          await trx
            .insertInto('game_pauses')
            .values(rows.map((r) => ({ game_id: r.id, from_at: pause.from, to_at: pause.to })))
            .onConflict((oc) => oc.columns(['game_id', 'from_at', 'to_at']).doNothing())
            .execute();
        }
        return rows.map((r) => ({ id: r.id, epoch: Number(r.owner_epoch) }));
      });
    },
  };
}
