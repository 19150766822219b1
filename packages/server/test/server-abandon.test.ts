import { actorOf, replay } from '@zar/match';
import { appendEvent, type MatchRecordView, pathOf, REST, type ServerMessage } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { abandonAfterFrom, DEFAULT_ABANDON_AFTER_MS } from '../src/game/abandon.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { Caller, Client, type Running, startServer } from './support/harness.js';

/**
 * A visitor who starts a game against a bot and walks away leaves it live: without this rule it
 * was loaded at every start, for ever. After DEFAULT_ABANDON_AFTER_MS without a change, the
 * player loses on time (stored, so it replays) and the game is no longer live.
 */
const HOUR = 3600_000;
const T0 = 1_800_000_000_000;

let servers: Running[] = [];
afterEach(async () => {
  for (const s of servers) await s.app.close();
  servers = [];
});

async function serve(store: Store, now: () => number): Promise<Running> {
  const s = await startServer({ store, now });
  servers.push(s);
  return s;
}

/** Waits until the opening roll and the bot's answers are stored: the person (seat 0) is to act. */
async function settled(server: Running, id: string): Promise<void> {
  const room = await server.app.zar.rooms.get(id);
  for (let i = 0; i < 200 && actorOf(room?.match.game ?? ({} as never)) !== 0; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(room && actorOf(room.match.game)).toBe(0);
}

const lastAction = async (store: Store, id: string) => (await store.actions(id)).at(-1);

describe('abandoned games against a bot', () => {
  it('are ended on time at the next start after a day unplayed, and not loaded; games of two people are', async () => {
    const store = memoryStore();
    let t = T0;
    const first = await serve(store, () => t);
    const me = new Caller(first.base);
    const bot = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot', level: 'beginner' });
    await settled(first, bot.id);
    const open = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'open' });
    expect((await new Caller(first.base).call('POST', `/api/games/${open.id}/join`)).status).toBe(200);
    await first.app.close();

    t += DEFAULT_ABANDON_AFTER_MS + HOUR;
    const second = await serve(store, () => t);
    // Only the game of two people is loaded to go on; the bot game was ended first.
    expect(await second.app.zar.rooms.recover()).toBe(1);
    const ended = await store.gameById(bot.id);
    expect(ended?.status).toBe('over');
    const actions = await store.actions(bot.id);
    // One timeout loses the whole 3-point match (match.ts, bookTimeout), whatever the game was worth.
    expect(actions.filter((a) => a.action.type === 'timeout')).toEqual([
      expect.objectContaining({ action: { type: 'timeout', player: 0 }, at: t }),
    ]);
    expect(actions.at(-1)?.action).toEqual({ type: 'timeout', player: 0 });
    expect([ended?.score, ended?.winner]).toEqual([[0, 3], 1]);
    // Stored like any action: the record replays to the bot's win of the match, at that score.
    const record = { ...(ended?.record as NonNullable<typeof ended>['record']), actions: actions.map((a) => a.action) };
    const replayed = replay(record);
    const last = replayed.ok ? replayed.value.states.at(-1) : undefined;
    expect([last?.score, last?.winner, last?.results.at(-1)?.kind]).toEqual([[0, 3], 1, 'timeout']);
    expect((await store.liveGames()).map((g) => g.id)).toEqual([open.id]);
    expect((await store.gameById(open.id))?.status).toBe('playing');
  }, 15_000);

  it('are ended by the sweep of a running server, the player told; a game played lately is not', async () => {
    const store = memoryStore();
    let t = T0;
    const server = await serve(store, () => t);
    const me = new Caller(server.base);
    // A money session has no end of its own: a timeout ends it, the bot its winner (bookTimeout).
    const old = await me.newGame({ preset: 'backgammon', length: 0, opponent: 'bot', level: 'beginner' });
    await settled(server, old.id);
    const watcher = await Client.open(server.ws, me.cookie);
    await watcher.join(old.id);
    const joined = (await me.call<MatchRecordView>('GET', pathOf(REST.record, { id: old.id }))).body;
    t += DEFAULT_ABANDON_AFTER_MS - HOUR;
    const recent = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot', level: 'beginner' });
    await settled(server, recent.id);
    const told = watcher.next((m) => m.t === 'event' && m.game === old.id && m.action.type === 'timeout');

    t += 2 * HOUR;
    expect(await server.app.zar.rooms.endAbandoned()).toBe(1);
    expect(await told).toMatchObject({ view: { status: 'over' } });
    const over = await store.gameById(old.id);
    expect([over?.status, over?.winner]).toEqual(['over', 1]);
    expect((await store.actions(old.id)).filter((a) => a.action.type === 'timeout')).toHaveLength(1);
    expect((await lastAction(store, old.id))?.action).toEqual({ type: 'timeout', player: 0 });
    expect((await store.gameById(recent.id))?.status).toBe('playing');
    // The move list ends with the lost game, and opens no game after it: the session is over.
    const record = (await me.call<MatchRecordView>('GET', pathOf(REST.record, { id: old.id }))).body;
    expect([record.status, record.winner, record.games.length]).toEqual(['over', 1, 1]);
    // The game is booked at what the timeout was worth: a gammon, nothing borne off at the start.
    expect(record.score).toEqual([0, 2]);
    expect(over?.score).toEqual([0, 2]);
    expect(record.games.every((g) => g.result !== null)).toBe(true);
    expect(record.games.at(-1)?.result).toMatchObject({ winner: 1, kind: 'timeout' });
    // The watcher, who appended the timeout's event to the record he fetched, holds the same.
    const event = (await told) as Extract<ServerMessage, { t: 'event' }>;
    const appended = appendEvent(joined, event, record.games.at(-1)?.entries.at(-1)?.at ?? 0);
    expect(appended).toEqual(record);
    // Nothing left to end: a second sweep does nothing.
    expect(await server.app.zar.rooms.endAbandoned()).toBe(0);
    await watcher.close();
  }, 15_000);

  it('reads ZAR_ABANDON_HOURS, refusing what is not a number of hours', () => {
    expect(abandonAfterFrom({})).toEqual({ ok: true, value: 24 * HOUR });
    expect(abandonAfterFrom({ ZAR_ABANDON_HOURS: '0.5' })).toEqual({ ok: true, value: HOUR / 2 });
    for (const bad of ['0', '-1', 'a day', 'Infinity', '9000']) {
      const r = abandonAfterFrom({ ZAR_ABANDON_HOURS: bad });
      expect(r.ok || r.error).toEqual({ code: 'ERR_ABANDON_AFTER', message: expect.stringContaining(`"${bad}"`) });
    }
  });
});
