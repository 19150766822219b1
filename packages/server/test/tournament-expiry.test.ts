import { describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import { dueAt, expired, REGISTRATION_EXPIRES_MS } from '../src/tournament/expiry.js';
import { OPEN_TOURNAMENTS_PER_CREATOR } from '../src/tournament/tournaments.js';
import { account, FAST_CLOCK, request, type Site, sitesClosedAfterEach, until } from './support/tournaments.js';

/*
 * A registering tournament without a start time is cancelled a week after its creation
 * (expiry.ts): it leaves the list and its creator's quota, whether a read or the timer meets
 * it first. The service's clock is injected; the week passes when the test says.
 */

const opened = sitesClosedAfterEach();

let clock = 1_000_000;
const open = (store = memoryStore()): Site => opened({ store, now: () => clock });

const input = (name: string, startsAt?: number) => ({
  name,
  format: 'knockout' as const,
  roundSettings: [{ length: 1, clock: FAST_CLOCK }],
  ...(startsAt === undefined ? {} : { startsAt }),
});

describe('a registering tournament without a start time', () => {
  it('is cancelled a week after its creation: the list, its page and the quota leave it out', async () => {
    const s = open();
    const creator = await account(s.store, 'forgetful');
    const ids: string[] = [];
    for (let i = 0; i < OPEN_TOURNAMENTS_PER_CREATOR; i++) {
      const made = await s.tournaments.create(creator, request(input(`Forgotten ${i}`)));
      if (!made.ok) throw new Error(made.error.message);
      ids.push(made.value.id);
    }
    // With a start time a year ahead, this one is not waiting for its creator, and never expires early.
    const later = await account(s.store, 'planner');
    const planned = await s.tournaments.create(later, request(input('Planned', clock + 300 * 24 * 3600_000)));
    expect(planned.ok).toBe(true);
    expect((await s.tournaments.create(creator, request(input('Fourth')))).ok).toBe(false);
    // A millisecond short of a week: still open.
    clock += REGISTRATION_EXPIRES_MS - 1;
    expect((await s.tournaments.list()).tournaments).toHaveLength(4);
    expect((await s.tournaments.create(creator, request(input('Fourth')))).ok).toBe(false);
    clock += 1;
    // The quota is the first to meet them: they no longer count, and are cancelled.
    expect((await s.tournaments.create(creator, request(input('Fourth')))).ok).toBe(true);
    for (const id of ids) expect((await s.store.tournamentById(id))?.status).toBe('cancelled');
    const listed = (await s.tournaments.list()).tournaments;
    expect(listed.map((t) => t.name).sort()).toEqual(['Fourth', 'Planned']);
    expect((await s.tournaments.view(ids[0]!, { userId: null, account: false }))?.status).toBe('cancelled');
  });

  it('is cancelled by its page when read first, and by the timer a restart sets', async () => {
    const store = memoryStore();
    const first = open(store);
    const creator = await account(store, 'organiser');
    const made = await first.tournaments.create(creator, request(input('Quiet')));
    const other = await first.tournaments.create(creator, request(input('Quieter')));
    if (!made.ok || !other.ok) throw new Error('not created');
    await first.close();
    clock += REGISTRATION_EXPIRES_MS;
    const page = open(store);
    expect((await page.tournaments.view(made.value.id, { userId: null, account: false }))?.status).toBe('cancelled');
    await page.close();
    // The other one is met by nobody: the restarted server's timer cancels it.
    const second = open(store);
    expect(await second.tournaments.recover()).toBe(1);
    expect((await until(store, other.value.id, ['cancelled'], 5_000)).row.status).toBe('cancelled');
  });
});

describe('expiry.ts', () => {
  it('is due at the start time, or a week after the creation without one; never once past registering', () => {
    const row = { status: 'registering' as const, startsAt: null, createdAt: 10 };
    expect(dueAt(row)).toBe(10 + REGISTRATION_EXPIRES_MS);
    expect(dueAt({ ...row, startsAt: 99 })).toBe(99);
    expect(dueAt({ ...row, status: 'running' })).toBeNull();
    expect(expired(row, 10 + REGISTRATION_EXPIRES_MS)).toBe(true);
    expect(expired(row, 9 + REGISTRATION_EXPIRES_MS)).toBe(false);
    expect(expired({ ...row, startsAt: 20 }, 10 + REGISTRATION_EXPIRES_MS)).toBe(false);
    expect(expired({ ...row, status: 'cancelled' }, 10 + REGISTRATION_EXPIRES_MS)).toBe(false);
  });
});
