import { join } from 'node:path';
import type { GameList, GameReply, GameView, LiveGames, Profile, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATED_PAIR_LIMIT } from '../src/game/rating/ratings.js';
import {
  Caller,
  Client,
  type Running,
  randomAction,
  seededRandom,
  sqliteStore,
  startServer,
  tempDir,
} from './support/harness.js';
import { accept, account, actorState, closeTable, type Table, table } from './support/people.js';

/*
 * Rating farming: an account whose partner resigns every rated match at once, rematch after
 * rematch (ten moved a rating from 1,490 to 1,585 in 8 seconds). The same two accounts' rated
 * matches move their ratings RATED_PAIR_LIMIT times in any 24 hours; the view of every later one
 * says from its start that it is not rated, and why, and so do the lists that read its stored
 * row (history, the live list, a profile) and a restarted server.
 */

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Frame = Extract<ServerMessage, { t: 'state' | 'event' }>;
const isFrame = (m: ServerMessage, game: string): m is Frame => (m.t === 'state' || m.t === 'event') && m.game === game;

/** Seat 1 (the partner) loses the match at once: he resigns at his first turn; seat 0 plays until then and accepts. */
async function partnerResigns(t: Table, game: string, random: () => number): Promise<GameView> {
  const [farmer, partner] = t.sockets;
  for (let i = 0; i < 50; i++) {
    const s = await actorState(farmer, game);
    if (s.view.status === 'over') return s.view;
    if (s.view.game.actor === 0) {
      const moved = farmer.next((m) => isFrame(m, game) && m.v > s.v);
      farmer.send({ t: 'act', game, v: s.v, action: randomAction(s.view, random) });
      await moved;
      continue;
    }
    const mine = await partner.join(game);
    const level = mine.view.allowed.resign.at(-1)?.level;
    if (level === undefined) throw new Error('the partner may not resign');
    const asked = farmer.next((m) => isFrame(m, game) && m.view.game.phase === 'resigning');
    partner.send({ t: 'act', game, v: mine.v, action: { type: 'resign', level } });
    const resigning = (await asked) as Frame;
    const end = await accept({ ...t, id: game }, 0, resigning.v);
    if (end.t !== 'event') throw new Error(`accept refused: ${JSON.stringify(end)}`);
    return end.view;
  }
  throw new Error('the match did not end');
}

/** Both offer a rematch; answers the next match's first view as the farmer sees it. */
async function rematchOf(t: Table, game: string): Promise<{ id: string; view: GameView }> {
  const [farmer, partner] = t.sockets;
  await partner.request({ t: 'rematch', game, offer: true }, (m) => isFrame(m, game) && m.view.rematch.offered[1]);
  const started = (await farmer.request(
    { t: 'rematch', game, offer: true },
    (m) => (m.t === 'error' && m.game === game) || (isFrame(m, game) && m.view.rematch.next !== null),
  )) as ServerMessage;
  if (!isFrame(started, game)) throw new Error(`rematch refused: ${JSON.stringify(started)}`);
  const id = started.view.rematch.next as string;
  await Promise.all([partner.join(id)]);
  return { id, view: (await farmer.join(id)).view };
}

describe('rating farming between two accounts', () => {
  it('ten rated rematches lost on purpose move the ratings only for the first three of the day', async () => {
    const [farmer, partner] = [await account(server.base, 'farm'), await account(server.base, 'mule')];
    const t = await table(server.ws, farmer, partner, { game: 'backgammon', length: 1, rated: true });
    const random = seededRandom(35);
    const views: GameView[] = [];
    let game = t.id;
    for (let i = 0; i < 10; i++) {
      if (i > 0) {
        const next = await rematchOf(t, game);
        game = next.id;
        // Known before a move is made: the match past the limit says it is not rated, and why.
        const limited = i >= RATED_PAIR_LIMIT;
        expect([next.view.rated, next.view.unrated]).toEqual(
          limited ? [false, { reason: 'pair-limit', limit: RATED_PAIR_LIMIT, hours: 24 }] : [true, undefined],
        );
      }
      views.push(await partnerResigns(t, game, random));
    }
    expect(views.every((v) => v.winner === 0)).toBe(true);
    // The first three moved both ratings; the seven after them moved nothing.
    expect(views.map((v) => v.ratings !== null)).toEqual([true, true, true, ...Array(7).fill(false)]);
    expect(views.slice(RATED_PAIR_LIMIT).every((v) => !v.rated && v.unrated?.reason === 'pair-limit')).toBe(true);
    const farmerId = (await farmer.call<{ id: string }>('GET', '/api/me')).body.id;
    const history = await server.store.ratingHistory(farmerId, 'backgammon', 100);
    expect(history).toHaveLength(RATED_PAIR_LIMIT);
    const [standing] = await server.store.ratingsOf(farmerId);
    expect(standing).toMatchObject({ matches: RATED_PAIR_LIMIT, wins: RATED_PAIR_LIMIT });
    expect(standing?.rating).toBe(history.at(-1)?.after);
    // What the cap allows: three wins' worth, against a partner who started at 1500 as he did.
    const third = views[RATED_PAIR_LIMIT - 1]?.ratings;
    expect(third?.[0].after).toBe(standing?.rating);
    await closeTable(t);
  });
});

