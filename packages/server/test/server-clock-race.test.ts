import { actorOf, type Decision, type MatchState, newMatch, seededDice, toAction } from '@zar/match';
import { afterEach, describe, expect, it } from 'vitest';
import { type BotRunner, fallbackDecision, type SeatRequest } from '../src/bots/index.js';
import { Pacer } from '../src/bots/pacer.js';
import { Room } from '../src/game/room.js';
import { Rooms } from '../src/game/rooms.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import { memoryStore } from '../src/store/index.js';
import type { GameRow, Store } from '../src/store/types.js';
import { gameRowFor, ONE_POINT } from './support/game-row.js';

/*
 * Races between a flag and an action, on a room built by hand: the server's time is a variable
 * the test moves, and the bots answer when the test lets them, so the flag can fall between a
 * decision being asked for and its being applied, with the room's timer (set on real time, a
 * minute away) not yet fired.
 */

const DELAY = 1_000;
const RESERVE = 60_000;

/** Bots that decide only when `release` is called, as the baseline bot would have. */
class HeldBots implements BotRunner {
  private held: (() => void)[] = [];
  asked = 0;
  decide(req: SeatRequest, match: MatchState): Promise<Decision> {
    this.asked++;
    return new Promise((resolve) => this.held.push(() => resolve(fallbackDecision(req, match))));
  }
  release(): void {
    for (const go of this.held.splice(0)) go();
  }
  forget(): void {}
  hint(): never {
    throw new Error('no hints here');
  }
  async close(): Promise<void> {}
}

const rooms: Room[] = [];
afterEach(async () => {
  for (const r of rooms.splice(0)) await r.close();
});

function botsRow(): GameRow {
  // Bots on the room's own dice: no fair dice to prove, nobody may forbid spectators.
  const seats = [botSeat('club'), botSeat('club')] as const;
  const record = {
    version: 1 as const,
    settings: ONE_POINT,
    players: ['Bot (club)', 'Bot (club)'] as [string, string],
  };
  return gameRowFor({ id: 'race01', record, seats, clock: { kind: 'timed', delayMs: DELAY, perPointMs: RESERVE } });
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5));
  if (!(await check())) throw new Error('never happened');
}

describe('a flag racing an action', () => {
  it('a bot whose flag fell while it thought loses on time; its late move is not stored', async () => {
    const store: Store = memoryStore();
    const row = botsRow();
    await store.createGame(row);
    let now = 0;
    const errors: unknown[] = [];
    const bots = new HeldBots();
    const room = new Room(row, newMatch(row.record.settings), [], seededDice('race'), {
      store,
      log: { error: (o) => errors.push(o), warn: () => {} },
      botDelayMs: 0,
      now: () => now,
      pacer: new Pacer(),
      bots,
    });
    rooms.push(room);
    await room.start();
    // The opening roll is stored, and the bot to move is asked.
    await until(() => bots.asked === 1);
    const opened = await store.actions(row.id);
    expect(opened.map((a) => a.action.type)).toEqual(['opening']);
    const actor = actorOf(room.match.game) as 0 | 1;
    // Its delay and reserve are spent while it thinks (to the millisecond); then it answers.
    now = DELAY + RESERVE;
    bots.release();
    await until(() => room.status === 'over');
    const stored = await store.actions(row.id);
    expect(stored.map((a) => a.action)).toEqual([opened[0]?.action, { type: 'timeout', player: actor }]);
    expect(stored.at(-1)?.at).toBe(DELAY + RESERVE);
    expect(room.match.winner).toBe(actor === 0 ? 1 : 0);
    expect(room.view(null).clock?.reserve[actor]).toBe(0);
    // Losing on time is no fault of the room's: nothing is logged as an error.
    expect(errors).toEqual([]);
  });

  it('a bot that answers a millisecond before its fall has its move stored, and the clock passes on', async () => {
    const store: Store = memoryStore();
    const row = botsRow();
    await store.createGame(row);
    let now = 0;
    const bots = new HeldBots();
    const room = new Room(row, newMatch(row.record.settings), [], seededDice('race'), {
      store,
      log: { error: () => {}, warn: () => {} },
      botDelayMs: 0,
      now: () => now,
      pacer: new Pacer(),
      bots,
    });
    rooms.push(room);
    await room.start();
    await until(() => bots.asked === 1);
    const actor = actorOf(room.match.game) as 0 | 1;
    now = DELAY + RESERVE - 1;
    bots.release();
    await until(async () => (await store.actions(row.id)).length >= 2);
    const stored = await store.actions(row.id);
    expect(stored[1]?.action.type).not.toBe('timeout');
    expect(room.status).toBe('playing');
    expect(room.view(null).clock?.reserve[actor]).toBe(1);
  });
});

describe('a copy the store is ahead of', () => {
  it('is broken and holds no flag timer: the fresh copy has its own', async () => {
    const store: Store = memoryStore();
    const row = botsRow();
    await store.createGame(row);
    const bots = new HeldBots();
    const room = new Room(row, newMatch(row.record.settings), [], seededDice('race'), {
      store,
      log: { error: () => {}, warn: () => {} },
      botDelayMs: 0,
      now: () => 0,
      pacer: new Pacer(),
      bots,
    });
    rooms.push(room);
    await room.start();
    await until(() => bots.asked === 1);
    // The clock runs for the bot to move: its timer keeps the room in memory.
    expect(room.idle(0, 0)).toBe(false);
    // Another writer stores the bot's move first (a write reported lost, but kept).
    const actor = actorOf(room.match.game) as 0 | 1;
    const decision = fallbackDecision({ game: row.id, seat: actor, level: 'club', seed: 1 }, room.match);
    const elsewhere = await store.appendAction(row.id, 1, toAction(decision, actor, seededDice('x')), 0);
    expect(elsewhere.ok).toBe(true);
    bots.release();
    await until(() => room.broken);
    expect(room.idle(0, 0)).toBe(true);
  });
});

describe('a match stored as the server shuts down', () => {
  it('(a rematch agreed in a closing room) is not started: no timer runs on, the next start recovers it', async () => {
    const store: Store = memoryStore();
    const rooms = new Rooms({
      store,
      log: { error: () => {}, warn: () => {} },
      botDelayMs: 0,
      now: () => 0,
      pacer: new Pacer(),
      heartbeatMs: 60_000,
      abandonAfterMs: 3_600_000,
    });
    await rooms.close();
    const row: GameRow = {
      ...botsRow(),
      id: 'late01',
      seats: [humanSeat('u1', 'Ana'), humanSeat('u2', 'Bo')],
      record: { ...botsRow().record, players: ['Ana', 'Bo'] },
    };
    const room = await rooms.create(row);
    expect(rooms.size).toBe(0);
    // Nothing scheduled: no opening roll, no flag timer.
    expect(room.idle(0, 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.actions(row.id)).toEqual([]);
    expect((await store.liveGames()).map((g) => g.id)).toEqual(['late01']);
    // Asked for again while closed (a socket's message during the shutdown): loaded, not started.
    const again = await rooms.get(row.id);
    expect(again?.version).toBe(0);
    expect(rooms.size).toBe(0);
    expect(again?.idle(0, 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.actions(row.id)).toEqual([]);
  });
});
