import { join } from 'node:path';
import { importMat, parseJsonRecord, replay } from '@zar/match';
import {
  appendEvent,
  type GameList,
  type GameView,
  type MatchRecordView,
  pathOf,
  REST,
  type ServerMessage,
} from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import {
  autoplay,
  Caller,
  Client,
  type Running,
  seededRandom,
  sqliteStore,
  startServer,
  TEST_LIMITS,
  tempDir,
} from './support/harness.js';

type Event = Extract<ServerMessage, { t: 'event' }>;
type Refusal = { error: { code: string; message: string } };

const recordPath = (id: string) => pathOf(REST.record, { id });
const matPath = (id: string) => pathOf(REST.matchMat, { id });
const jsonPath = (id: string) => pathOf(REST.matchJson, { id });

/** The record with every entry's time left out: events carry none, a fetched record has the server's. */
const timeless = (r: MatchRecordView) => ({
  ...r,
  games: r.games.map((g) => ({ ...g, entries: g.entries.map(({ at: _at, ...e }) => e) })),
});

let server: Running;
beforeAll(async () => {
  server = await startServer({ diceSeed: 'record' });
});
afterAll(async () => {
  await server.close();
});

const cleanups = cleanupsAfterEach();

/**
 * A bot match played to its end by a player who fetched the record as he joined and then
 * appended every event to it, as the move list does.
 */
async function playedMatch(base: Running, body: Record<string, unknown>, seed: number) {
  const me = new Caller(base.base);
  const { id } = await me.newGame({ opponent: 'bot', level: 'beginner', ...body });
  const client = await Client.open(base.ws, me.cookie);
  await client.join(id);
  const first = await me.call<MatchRecordView>('GET', recordPath(id));
  expect(first.status).toBe(200);
  const done = await autoplay(client, id, { random: seededRandom(seed) });
  const events = client.messages.filter((m): m is Event => m.t === 'event' && m.game === id);
  await client.close();
  return { me, id, first: first.body, done, events };
}

