import type { GameView, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATED_PAIR_LIMIT } from '../src/room-rating.js';
import { type Running, randomAction, seededRandom, startServer } from './support/harness.js';
import { accept, account, actorState, closeTable, type Table, table } from './support/people.js';

/*
 * Rating farming: an account whose partner resigns every rated match at once, rematch after
 * rematch (ten moved a rating from 1,490 to 1,585 in 8 seconds). The same two accounts' rated
 * matches move their ratings RATED_PAIR_LIMIT times in any 24 hours; the view of every later one
 * says from its start that it is not rated, and why.
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
