import { err, ok } from '@zar/engine';
import type { Pause } from '@zar/match';
import type { GameOwner, GameOwnership, OwnedGame } from '../games-store.js';
import { compareText, rowLimit } from '../lists.js';
import type { MemoryTables } from '../memory-tables.js';

/** The memory store's ownership, with what its games' writes ask of it. */
export interface MemoryOwnership {
  readonly store: GameOwnership;
  /** The game's epoch now: no owner and 0 until a first claim (as schema v9's defaults); undefined for an unknown game. */
  epochOf(id: string): number | undefined;
  /** The game's own pauses (addGamePause), in no order. */
  pausesOf(id: string): Pause[];
}

/**
 * The ownership of games in memory, behaving as the SQL store's: every move is a
 * compare-and-set on (owner, epoch) that adds one to the epoch, and the same pause of a game
 * twice is kept once.
 */
export function memoryOwnership(tables: MemoryTables): MemoryOwnership {
  const owners = new Map<string, GameOwner>();
  const beats = new Map<string, number>();
  const pauses = new Map<string, string[]>();
  const ownerOf = (id: string): GameOwner | null =>
    tables.games.has(id) ? (owners.get(id) ?? { owner: null, epoch: 0 }) : null;

  async function addGamePause(gameId: string, pause: Pause): Promise<void> {
    // The foreign key of the SQL store's game_pauses.
    if (!tables.games.has(gameId)) throw new Error(`addGamePause: no game ${gameId}`);
    const text = JSON.stringify({ from: pause.from, to: pause.to } satisfies Pause);
    const kept = pauses.get(gameId);
    if (kept === undefined) pauses.set(gameId, [text]);
    else if (!kept.includes(text)) kept.push(text);
  }

  /** Moves the game from `from` to `to` with the next epoch; false when it is not at `from`. */
  const move = (id: string, from: GameOwner, to: string | null): boolean => {
    const now = ownerOf(id);
    if (now === null || now.owner !== from.owner || now.epoch !== from.epoch) return false;
    owners.set(id, { owner: to, epoch: from.epoch + 1 });
    return true;
  };

  const store: GameOwnership = {
    async claimGame(id, instance, from) {
      if (move(id, from, instance)) return ok(from.epoch + 1);
      return err('ERR_OWNER_CHANGED', `game ${id} is no longer owned by ${from.owner ?? 'no one'} at ${from.epoch}`);
    },
    async releaseGame(id, instance, epoch) {
      if (move(id, { owner: instance, epoch }, null)) return ok(epoch + 1);
      return err('ERR_NOT_OWNER', `game ${id} is not owned by ${instance} at ${epoch}`);
    },
    async ownerOf(id) {
      return ownerOf(id);
    },
    async gamesOwnedBy(instance, after, limit) {
      const owned: { id: string; epoch: number }[] = [];
      for (const [id, o] of owners) {
        if (o.owner !== instance || (after !== null && compareText(id, after) <= 0)) continue;
        if (tables.game(id)?.status !== 'over') owned.push({ id, epoch: o.epoch });
      }
      return owned.sort((a, b) => compareText(a.id, b.id)).slice(0, rowLimit(limit));
    },
    async beat(instance, at) {
      beats.set(instance, at);
    },
    async lastBeat(instance) {
      return beats.get(instance) ?? null;
    },
    addGamePause,
    async takeGames(ids, instance, from, pause) {
      const taken: OwnedGame[] = [];
      for (const id of new Set(ids)) {
        const now = ownerOf(id);
        if (now === null || now.owner !== from || !move(id, now, instance)) continue;
        taken.push({ id, epoch: now.epoch + 1 });
        if (pause !== null) await addGamePause(id, pause);
      }
      return taken;
    },
  };

  return {
    store,
    epochOf: (id) => ownerOf(id)?.epoch,
    pausesOf: (id) => (pauses.get(id) ?? []).map((p) => JSON.parse(p) as Pause),
  };
}