describe('GET /api/games/:id/record', () => {
  let match: Awaited<ReturnType<typeof playedMatch>>;
  let fetched: MatchRecordView;
  beforeAll(async () => {
    // Game ids, and so the seeded dice, differ at each run: play until a match has more than
    // one game, so that the record crosses a game's end. The random player doubles and is often
    // backgammoned at 2 (6 points), which ends most 5-point matches in one game: 7 points.
    for (let seed = 11; seed < 21; seed++) {
      match = await playedMatch(server, { preset: 'backgammon', length: 7 }, seed);
      fetched = (await new Caller(server.base).call<MatchRecordView>('GET', recordPath(match.id))).body;
      if (fetched.games.length > 1) break;
    }
  }, 60_000);

  it('a finished bot match: entries are v 1..N, grouped by game, and end at the live view', async () => {
    const last: GameView = match.done.last;
    const stored = await server.store.actions(match.id);
    expect(fetched.v).toBe(stored.length);
    expect(fetched.v).toBe(match.done.v);
    const entries = fetched.games.flatMap((g) => g.entries);
    expect(entries.map((e) => e.v)).toEqual(stored.map((_, i) => i + 1));
    expect(entries.map((e) => e.at)).toEqual(stored.map((s) => s.at));
    expect(entries[0]?.action.type).toBe('opening');
    // More than one game, so the fold crosses a game's end.
    expect(fetched.games.length).toBeGreaterThan(1);

    expect(fetched.status).toBe('over');
    expect(fetched.score).toEqual(last.score);
    expect(fetched.winner).toBe(last.winner);
    expect(fetched.players).toEqual(last.players);
    expect(fetched.settings).toEqual(last.settings);
    // One game a result, in order; the last entry's state is the live view's final game.
    expect(fetched.games.map((g) => g.result)).toEqual(last.results);
    expect(fetched.games.map((g) => g.number)).toEqual(last.results.map((_, i) => i + 1));
    expect(entries.at(-1)?.game).toEqual(last.game);
    // Each game begins at the score the previous ones left, and ends over.
    let score = [0, 0];
    for (const g of fetched.games) {
      expect(g.scoreBefore).toEqual(score);
      expect(g.start.phase === 'opening' || g.start.phase === 'roll').toBe(true);
      expect(g.entries.at(-1)?.game.phase).toBe('over');
      expect(g.entries.at(-1)?.game.result).toEqual(g.result);
      const r = g.result as NonNullable<typeof g.result>;
      score = score.map((s, p) => (p === r.winner ? Math.min(7, s + r.points) : s));
    }
    expect(score).toEqual(last.score);
  });

  it('the events appended to the record fetched at the join give the record fetched at the end', () => {
    expect(match.first.v).toBeLessThanOrEqual(match.events[0]?.v ?? 0);
    let record: MatchRecordView | null = match.first;
    for (const e of match.events) record = record && appendEvent(record, e, 0);
    expect(record).not.toBeNull();
    expect(timeless(record as MatchRecordView)).toEqual(timeless(fetched));
  });

  it('an event already held changes nothing; a missed one asks for a fetch (null)', () => {
    const [a, b] = match.events.filter((e) => e.v > match.first.v);
    if (a === undefined || b === undefined) throw new Error('too few events');
    const once = appendEvent(match.first, a, 0) as MatchRecordView;
    expect(appendEvent(once, a, 0)).toBe(once);
    expect(appendEvent(match.first, b, 0)).toBeNull();
  });

  it('holds no dice source, and anyone with the id may read it, live or waiting', async () => {
    expect(JSON.stringify(fetched)).not.toContain('seed');
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'friend' });
    const waiting = await new Caller(server.base).call<MatchRecordView>('GET', recordPath(id));
    expect(waiting.status).toBe(200);
    expect(waiting.body.v).toBe(0);
    expect(waiting.body.status).toBe('waiting');
    expect(waiting.body.games).toHaveLength(1);
    expect(waiting.body.games[0]?.entries).toEqual([]);
    expect(waiting.body.games[0]?.start.phase).toBe('opening');
    const missing = await me.call<Refusal>('GET', recordPath('no-such-game'));
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('ERR_NOT_FOUND');
  });
});

