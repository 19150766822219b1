import { DAY_MS } from '@zar/match';
import { afterEach, describe, expect, it } from 'vitest';
import { newGameId } from '../src/common/ids.js';
import { correspondenceDayFrom } from '../src/game/deadline-sweep.js';
import { humanSeat } from '../src/game/seats.js';
import type { GameRow } from '../src/store/types.js';
import { gameRowFor } from './support/game-row.js';
import { type Running, startServer } from './support/harness.js';

/*
 * Correspondence matches without a room: an idle one is dropped from memory though its clock
 * runs, a start leaves them in the store, and the deadline sweep loads the one whose time is
 * up, whose room then ends it on time. The server's clock is injected (`now`), and the day is
 * a minute, so that no real timer falls within a test.
 */

const DAY = 60_000;
const IDLE = 1_000;
const T0 = 1_800_000_000_000;
const servers: Running[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(now: () => number): Promise<Running> {
  const app = { idleMs: IDLE, correspondenceDayMs: DAY, deadlineSweepMs: 3_600_000 };
  const s = await startServer({ now, app });
  servers.push(s);
  return s;
}

/** A correspondence match between two people being played, created at `at`. */
function corrRow(at: number, n = 0): GameRow {
  const id = newGameId();
  return gameRowFor({
    id,
    seats: [humanSeat(`u${n}a`, `A${n}`), humanSeat(`u${n}b`, `B${n}`)],
    clock: { kind: 'correspondence', daysPerMove: 1 },
    pool: 'corr-backgammon',
    createdAt: at,
    updatedAt: at,
  });
}

/** Waits until `check` holds, asking again every few ms. */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('correspondence matches without a room', () => {
  it('an evicted match whose time is up is found by the sweep and lost on time, not abandoned', async () => {
    let now = T0;
    const s = await server(() => now);
    const { rooms } = s.app.zar;
    const row = corrRow(T0);
    await rooms.create(row);
    await until(async () => (await s.store.actions(row.id)).length > 0, 'the opening roll');
    const [due] = await s.store.correspondenceOfUser('u0a', 10);
    expect(due?.deadline?.at).toBe(T0 + DAY);
    const actor = due?.deadline?.seat as 0 | 1;
    // Nobody watches: dropped once idle, though its clock runs.
    await until(() => rooms.evictIdle(T0 + IDLE) === 1, 'the eviction');
    expect(rooms.size).toBe(0);
    expect(await rooms.sweepDeadlines()).toBe(0);
    now = T0 + DAY;
    expect(await rooms.sweepDeadlines()).toBe(1);
    await until(async () => (await s.store.gameById(row.id))?.status === 'over', 'the timeout');
    const over = await s.store.gameById(row.id);
    expect(over).toMatchObject({ winner: actor === 0 ? 1 : 0, abandonedBy: null });
    expect((await s.store.actions(row.id)).at(-1)?.action).toEqual({ type: 'timeout', player: actor });
    // Over: no deadline, nothing left to sweep, nothing listed.
    expect(await s.store.dueCorrespondence(T0 + 100 * DAY, 10)).toEqual([]);
    expect(await s.store.correspondenceOfUser('u0a', 10)).toEqual([]);
  });

  it('a deadline the downtime moved back costs one load: the room finds no flag fallen and stores the true one', async () => {
    let now = T0;
    const s = await server(() => now);
    const { rooms } = s.app.zar;
    const row = corrRow(T0);
    await rooms.create(row);
    await until(async () => (await s.store.actions(row.id)).length > 0, 'the opening roll');
    await until(() => rooms.evictIdle(T0 + IDLE) === 1, 'the eviction');
    // The server was down for half a day after the stretch began: its clock skips that.
    await s.store.addPause({ from: T0 + 10, to: T0 + DAY / 2 });
    now = T0 + DAY + 1;
    expect(await rooms.sweepDeadlines()).toBe(1);
    expect(rooms.size).toBe(1);
    expect((await s.store.gameById(row.id))?.status).toBe('playing');
    const [kept] = await s.store.correspondenceOfUser('u0a', 10);
    expect(kept?.deadline?.at).toBe(T0 + DAY + DAY / 2 - 10);
    expect(await s.store.dueCorrespondence(now, 10)).toEqual([]);
  });

  it('holds 2,000 idle correspondence matches with no room each, and a restart loads none of them', async () => {
    let now = T0;
    const s = await server(() => now);
    const { rooms } = s.app.zar;
    const rows = Array.from({ length: 2000 }, (_, i) => corrRow(T0, i));
    for (const row of rows) await rooms.create(row);
    await until(async () => (await s.store.dueCorrespondence(T0 + DAY, 5000)).length === 2000, 'every opening roll');
    now = T0 + IDLE;
    await until(() => rooms.evictIdle(now) >= 0 && rooms.size === 0, 'every room dropped');
    // A restart's recovery leaves them in the store: each is loaded when asked for, or when due.
    expect(await rooms.recover()).toBe(0);
    expect(rooms.size).toBeLessThan(10);
    const first = rows[0] as GameRow;
    expect((await rooms.get(first.id))?.status).toBe('playing');
  }, 60_000);
});

describe('ZAR_CORRESPONDENCE_DAY_MS', () => {
  it('is a day when unset, a whole number of ms from 100 to a day for tests, and refused otherwise', () => {
    expect(correspondenceDayFrom({})).toEqual({ ok: true, value: DAY_MS });
    expect(correspondenceDayFrom({ ZAR_CORRESPONDENCE_DAY_MS: '2000' })).toEqual({ ok: true, value: 2000 });
    for (const bad of ['0', '99', '1.5', 'day', String(DAY_MS + 1)]) {
      const r = correspondenceDayFrom({ ZAR_CORRESPONDENCE_DAY_MS: bad });
      expect(r).toMatchObject({ ok: false, error: { code: 'ERR_CORRESPONDENCE_DAY' } });
    }
  });
});