/** What the lists say of `game`: the caller's history, the live list, his profile's recent matches, its view. */
async function shown(caller: Caller, game: string) {
  const me = (await caller.call<{ name: string }>('GET', '/api/me')).body;
  const history = (await caller.call<GameList>('GET', '/api/history')).body.games.find((g) => g.id === game);
  const live = (await caller.call<LiveGames>('GET', '/api/live')).body.games.find((g) => g.id === game);
  const profile = (await caller.call<Profile>('GET', `/api/players/${me.name}`)).body;
  const recent = profile.recent.find((g) => g.id === game);
  const { view } = (await caller.call<GameReply>('GET', `/api/games/${game}`)).body;
  return { history: history?.rated, live: live?.rated, recent: recent?.rated, view: [view.rated, view.unrated] };
}

describe('a match past the limit in every list, and after a restart', () => {
  it('is listed as not rated where its view says so, and keeps its reason across a restart', async () => {
    const tmp = tempDir();
    const file = join(tmp.dir, 'zar.sqlite');
    const first = await startServer({ store: await sqliteStore(file) });
    let second: Running | null = null;
    try {
      const [farmer, partner] = [await account(first.base, 'farm'), await account(first.base, 'mule')];
      const t = await table(first.ws, farmer, partner, { game: 'backgammon', length: 1, rated: true });
      const random = seededRandom(36);
      const played = [t.id];
      for (let i = 0; i < RATED_PAIR_LIMIT; i++) {
        await partnerResigns(t, played.at(-1) as string, random);
        played.push((await rematchOf(t, played.at(-1) as string)).id);
      }
      const capped = played.at(-1) as string;
      const why = { reason: 'pair-limit', limit: RATED_PAIR_LIMIT, hours: 24 };
      // Being played: in the live list; a profile lists finished matches only.
      const notRated = { history: false, live: false, recent: undefined, view: [false, why] };
      expect(await shown(farmer, capped)).toEqual(notRated);
      // The three that counted are listed rated (over: no longer in the live list).
      for (const id of played.slice(0, -1)) {
        expect(await shown(farmer, id)).toEqual({
          history: true,
          live: undefined,
          recent: true,
          view: [true, undefined],
        });
      }
      expect(await first.store.gameById(capped)).toMatchObject({ rated: false, unrated: 'pair-limit' });
      await closeTable(t);
      await first.close();

      // A restart reads the reason from the row: it is not counted again.
      second = await startServer({ store: await sqliteStore(file) });
      const again = new Caller(second.base);
      again.cookie = farmer.cookie;
      expect(await shown(again, capped)).toEqual(notRated);
      // It is played to its end unrated, and its rematch is decided anew as it begins: still past the limit.
      const sockets = [
        await Client.open(second.ws, farmer.cookie),
        await Client.open(second.ws, partner.cookie),
      ] as const;
      const t2: Table = { id: capped, host: again, guest: partner, sockets };
      await Promise.all(sockets.map((c) => c.join(capped)));
      const end = await partnerResigns(t2, capped, random);
      expect([end.rated, end.unrated, end.ratings]).toEqual([false, why, null]);
      // Over now (the live list and the profile are read through their caches: not asked again here).
      const after = await shown(again, capped);
      expect([after.history, after.view]).toEqual([false, [false, why]]);
      const next = await rematchOf(t2, capped);
      expect([next.view.rated, next.view.unrated]).toEqual([false, why]);
      await closeTable(t2);
      // So is a new rated match between them, seated through an invitation.
      const mule = new Caller(second.base);
      mule.cookie = partner.cookie;
      const invited = await table(second.ws, again, mule, { game: 'backgammon', length: 1, rated: true });
      const seen = (await invited.sockets[1].join(invited.id)).view;
      expect([seen.rated, seen.unrated]).toEqual([false, why]);
      expect(await second.store.gameById(invited.id)).toMatchObject({ rated: false, unrated: 'pair-limit' });
      await closeTable(invited);
    } finally {
      await (second ?? first).close().catch(() => {});
      tmp.remove();
    }
  });
});