describe('downloads', () => {
  it('a finished backgammon match: .mat and Zar JSON, as attachments, that read back to the same match', async () => {
    const { id, done, me } = await playedMatch(server, { preset: 'backgammon', length: 1 }, 21);
    const stored = (await server.store.actions(id)).map((s) => s.action);
    // The record and the history both say a .mat file can hold it.
    expect((await me.call<MatchRecordView>('GET', recordPath(id))).body.mat).toBe(true);
    const history = await me.call<{ games: { id: string; mat: boolean }[] }>('GET', '/api/history');
    expect(history.body.games.find((g) => g.id === id)?.mat).toBe(true);

    const mat = await fetch(server.base + matPath(id));
    expect(mat.status).toBe(200);
    expect(mat.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(mat.headers.get('content-disposition')).toBe(`attachment; filename="zar-${id}.mat"`);
    const imported = importMat(await mat.text());
    if (!imported.ok) throw new Error(imported.error.message);
    const end = replay(imported.value);
    if (!end.ok) throw new Error(end.error.message);
    expect(end.value.states.at(-1)?.score).toEqual(done.last.score);
    expect(end.value.states.at(-1)?.winner).toBe(done.last.winner);

    const json = await new Caller(server.base).call('GET', jsonPath(id));
    expect(json.status).toBe(200);
    const raw = await fetch(server.base + jsonPath(id));
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="zar-${id}.json"`);
    const text = await raw.text();
    expect(text).not.toContain('seed');
    const parsed = parseJsonRecord(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.actions).toEqual(stored);
    expect(parsed.value.dice).toBeUndefined();
  }, 30_000);

  it('are refused while the match is played (409), and .mat for another game (422)', async () => {
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' });
    for (const path of [matPath(id), jsonPath(id)]) {
      const r = await me.call<Refusal>('GET', path);
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('ERR_NOT_OVER');
    }
    expect((await me.call<MatchRecordView>('GET', recordPath(id))).body.status).toBe('playing');

    const plakoto = await playedMatch(server, { preset: 'plakoto', length: 1 }, 31);
    expect((await plakoto.me.call<MatchRecordView>('GET', recordPath(plakoto.id))).body.mat).toBe(false);
    const r = await plakoto.me.call<Refusal>('GET', matPath(plakoto.id));
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('ERR_MAT_UNREPRESENTABLE');
    expect(r.body.error.message).toMatch(/backgammon, not plakoto/);
    const json = await plakoto.me.call('GET', jsonPath(plakoto.id));
    expect(json.status).toBe(200);
  }, 30_000);

  it('an address asks for at most recordsPerMinute records and downloads a minute', async () => {
    const limited = await startServer({ limits: { ...TEST_LIMITS, recordsPerMinute: 2 } });
    cleanups.push(limited.close);
    const me = new Caller(limited.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' });
    expect((await me.call('GET', recordPath(id))).status).toBe(200);
    expect((await me.call('GET', jsonPath(id))).status).toBe(409);
    const r = await fetch(limited.base + recordPath(id));
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await r.json()) as Refusal).error.code).toBe('ERR_RATE_LIMITED');
  });
});

describe('history says the final score and who won', () => {
  const historyOf = async (me: Caller, id: string) => {
    const list = await me.call<GameList>('GET', REST.history.path);
    return list.body.games.find((g) => g.id === id);
  };

  it('in memory: after the match, and in the row the store keeps', async () => {
    const { me, id, done } = await playedMatch(server, { preset: 'backgammon', length: 3 }, 41);
    const summary = await historyOf(me, id);
    expect(summary?.status).toBe('over');
    expect(summary?.score).toEqual(done.last.score);
    expect(summary?.winner).toBe(done.last.winner);
    expect(Math.max(...(summary?.score ?? []))).toBe(3);
    const row = await server.store.gameById(id);
    expect(row?.score).toEqual(done.last.score);
    expect(row?.winner).toBe(done.last.winner);
    // A game just begun: no score yet, nobody has won.
    const fresh = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' });
    expect(await historyOf(me, fresh.id)).toMatchObject({ score: [0, 0], winner: null });
  }, 30_000);

  it('on SQLite, across a restart on the same file', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'zar.sqlite');
    const first = await startServer({ store: await sqliteStore(file), diceSeed: 'history' });
    const { me, id, done } = await playedMatch(first, { preset: 'backgammon', length: 3 }, 51);
    expect(await historyOf(me, id)).toMatchObject({ score: done.last.score, winner: done.last.winner });
    await first.close();

    const second = await startServer({ store: await sqliteStore(file), diceSeed: 'history' });
    cleanups.push(second.close);
    const again = new Caller(second.base);
    again.cookie = me.cookie;
    expect(await historyOf(again, id)).toMatchObject({
      status: 'over',
      score: done.last.score,
      winner: done.last.winner,
    });
    const record = await again.call<MatchRecordView>('GET', recordPath(id));
    expect(record.body.score).toEqual(done.last.score);
  }, 30_000);

  it('a money session keeps its running score and has no winner while it is played', async () => {
    const store = memoryStore();
    const money = await startServer({ store });
    cleanups.push(money.close);
    const me = new Caller(money.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 0, opponent: 'bot', level: 'beginner' });
    const client = await Client.open(money.ws, me.cookie);
    const done = await autoplay(client, id, {
      random: seededRandom(61),
      maxActs: 1,
      until: (view) => view.gameNumber > 1,
      timeoutMs: 20_000,
    });
    await client.close();
    const summary = await historyOf(me, id);
    expect(summary?.winner).toBeNull();
    expect(summary?.score).toEqual(done.last.score);
    expect((summary?.score ?? [0, 0]).some((s) => s > 0)).toBe(true);
  }, 30_000);
});
