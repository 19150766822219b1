import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/index.js';
import { game, play, stored } from './store-contract.js';

/**
 * The contract's cases for the ownership of games by instances (schema v9): claims as
 * compare-and-set, the epoch fence on appendAction and updateGame, the instances' heartbeats
 * and the games' own pauses (registered by storeContract inside its describe, with its fresh
 * store per test, so memory, SQLite with its fast append and PostgreSQL all keep it).
 */
export function ownersContract(current: () => Store): void {
  describe('ownership of games', () => ownersCases(current));
}

const NOT_OWNER = { ok: false, code: 'ERR_NOT_OWNER' };
const CONFLICT = { ok: false, code: 'ERR_VERSION_CONFLICT' };
const FREE = { owner: null, epoch: 0 } as const;

function ownersCases(current: () => Store): void {
  let store: Store;
  beforeEach(async () => {
    store = current();
    await store.createGame(game('g1', 10));
  });

  it('starts a game with no owner at epoch 0, and knows no owner of an unknown game', async () => {
    expect(await store.ownerOf('g1')).toEqual(FREE);
    expect(await store.ownerOf('nope')).toBeNull();
    expect(await store.claimGame('nope', 'a', FREE)).toMatchObject({ ok: false, error: { code: 'ERR_OWNER_CHANGED' } });
  });

  it('lets one of two claims from the same epoch win, and refuses the other with a stable code', async () => {
    const claims = await Promise.all([store.claimGame('g1', 'a', FREE), store.claimGame('g1', 'b', FREE)]);
    const won = claims.filter((c) => c.ok);
    expect(won).toEqual([{ ok: true, value: 1 }]);
    expect(claims.find((c) => !c.ok)).toMatchObject({ ok: false, error: { code: 'ERR_OWNER_CHANGED' } });
    const winner = claims[0]?.ok ? 'a' : 'b';
    expect(await store.ownerOf('g1')).toEqual({ owner: winner, epoch: 1 });
    // A claim from what the row no longer is (an owner or epoch of the past) changes nothing.
    expect((await store.claimGame('g1', 'c', FREE)).ok).toBe(false);
    expect((await store.claimGame('g1', 'c', { owner: winner, epoch: 0 })).ok).toBe(false);
    expect(await store.ownerOf('g1')).toEqual({ owner: winner, epoch: 1 });
  });

  it('refuses an old owner’s append and update after a takeover, even when the version has not moved', async () => {
    expect(await store.claimGame('g1', 'a', FREE)).toEqual({ ok: true, value: 1 });
    expect(await store.appendAction('g1', 0, play(0, 'a'), 11, 'playing', undefined, undefined, 1)).toEqual({
      ok: true,
    });
    // b takes the game over from a (a stalled): the version stays at 1.
    expect(await store.claimGame('g1', 'b', { owner: 'a', epoch: 1 })).toEqual({ ok: true, value: 2 });
    expect(await store.appendAction('g1', 1, play(1, 'b'), 12, undefined, undefined, undefined, 1)).toEqual(NOT_OWNER);
    expect(await store.updateGame('g1', { open: false, status: 'over' }, 12, 1)).toEqual(NOT_OWNER);
    // An old epoch is refused as not the owner's whatever the version.
    expect(await store.appendAction('g1', 0, play(1, 'b'), 12, undefined, undefined, undefined, 1)).toEqual(NOT_OWNER);
    expect(await store.gameById('g1')).toMatchObject({ version: 1, status: 'playing', open: true, updatedAt: 11 });
    expect(await store.actions('g1')).toEqual([stored(play(0, 'a'), 11)]);
    // The new owner writes; at its own epoch a stale version is still a version conflict.
    expect(await store.appendAction('g1', 1, play(1, 'c'), 13, undefined, undefined, undefined, 2)).toEqual({
      ok: true,
    });
    expect(await store.appendAction('g1', 1, play(1, 'd'), 14, undefined, undefined, undefined, 2)).toEqual(CONFLICT);
    expect(await store.updateGame('g1', { open: false }, 15, 2)).toEqual({ ok: true });
    expect(await store.gameById('g1')).toMatchObject({ version: 2, open: false, updatedAt: 15 });
    expect(await store.actions('g1')).toEqual([stored(play(0, 'a'), 11), stored(play(1, 'c'), 13)]);
  });

  it('settles an old and a new owner appending at once at the same version: only the new one stores', async () => {
    await store.claimGame('g1', 'a', FREE);
    await store.claimGame('g1', 'b', { owner: 'a', epoch: 1 });
    const [old, now] = await Promise.all([
      store.appendAction('g1', 0, play(0, 'old'), 11, undefined, undefined, undefined, 1),
      store.appendAction('g1', 0, play(0, 'new'), 12, undefined, undefined, undefined, 2),
    ]);
    expect(old).toEqual(NOT_OWNER);
    expect(now).toEqual({ ok: true });
    expect(await store.actions('g1')).toEqual([stored(play(0, 'new'), 12)]);
  });

  it('writes without an epoch as before ownership: unfenced, whoever owns the game', async () => {
    await store.claimGame('g1', 'a', FREE);
    expect(await store.appendAction('g1', 0, play(0, 'a'), 11)).toEqual({ ok: true });
    expect(await store.appendAction('g1', 0, play(0, 'b'), 12)).toEqual(CONFLICT);
    expect(await store.updateGame('g1', { open: false }, 13)).toEqual({ ok: true });
    await expect(store.updateGame('nope', { open: false }, 13)).rejects.toThrow();
    await expect(store.updateGame('nope', { open: false }, 13, 0)).rejects.toThrow();
    expect(await store.ownerOf('g1')).toEqual({ owner: 'a', epoch: 1 });
  });

  it('releases a game only by its owner at its epoch, which fences the owner’s own late writes', async () => {
    await store.claimGame('g1', 'a', FREE);
    expect(await store.releaseGame('g1', 'b', 1)).toMatchObject({ ok: false, error: { code: 'ERR_NOT_OWNER' } });
    expect(await store.releaseGame('g1', 'a', 1)).toEqual({ ok: true, value: 2 });
    expect(await store.releaseGame('g1', 'a', 1)).toMatchObject({ ok: false, error: { code: 'ERR_NOT_OWNER' } });
    expect(await store.ownerOf('g1')).toEqual({ owner: null, epoch: 2 });
    expect(await store.appendAction('g1', 0, play(0, 'a'), 11, undefined, undefined, undefined, 1)).toEqual(NOT_OWNER);
    // Handed over: the next owner claims the free game from the epoch the release left.
    expect(await store.claimGame('g1', 'b', { owner: null, epoch: 2 })).toEqual({ ok: true, value: 3 });
  });

  it('lists the games an instance owns that are not over, by id, a page at a time', async () => {
    for (const id of ['g5', 'g2', 'g4', 'g3', 'g6']) await store.createGame(game(id, 10));
    for (const id of ['g1', 'g2', 'g3', 'g4', 'g5']) await store.claimGame(id, 'a', FREE);
    await store.claimGame('g6', 'b', FREE);
    await store.claimGame('g4', 'a', { owner: 'a', epoch: 1 });
    await store.updateGame('g3', { status: 'over' }, 20);
    expect(await store.gamesOwnedBy('a', null, 2)).toEqual([
      { id: 'g1', epoch: 1 },
      { id: 'g2', epoch: 1 },
    ]);
    expect(await store.gamesOwnedBy('a', 'g2', 2)).toEqual([
      { id: 'g4', epoch: 2 },
      { id: 'g5', epoch: 1 },
    ]);
    expect(await store.gamesOwnedBy('a', 'g5', 2)).toEqual([]);
    expect(await store.gamesOwnedBy('b', null, 10)).toEqual([{ id: 'g6', epoch: 1 }]);
    expect(await store.gamesOwnedBy('c', null, 10)).toEqual([]);
  });

  it('keeps each instance’s heartbeat apart from the others’ and from the server’s', async () => {
    expect(await store.lastBeat('a')).toBeNull();
    await store.beat('a', 100);
    await store.beat('b', 200);
    await store.beat('a', 150);
    expect(await store.lastBeat('a')).toBe(150);
    expect(await store.lastBeat('b')).toBe(200);
    expect(await store.heartbeat()).toBeNull();
  });

  it('gives a game’s clocks its own pauses beside the server’s, each span once', async () => {
    await store.createGame(game('g2', 10));
    await store.addPause({ from: 10, to: 20 });
    await store.addGamePause('g1', { from: 30, to: 40 });
    await store.addGamePause('g1', { from: 30, to: 40 });
    await store.addGamePause('g1', { from: 10, to: 20 });
    await store.addGamePause('g1', { from: 5, to: 8 });
    await store.addGamePause('g2', { from: 50, to: 60 });
    expect(await store.pausesSince(0)).toEqual([{ from: 10, to: 20 }]);
    expect(await store.pausesSince(0, 'g1')).toEqual([
      { from: 5, to: 8 },
      { from: 10, to: 20 },
      { from: 30, to: 40 },
    ]);
    expect(await store.pausesSince(20, 'g1')).toEqual([{ from: 30, to: 40 }]);
    expect(await store.pausesSince(0, 'g2')).toEqual([
      { from: 10, to: 20 },
      { from: 50, to: 60 },
    ]);
    expect(await store.pausesSince(0, 'nope')).toEqual([{ from: 10, to: 20 }]);
    await expect(store.addGamePause('nope', { from: 1, to: 2 })).rejects.toThrow();
  });

  it('takes a page of a dead owner’s games at once: only those it still owns, each with its pause', async () => {
    for (const id of ['g2', 'g3', 'g4']) await store.createGame(game(id, 10));
    for (const id of ['g1', 'g2', 'g3']) await store.claimGame(id, 'dead', FREE);
    await store.claimGame('g2', 'dead', { owner: 'dead', epoch: 1 });
    // Another survivor came first for g3; g4 was never the dead one's.
    await store.claimGame('g3', 'other', { owner: 'dead', epoch: 1 });
    await store.claimGame('g4', 'live', FREE);
    const pause = { from: 30, to: 40 };
    const taken = await store.takeGames(['g1', 'g2', 'g3', 'g4', 'nope'], 'me', 'dead', pause);
    expect([...taken].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'g1', epoch: 2 },
      { id: 'g2', epoch: 3 },
    ]);
    expect(await store.ownerOf('g1')).toEqual({ owner: 'me', epoch: 2 });
    expect(await store.ownerOf('g3')).toEqual({ owner: 'other', epoch: 2 });
    expect(await store.ownerOf('g4')).toEqual({ owner: 'live', epoch: 1 });
    expect(await store.pausesSince(0, 'g1')).toEqual([pause]);
    expect(await store.pausesSince(0, 'g3')).toEqual([]);
    // The old owner's epoch is fenced, as after one claim.
    expect(await store.appendAction('g1', 0, play(0, 'a'), 50, undefined, undefined, undefined, 1)).toEqual(NOT_OWNER);
    // Taken again, nothing moves; with no pause, none is written.
    expect(await store.takeGames(['g1', 'g2'], 'me', 'dead', null)).toEqual([]);
    expect(await store.takeGames([], 'me', 'dead', null)).toEqual([]);
    expect(await store.takeGames(['g4'], 'me', 'live', null)).toEqual([{ id: 'g4', epoch: 2 }]);
    expect(await store.pausesSince(0, 'g4')).toEqual([]);
  });

  it('reads a page of games and their actions at once, as one by one', async () => {
    for (const id of ['g2', 'g3']) await store.createGame(game(id, 10));
    expect(await store.appendAction('g1', 0, play(0, 'a'), 11)).toEqual({ ok: true });
    expect(await store.appendAction('g1', 1, play(1, 'b'), 12)).toEqual({ ok: true });
    expect(await store.appendAction('g3', 0, play(0, 'c'), 13)).toEqual({ ok: true });
    const rows = await store.gamesByIds(['g3', 'g1', 'nope', 'g2']);
    expect(rows.map((r) => r.id).sort()).toEqual(['g1', 'g2', 'g3']);
    for (const row of rows) expect(row).toEqual(await store.gameById(row.id));
    expect(await store.gamesByIds([])).toEqual([]);
    const actions = await store.actionsOfGames(['g1', 'g2', 'g3', 'nope']);
    expect([...actions.keys()].sort()).toEqual(['g1', 'g3']);
    expect(actions.get('g1')).toEqual(await store.actions('g1'));
    expect(actions.get('g3')).toEqual([stored(play(0, 'c'), 13)]);
    expect((await store.actionsOfGames([])).size).toBe(0);
  });
}
