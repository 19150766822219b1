import { randomBytes } from 'node:crypto';
import type { GameView, ServerMessage } from '@zar/protocol';
import { Caller, Client } from './harness.js';

/*
 * Two people at a table, for the tests of rated matches and rematches: accounts, a game made by
 * one and joined by the other over its invitation, and the quickest way to end a match (one
 * resigns, the other accepts).
 */

type State = Extract<ServerMessage, { t: 'state' }>;

/** A caller signed in to a fresh account (a name no other test uses). */
export async function account(base: string, prefix = 'p'): Promise<Caller> {
  const caller = new Caller(base);
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const r = await caller.call('POST', '/api/register', { name, password: 'correct horse battery' });
  if (r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
  return caller;
}

export interface Table {
  readonly id: string;
  readonly host: Caller;
  readonly guest: Caller;
  readonly sockets: readonly [Client, Client];
}

/** `host` makes a friend game with `body`, `guest` accepts the invitation; both watch it. */
export async function table(ws: string, host: Caller, guest: Caller, body: Record<string, unknown>): Promise<Table> {
  const created = await host.newGame({ opponent: 'friend', ...body });
  const joined = await guest.call('POST', `/api${created.invite}`);
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
  const sockets = [await Client.open(ws, host.cookie), await Client.open(ws, guest.cookie)] as const;
  await Promise.all([sockets[0].join(created.id), sockets[1].join(created.id)]);
  return { id: created.id, host, guest, sockets };
}

/** The state once someone is to act (the server's opening roll done), asked for again until then. */
export async function actorState(client: Client, game: string): Promise<State> {
  for (let i = 0; i < 100; i++) {
    const s = await client.join(game);
    if (s.view.game.actor !== null || s.view.status !== 'playing') return s;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('nobody came to act');
}

/** The socket of the seat `p` at the table (seat 0: the host). */
export const seatSocket = (t: Table, p: 0 | 1): Client => t.sockets[p];

/**
 * The actor resigns the match's only game at the lowest level; returns the state in which his
 * opponent is asked to accept (the accept is left to the test, which may want it refused).
 */
export async function resignNow(t: Table): Promise<{ state: State; loser: 0 | 1; winner: 0 | 1 }> {
  const s = await actorState(t.sockets[0], t.id);
  const loser = s.view.game.actor as 0 | 1;
  const winner = loser === 0 ? 1 : 0;
  const level = (await t.sockets[loser].join(t.id)).view.allowed.resign[0]?.level;
  if (level === undefined) throw new Error('no resignation allowed');
  const answer = t.sockets[winner].next((m) => m.t === 'event' && m.game === t.id && m.action.type === 'resign');
  t.sockets[loser].send({ t: 'act', game: t.id, v: s.v, action: { type: 'resign', level } });
  const state = await answer;
  if (state.t !== 'event') throw new Error('no resignation');
  return { state: { t: 'state', game: t.id, v: state.v, view: state.view }, loser, winner };
}

/** Sends the accept of a resignation and waits for what answers it: the event, or an error. */
export async function accept(t: Table, winner: 0 | 1, v: number): Promise<ServerMessage> {
  return t.sockets[winner].request(
    { t: 'act', game: t.id, v, action: { type: 'accept' } },
    (m) => (m.t === 'event' && m.game === t.id && m.v === v + 1) || (m.t === 'error' && m.game === t.id),
  );
}

/** Ends the match: the actor resigns, the other accepts; returns the last view and the winner. */
export async function endByResignation(t: Table): Promise<{ view: GameView; winner: 0 | 1 }> {
  const { state, winner } = await resignNow(t);
  const m = await accept(t, winner, state.v);
  if (m.t !== 'event') throw new Error(`accept refused: ${JSON.stringify(m)}`);
  return { view: m.view, winner };
}

export const closeTable = (t: Table): Promise<unknown> => Promise.all(t.sockets.map((s) => s.close()));
