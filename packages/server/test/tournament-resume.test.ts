import { expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import { account, request, SLOW_CLOCK, sitesClosedAfterEach, until } from './support/tournaments.js';

/*
 * The tournaments taken up by a server whose rooms did not load the round's games (the
 * tournaments' lease moving to another instance, which does not restart): the games stored and
 * not over are loaded by the tournaments' recovery, so their bots play on.
 */

const open = sitesClosedAfterEach();

it('a round stored but not played when its server stopped is played on by the next, the rooms not recovered', async () => {
  const store = memoryStore();
  const first = open({ store });
  const creator = await account(store, 'organiser');
  const made = await first.tournaments.create(
    creator,
    request({ name: 'Resumed', format: 'knockout', maxPlayers: 4, roundSettings: [{ length: 1, clock: SLOW_CLOCK }] }),
  );
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.id;
  for (let i = 0; i < 4; i++) await first.tournaments.addBot(id, creator.id, 'beginner');
  expect((await first.tournaments.start(id, creator.id)).ok).toBe(true);
  await first.close();
  const stopped = await store.gamesOfTournament(id);
  expect(stopped.some((g) => g.status !== 'over')).toBe(true);

  const second = open({ store });
  await second.tournaments.recover();
  const { data } = await until(store, id, ['over'], 60_000);
  expect(data.rounds.map((r) => r.boards.length)).toEqual([2, 1]);
  expect((await store.gamesOfTournament(id)).every((g) => g.status === 'over')).toBe(true);
});
