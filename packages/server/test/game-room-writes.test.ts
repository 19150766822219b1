import { type GameAction, matchReducer, newMatch } from '@zar/match';
import { describe, expect, it } from 'vitest';
import type { BotRunner } from '../src/bots/index.js';
import { diceOfRow } from '../src/dice/dice.js';
import { GameProxy } from '../src/game/proxy.js';
import { RoomWrites } from '../src/game/room-writes.js';
import { humanSeat } from '../src/game/seats.js';
import { memoryStore } from '../src/store/memory.js';
import type { GameRow, Store } from '../src/store/types.js';
import { gameRowFor, ONE_POINT } from './support/game-row.js';

/*
 * A room's writes (room-writes.ts), on a store in memory and a proxy built by hand, with no room:
 * each kept by the proxy once stored, and beside other instances fenced by the ownership's
 * epoch, which the store refuses once another instance took the game over.
 */

const runner = { decide: async () => ({}), forget: () => undefined } as unknown as BotRunner;
const OPENING: GameAction = { type: 'opening', dice: [3, 1] };
const NOW = 5000;

/** A game stored (and owned by instance A, given `owned`), its proxy, and its writes; what they told. */
async function writesOf(owned: boolean, store: Store = memoryStore()) {
  const row: GameRow = gameRowFor({ seats: [humanSeat('ann', 'Ann'), humanSeat('bob', 'Bob')] });
  await store.createGame(row);
  const claimed = owned ? await store.claimGame(row.id, 'A', { owner: null, epoch: 0 }) : null;
  const epoch = claimed?.ok ? claimed.value : undefined;
  const logged: string[] = [];
  const log = {
    warn: (_: unknown, m?: string) => logged.push(`warn ${m}`),
    error: (_: unknown, m?: string) => logged.push(`error ${m}`),
  };
  const deps = { store, log, now: () => NOW };
  const game = new GameProxy(row, newMatch(ONE_POINT), [], diceOfRow(row, []), runner, deps, undefined);
  const told: string[] = [];
  const writes = new RoomWrites(game, epoch, deps, {
    moved: () => told.push('moved'),
    broke: () => told.push('broke'),
  });
  return { store, game, writes, told, logged };
}

/** The match after `action`; the opening roll by default. */
function opened(game: GameProxy, action = OPENING) {
  const r = matchReducer(game.match, action);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('a room’s writes', () => {
  it('alone, store an action unfenced at the proxy’s version, which the room applies', async () => {
    const { store, game, writes, told } = await writesOf(false);
    expect(writes.epoch).toBeUndefined();
    expect(await writes.append(OPENING, opened(game), undefined, 100, undefined)).toEqual({ ok: true });
    expect(game.version).toBe(0);
    expect(await store.actions(game.id)).toEqual([{ action: OPENING, at: 100 }]);
    // The next one is stored at the version the room applied.
    game.applied(OPENING, opened(game), undefined, 100, undefined, {});
    const play: GameAction = { type: 'play', player: 0, play: '8/5 6/5' };
    expect(await writes.append(play, opened(game, play), undefined, 200, undefined)).toEqual({ ok: true });
    expect((await store.actions(game.id)).map((a) => a.action)).toEqual([OPENING, play]);
    expect(told).toEqual([]);
  });

  it('store the row’s fields with the owner’s epoch, then the proxy keeps them; updatedAt moves only when touched', async () => {
    const { store, game, writes } = await writesOf(true);
    expect(writes.epoch).toBe(1);
    expect(await writes.update({ noSpectators: [true, false] })).toBe(NOW);
    expect(game.row).toMatchObject({ noSpectators: [true, false], updatedAt: 0 });
    await writes.update({ open: false }, true);
    expect(game.row).toMatchObject({ open: false, updatedAt: NOW });
    expect(await store.gameById(game.id)).toMatchObject({ noSpectators: [true, false], open: false });
  });

  it('once another instance took the game over, store nothing, answer that it moved, and tell the room once per write', async () => {
    const { store, game, writes, told, logged } = await writesOf(true);
    expect(await store.claimGame(game.id, 'B', { owner: 'A', epoch: 1 })).toEqual({ ok: true, value: 2 });
    const appended = await writes.append(OPENING, opened(game), undefined, 100, undefined);
    expect(appended).toMatchObject({ ok: false, error: { code: 'ERR_CLOSED' } });
    const before = game.row;
    await expect(writes.update({ noSpectators: [true, false] })).rejects.toThrow(/owned by another instance/);
    expect(told).toEqual(['moved', 'moved']);
    expect(logged).toEqual([
      'warn another instance owns this game now: stepping down',
      'warn another instance owns this game now: stepping down',
    ]);
    expect(game.version).toBe(0);
    expect(game.row).toBe(before);
    expect(await store.actions(game.id)).toEqual([]);
    expect((await store.gameById(game.id))?.noSpectators).toEqual(before.noSpectators);
  });

  it('a stored version that is not the proxy’s: the copy is broken, nothing kept, the room told', async () => {
    const { store, game, writes, told, logged } = await writesOf(true);
    // Stored behind this copy's back (same epoch): its version 0 is stale now.
    expect(await store.appendAction(game.id, 0, OPENING, 50, undefined, undefined, undefined, 1)).toEqual({ ok: true });
    const appended = await writes.append(OPENING, opened(game), undefined, 100, undefined);
    expect(appended).toMatchObject({ ok: false, error: { code: 'ERR_INTERNAL' } });
    expect(told).toEqual(['broke']);
    expect(logged).toEqual(['error stored version differs from the room: reload']);
    expect(game.version).toBe(0);
  });

  it('the store away: answered so, nothing kept, the room not told (the action may be tried again)', async () => {
    const away = Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    const store = memoryStore();
    const failing: Store = Object.assign(Object.create(store) as Store, {
      appendAction: () => Promise.reject(away),
    });
    const { game, writes, told, logged } = await writesOf(true, failing);
    const appended = await writes.append(OPENING, opened(game), undefined, 100, undefined);
    expect(appended).toMatchObject({ ok: false, error: { code: 'ERR_STORE_UNAVAILABLE' } });
    expect(told).toEqual([]);
    expect(logged).toEqual(['warn the store refused an action']);
    expect(game.version).toBe(0);
  });
});
