import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { replay } from '@zar/match';
import type { ServerMessage } from '@zar/protocol';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_TRY_AGAIN } from '../src/http/socket.js';
import { type Database, isStoreUnavailable, openPostgres, sqlStore } from '../src/store/index.js';
import { Caller, Client, type Running, randomAction, seededRandom, startServer } from './support/harness.js';
import { startPostgres, type TestPostgres } from './support/postgres.js';

/**
 * PostgreSQL goes away in the middle of play (pg_ctl stop -m immediate, always on a private
 * cluster: one at DATABASE_URL is not ours to stop) and comes back. The server must stay up
 * (an 'error' event on a pool client nobody listens to ends the process, and vitest fails the
 * run on it), answer 503 ERR_STORE_UNAVAILABLE meanwhile, and carry every game on by itself.
 */
let postgres: TestPostgres;
let db: Kysely<Database>;
let server: Running;

beforeAll(async () => {
  postgres = await startPostgres({});
  const schema = `zar_outage_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(postgres.url, { max: 1 });
  await sql.raw(`create schema ${schema}`).execute(admin);
  await admin.destroy();
  db = openPostgres(postgres.url, { schema });
  const store = sqlStore(db);
  await store.migrate();
  server = await startServer({ store });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await postgres?.stop();
});

/**
 * A player who acts whenever it is his turn and, when the server says it could not store his
 * action, asks for the state again a little later and acts on it (what the page does on a
 * resync). Resolves with the last version when the match is over.
 */
function play(client: Client, game: string, seed: number, refusals: ServerMessage[]): Promise<number> {
  const random = seededRandom(seed);
  let lastSent = -1;
  return new Promise((resolve, reject) => {
    client.socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.t === 'error' && m.game === game) {
        if (m.code !== 'ERR_STORE_UNAVAILABLE') return reject(new Error(`refused: ${m.code} ${m.message}`));
        refusals.push(m);
        lastSent = -1;
        setTimeout(() => client.send({ t: 'join', game }), 200);
        return;
      }
      if ((m.t !== 'state' && m.t !== 'event') || m.game !== game) return;
      if (m.view.status === 'over') return resolve(m.v);
      if (m.view.status !== 'playing' || m.view.game.actor !== m.view.you || m.v <= lastSent) return;
      lastSent = m.v;
      client.send({ t: 'act', game, v: m.v, action: randomAction(m.view, random) });
    });
    client.send({ t: 'join', game });
  });
}

describe('PostgreSQL stopped and started under live games', () => {
  it('the server stays up, answers 503 ERR_STORE_UNAVAILABLE meanwhile, and every game plays to the end', async () => {
    const caller = new Caller(server.base);
    const games: { id: string; client: Client }[] = [];
    for (let i = 0; i < 4; i++) {
      const { id } = await caller.newGame({ preset: 'backgammon', length: 7, opponent: 'bot', level: 'beginner' });
      games.push({ id, client: await Client.open(server.ws, caller.cookie) });
    }
    const refusals: ServerMessage[] = [];
    const ends = games.map(({ id, client }, i) => play(client, id, i + 1, refusals));

    // Under way: every game past its first few actions, and a query in flight on the server's
    // own pool (a client checked out of it) when the cluster goes.
    await delay(300);
    const inFlight = sql`select pg_sleep(30)`.execute(db).then(
      () => null,
      (e: unknown) => e,
    );
    await delay(100);
    postgres.crash();

    expect(isStoreUnavailable(await inFlight)).toBe(true);
    const away = await caller.call<{ error: { code: string } }>('GET', '/api/lobby');
    expect(away.status).toBe(503);
    expect(away.body.error.code).toBe('ERR_STORE_UNAVAILABLE');
    // A socket opened now cannot be told whose it is: it hears why and is closed with "try
    // again later" (the page reconnects), rather than kept as a guest's that acts for nobody.
    const late = await Client.open(server.ws, caller.cookie);
    const closed = new Promise<number>((resolve) => late.socket.once('close', (code) => resolve(code)));
    expect(await Promise.race([closed, delay(5000).then(() => 'still open')])).toBe(CLOSE_TRY_AGAIN);
    expect(late.messages.map((m) => m.t === 'error' && m.code)).toEqual(['ERR_STORE_UNAVAILABLE']);
    // The bots' and players' actions meanwhile are refused and tried again (room.ts).
    await delay(1000);
    const during = (await Promise.all(games.map(({ id }) => server.app.zar.rooms.get(id)))).map((r) => r?.version);

    postgres.restart();
    const versions = await Promise.all(ends);
    const back = await caller.call('GET', '/api/lobby');
    expect(back.status).toBe(200);
    expect(refusals.length).toBeGreaterThan(0);
    for (const [i, { id, client }] of games.entries()) {
      expect(versions[i]).toBeGreaterThan(during[i] ?? 0);
      const row = await server.store.gameById(id);
      const actions = (await server.store.actions(id)).map((s) => s.action);
      expect(row?.status).toBe('over');
      expect(actions.length).toBe(versions[i]);
      expect(replay({ ...(row as NonNullable<typeof row>).record, actions }).ok).toBe(true);
      await client.close();
    }
  }, 90_000);
});
