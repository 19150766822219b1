import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/index.js';
import { game, human, play } from './store-contract.js';

/**
 * The contract's cases for correspondence matches (schema v10): each action stores the
 * stretch's deadline with it, the sweep's list finds the ones due, and a player's list reads
 * them with their deadlines (registered by storeContract inside its describe, so memory, SQLite
 * with its fast append and PostgreSQL, migrated afresh, all keep it).
 */
export function correspondenceContract(current: () => Store): void {
  describe('correspondence deadlines', () => correspondenceCases(current));
}

const CORR = { kind: 'correspondence', daysPerMove: 3 } as const;
const people = [human('u1', 'Ana'), human('u2', 'Bo')] as const;

function correspondenceCases(current: () => Store): void {
  let store: Store;
  beforeEach(async () => {
    store = current();
    const playing = { status: 'playing', open: false, seats: people, clock: CORR, pool: 'corr-backgammon' } as const;
    await store.createGame(game('c1', 10, playing));
    await store.createGame(game('c2', 20, playing));
    await store.createGame(game('c3', 30, { ...playing, status: 'waiting', seats: [people[0], human(null, '')] }));
    // A live game of the same player: never listed, never due.
    await store.createGame(game('l1', 40, { status: 'playing', open: false, seats: people }));
  });

  it('stores a deadline with its action and finds the games due, the earliest first', async () => {
    expect(
      await store.appendAction('c1', 0, play(0, 'a'), 11, undefined, undefined, undefined, undefined, {
        at: 500,
        seat: 1,
      }),
    ).toEqual({ ok: true });
    expect(
      await store.appendAction('c2', 0, play(0, 'a'), 21, undefined, undefined, undefined, undefined, {
        at: 300,
        seat: 0,
      }),
    ).toEqual({ ok: true });
    await store.appendAction('l1', 0, play(0, 'a'), 41);
    expect(await store.dueCorrespondence(299, 10)).toEqual([]);
    expect(await store.dueCorrespondence(500, 10)).toEqual(['c2', 'c1']);
    expect(await store.dueCorrespondence(500, 1)).toEqual(['c2']);
    // An action with no clock running clears it; one without a deadline keeps it.
    await store.appendAction('c2', 1, play(1, 'b'), 22, undefined, undefined, undefined, undefined, null);
    await store.appendAction('c1', 1, play(1, 'b'), 12);
    expect(await store.dueCorrespondence(10_000, 10)).toEqual(['c1']);
  });

  it('lists a player’s unfinished correspondence matches with their deadlines, newest first', async () => {
    await store.appendAction('c1', 0, play(0, 'a'), 11, undefined, undefined, undefined, undefined, {
      at: 500,
      seat: 1,
    });
    const listed = await store.correspondenceOfUser('u1', 10);
    expect(listed.map((r) => [r.game.id, r.deadline])).toEqual([
      ['c3', null],
      ['c2', null],
      ['c1', { at: 500, seat: 1 }],
    ]);
    expect(listed[0]?.game.clock).toEqual(CORR);
    expect((await store.correspondenceOfUser('u2', 10)).map((r) => r.game.id)).toEqual(['c2', 'c1']);
    expect(await store.correspondenceOfUser('u1', 1)).toHaveLength(1);
    // Over: neither listed nor due.
    await store.appendAction('c1', 1, play(1, 'b'), 12, 'over', undefined, undefined, undefined, null);
    expect((await store.correspondenceOfUser('u2', 10)).map((r) => r.game.id)).toEqual(['c2']);
    expect(await store.dueCorrespondence(10_000, 10)).toEqual([]);
  });

  it('replaces a stored deadline, fenced by the owner’s epoch when given', async () => {
    await store.appendAction('c1', 0, play(0, 'a'), 11, undefined, undefined, undefined, undefined, {
      at: 500,
      seat: 1,
    });
    expect(await store.setDeadline('c1', { at: 900, seat: 1 })).toEqual({ ok: true });
    expect(await store.dueCorrespondence(899, 10)).toEqual([]);
    expect(await store.dueCorrespondence(900, 10)).toEqual(['c1']);
    const claimed = await store.claimGame('c1', 'a', { owner: null, epoch: 0 });
    const epoch = claimed.ok ? claimed.value : -1;
    expect(await store.setDeadline('c1', null, epoch + 1)).toEqual({ ok: false, code: 'ERR_NOT_OWNER' });
    expect(await store.dueCorrespondence(900, 10)).toEqual(['c1']);
    expect(await store.setDeadline('c1', null, epoch)).toEqual({ ok: true });
    expect(await store.dueCorrespondence(10_000, 10)).toEqual([]);
  });

  it('keeps the deadline of an append fenced by its owner’s epoch', async () => {
    const claimed = await store.claimGame('c1', 'a', { owner: null, epoch: 0 });
    const epoch = claimed.ok ? claimed.value : -1;
    const d = { at: 700, seat: 0 } as const;
    expect(await store.appendAction('c1', 0, play(0, 'a'), 11, undefined, undefined, undefined, epoch, d)).toEqual({
      ok: true,
    });
    expect(await store.dueCorrespondence(700, 10)).toEqual(['c1']);
    expect(
      await store.appendAction('c1', 1, play(1, 'b'), 12, undefined, undefined, undefined, epoch + 1, null),
    ).toEqual({ ok: false, code: 'ERR_NOT_OWNER' });
    expect(await store.dueCorrespondence(700, 10)).toEqual(['c1']);
  });
}
