import { describe, expect, it } from 'vitest';
import { decideRematch, NO_REMATCH, type Rematch, startRematch } from '../src/game/rating/rematch.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import type { Admission, Starter, StartGuard } from '../src/limits/games.js';
import type { GameRow } from '../src/store/types.js';
import { gameRowFor } from './support/game-row.js';

/* Rematch offers decided on plain values, and the start of one with a fake guard and creator. */

const people: GameRow['seats'] = [humanSeat('ana', 'Ana'), humanSeat('bo', 'Bo')];
const over = (change: Partial<GameRow> = {}) =>
  gameRowFor({ seats: people, status: 'over', winner: 0, series: [1, 1], ...change });
const NOW = 5_000;
const code = (r: ReturnType<typeof decideRematch>) => !r.ok && r.error.code;

describe('decideRematch', () => {
  it('an offer is kept and told to everyone; nothing starts until the other agrees', () => {
    const d = decideRematch(NO_REMATCH, over(), 0, true, NOW, 'next01');
    expect(d).toEqual({
      ok: true,
      value: { rematch: { offered: [true, false], next: null }, start: null, tell: 'all' },
    });
  });

  it('an offer made twice changes nothing: the same offers, told to its sender only', () => {
    const offered: Rematch = { offered: [true, false], next: null };
    const d = decideRematch(offered, over(), 0, true, NOW, 'next01');
    expect(d.ok && d.value.tell).toBe('sender');
    expect(d.ok && d.value.rematch).toBe(offered);
    // Declining what was never offered is a repeat too.
    const declined = decideRematch(NO_REMATCH, over(), 1, false, NOW);
    expect(declined.ok && declined.value).toEqual({ rematch: NO_REMATCH, start: null, tell: 'sender' });
  });

  it('an offer withdrawn is told to everyone', () => {
    const offered: Rematch = { offered: [true, false], next: null };
    const d = decideRematch(offered, over(), 0, false, NOW);
    expect(d.ok && d.value).toEqual({ rematch: NO_REMATCH, start: null, tell: 'all' });
  });

  it('both agreeing start the next match: its row, the same seats and settings, the series moved on', () => {
    const offered: Rematch = { offered: [true, false], next: null };
    const d = decideRematch(offered, over(), 1, true, NOW, 'next01');
    if (!d.ok) throw new Error(d.error.message);
    expect(d.value.rematch).toEqual({ offered: [true, true], next: 'next01' });
    expect(d.value.tell).toBe('all');
    const start = d.value.start as GameRow;
    expect(start).toMatchObject({
      id: 'next01',
      rematchOf: 'game01',
      status: 'playing',
      series: [2, 1],
      seats: people,
    });
    expect(start.createdAt).toBe(NOW);
  });

  it('a bot accepts at once', () => {
    const row = over({ seats: [humanSeat('ana', 'Ana'), botSeat('club')] });
    const d = decideRematch(NO_REMATCH, row, 0, true, NOW, 'next01');
    expect(d.ok && d.value.rematch).toEqual({ offered: [true, true], next: 'next01' });
    expect(d.ok && d.value.start?.id).toBe('next01');
  });

  it('refuses a spectator, a match not over, a rematch already started and a tournament’s match', () => {
    expect(code(decideRematch(NO_REMATCH, over(), null, true, NOW))).toBe('ERR_NOT_A_PLAYER');
    expect(code(decideRematch(NO_REMATCH, over({ status: 'playing', winner: null }), 0, true, NOW))).toBe(
      'ERR_NO_REMATCH',
    );
    expect(code(decideRematch({ offered: [true, true], next: 'next01' }, over(), 0, true, NOW))).toBe('ERR_NO_REMATCH');
    expect(code(decideRematch({ ...NO_REMATCH, closed: true }, over(), 0, true, NOW))).toBe('ERR_NO_REMATCH');
  });
});

describe('startRematch', () => {
  const next = gameRowFor({ id: 'next01', seats: people });

  /** A guard that answers `admission` and records whom it was asked for and whether the place was given back. */
  function guard(admission: 'ok' | 'refused') {
    const asked: { by: Starter; seated: readonly string[] }[] = [];
    let released = 0;
    const games: StartGuard = {
      async admit(by, seated): Promise<Admission> {
        asked.push({ by, seated: await seated() });
        if (admission === 'refused') {
          return { ok: false, error: { code: 'ERR_TOO_MANY_GAMES', message: 'too many' } };
        }
        return { ok: true, release: () => released++ };
      },
    };
    return { games, asked, released: () => released };
  }

  it('creates the next match, charged to its sender, and gives the guard’s place back', async () => {
    const g = guard('ok');
    const created: GameRow[] = [];
    const r = await startRematch(
      { games: g.games, create: async (row) => created.push(row) },
      over(),
      next,
      'bo',
      '::1',
    );
    expect(r).toEqual({ ok: true, value: undefined });
    expect(created).toEqual([next]);
    expect(g.asked).toEqual([{ by: { id: 'bo', address: '::1' }, seated: ['ana', 'bo'] }]);
    expect(g.released()).toBe(1);
  });

  it('creates nothing when the guard refuses, or where rematches are not served', async () => {
    const g = guard('refused');
    const created: GameRow[] = [];
    const r = await startRematch(
      { games: g.games, create: async (row) => created.push(row) },
      over(),
      next,
      'bo',
      '::1',
    );
    expect(!r.ok && r.error.code).toBe('ERR_TOO_MANY_GAMES');
    expect(created).toEqual([]);
    const none = await startRematch({}, over(), next, 'bo', '::1');
    expect(!none.ok && none.error.code).toBe('ERR_NO_REMATCH');
  });

  it('gives the place back when the creation fails', async () => {
    const g = guard('ok');
    const failing = { games: g.games, create: () => Promise.reject(new Error('the store is away')) };
    await expect(startRematch(failing, over(), next, 'bo', '::1')).rejects.toThrow('the store is away');
    expect(g.released()).toBe(1);
  });
});
