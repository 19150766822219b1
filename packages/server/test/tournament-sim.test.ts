import { describe, expect, it } from 'vitest';
import { storedOf } from '../src/tournament/data.js';
import { account, request, type Site, SLOW_CLOCK, sitesClosedAfterEach, until } from './support/tournaments.js';

/*
 * Whole tournaments simulated at the server's level: every entrant a bot of the
 * weakest level, 1-point matches, bots acting at once; each round's matches are real games in
 * real rooms, and each match's end drives the tournament on (RoomDeps.ended). The clock is one
 * bots never lose on, so the results are the games' own.
 *
 * The knock-out's bots are the neural bot's (its weakest level); the Swiss's 192 games are
 * played by the baseline heuristic bot on every seat (the server's `botKind: 'baseline'`, which
 * it offers to benchmark itself), a third of the neural bot's time: the same rooms, queue and
 * store, with cheaper decisions (docs/tournaments.md has the times).
 */

const open = sitesClosedAfterEach();

/*
 * Each test may run as long as its wait for the tournament's end, and a little more: 15 s of
 * CPU each, a few seconds alone, 30 s beside the full suite, more on a machine loaded beyond it.
 */

/** Wall and CPU time of `run`, logged for docs/tournaments.md; never asserted. */
async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
  const began = Date.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  console.info(`${what}: ${Date.now() - began} ms, ${Math.round((used.user + used.system) / 1000)} ms of CPU`);
  return result;
}

async function botField(s: Site, format: 'knockout' | 'swiss', players: number, extra: object = {}) {
  const creator = await account(s.store, 'organiser');
  const made = await s.tournaments.create(
    creator,
    request({
      name: `${players} bots`,
      format,
      maxPlayers: players,
      roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      ...extra,
    }),
  );
  if (!made.ok) throw new Error(made.error.message);
  for (let i = 0; i < players; i++) {
    const r = await s.tournaments.addBot(made.value.id, creator.id, 'beginner');
    if (!r.ok) throw new Error(r.error.message);
  }
  return { id: made.value.id, creator };
}

describe('simulated tournaments of bots', () => {
  it('a 32-player knock-out with a third-place match is played to its podium', async () => {
    const s = open({ botKind: 'strongest', maxBots: 32 });
    const { id, creator } = await botField(s, 'knockout', 32, { thirdPlace: true });
    const { data } = await timed('32-player knock-out', async () => {
      expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
      return until(s.store, id, ['over'], 120_000);
    });
    expect(data.rounds.map((r) => r.boards.length)).toEqual([16, 8, 4, 2, 2]);
    expect(data.podium).toHaveLength(3);
    const games = await s.store.gamesOfTournament(id);
    // 16 + 8 + 4 + 2 + final + third place: every match a game, each over with a winner.
    expect(games).toHaveLength(32);
    expect(games.every((g) => g.status === 'over' && g.winner !== null)).toBe(true);
    // The champion won every round: five wins, one per round.
    const champion = data.podium[0]!;
    const wins = data.knockout!.rounds.flat().filter((m) => m.winner === champion && m.kind === 'win');
    expect(wins).toHaveLength(5);
  }, 150_000);

  it('a 64-player Swiss of 6 rounds is played to its standings', async () => {
    const s = open({ botKind: 'baseline', maxBots: 64 });
    const { id, creator } = await botField(s, 'swiss', 64, { rounds: 6 });
    const { row, data } = await timed('64-player Swiss, 6 rounds', async () => {
      expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
      return until(s.store, id, ['over'], 180_000);
    });
    expect(data.rounds).toHaveLength(6);
    expect(data.rounds.every((r) => r.boards.length === 32)).toBe(true);
    const games = await s.store.gamesOfTournament(id);
    expect(games).toHaveLength(6 * 32);
    // No pair met twice.
    const pairs = data.swiss.map((g) => [g.a, g.b].sort().join(' '));
    expect(new Set(pairs).size).toBe(pairs.length);
    const view = await s.tournaments.viewOf(row, { userId: null, account: false });
    expect(view.standings).toHaveLength(64);
    expect(view.standings.reduce((sum, r) => sum + r.score, 0)).toBe(6 * 32);
    expect(view.podium).toEqual(view.standings.slice(0, 3).map((r) => r.name));
    expect(storedOf(row).endedAt).not.toBeNull();
  }, 210_000);
});
