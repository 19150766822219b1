import { describe, expect, it } from 'vitest';
import { decideSpectators, spectatorCount, strangers } from '../src/game/company/spectators.js';
import { admits, companyMeta, viewerKey, viewerOfKey } from '../src/game/company/view.js';
import type { Subscriber } from '../src/game/room-result.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import type { GameRow } from '../src/store/types.js';
import { gameRowFor } from './support/game-row.js';

/* Who may watch and who may write, and a player forbidding spectators, decided on plain values. */

const people: GameRow['seats'] = [humanSeat('ana', 'Ana'), humanSeat('bo', 'Bo')];
const casual = (change: Partial<GameRow> = {}) => gameRowFor({ seats: people, ...change });
const sub = (userId: string | null): Subscriber => ({ userId, send: () => {} });
const code = (r: ReturnType<typeof decideSpectators>) => !r.ok && r.error.code;
/** The decision that stores `noSpectators` (null: nothing) and sends those without a seat away or not; everyone is told. */
const decided = (noSpectators: GameRow['noSpectators'] | null, sendAway: boolean) => ({
  ok: true,
  value: { store: noSpectators === null ? null : { noSpectators }, sendAway, tell: 'all', opening: false },
});

describe('decideSpectators', () => {
  it('a player of a casual match forbids them: stored, and those watching are sent away', () => {
    expect(decideSpectators(casual(), 1, false)).toEqual(decided([false, true], true));
  });

  it('allowed again by the one who forbade them, spectators may come back; the other’s ban still holds', () => {
    const forbidden = casual({ noSpectators: [true, true] });
    expect(decideSpectators(forbidden, 0, true)).toEqual(decided([false, true], true));
    const one = casual({ noSpectators: [true, false] });
    expect(decideSpectators(one, 0, true)).toEqual(decided([false, false], false));
  });

  it('a wish repeated stores nothing', () => {
    expect(decideSpectators(casual(), 0, true)).toEqual(decided(null, false));
    const forbidden = casual({ noSpectators: [true, false] });
    expect(decideSpectators(forbidden, 0, false)).toEqual(decided(null, true));
  });

  it('refuses a non-player, a rated match, a tournament’s, a match over and one against a bot', () => {
    expect(code(decideSpectators(casual(), null, false))).toBe('ERR_NO_SPECTATORS');
    expect(code(decideSpectators(casual({ rated: true }), 0, false))).toBe('ERR_NO_SPECTATORS');
    expect(code(decideSpectators(casual({ tournament: { id: 't1', round: 1 } }), 0, false))).toBe('ERR_NO_SPECTATORS');
    expect(code(decideSpectators(casual({ status: 'over' }), 0, false))).toBe('ERR_NO_SPECTATORS');
    const bot = gameRowFor({ seats: [humanSeat('ana', 'Ana'), botSeat('club')] });
    expect(code(decideSpectators(bot, 0, false))).toBe('ERR_NO_SPECTATORS');
  });
});

describe('who watches', () => {
  it('sends away everyone without a seat, guests and accounts, and keeps every socket of a player', () => {
    const ana = sub('ana');
    const ana2 = sub('ana');
    const cy = sub('cy');
    const guest = sub(null);
    expect(strangers(people, [ana, cy, guest, ana2])).toEqual([cy, guest]);
  });

  it('counts a person once, however many sockets, and each guest socket', () => {
    expect(spectatorCount(people, [sub('ana'), sub('cy'), sub('cy'), sub(null), sub(null), sub('bo')])).toBe(3);
    expect(spectatorCount(people, [sub('ana'), sub('bo')])).toBe(0);
  });

  it('admits a player always, anyone while the game waits or spectators are allowed, and anyone once over', () => {
    const forbidden = casual({ noSpectators: [false, true] });
    expect(admits(forbidden, 'ana')).toBe(true);
    expect(admits(forbidden, 'cy')).toBe(false);
    expect(admits(forbidden, null)).toBe(false);
    expect(admits({ ...forbidden, status: 'waiting' }, 'cy')).toBe(true);
    expect(admits({ ...forbidden, status: 'over' }, null)).toBe(true);
    expect(admits(casual(), null)).toBe(true);
  });

  it('lets a spectator with an account write in the spectators’ channel, a guest only read, a player his own', () => {
    const source = {
      seats: people,
      status: 'playing' as const,
      rated: false,
      fair: null,
      noSpectators: [false, false] as const,
      spectators: 2,
      tournament: null,
    };
    const chat = (key: Parameters<typeof viewerOfKey>[0]) => companyMeta(source, viewerOfKey(key)).chat;
    expect(chat('account')).toEqual({ write: 'spectators', read: ['spectators'] });
    expect(chat('guest')).toEqual({ write: null, read: ['spectators'] });
    expect(chat(0)).toEqual({ write: 'players', read: ['players'] });
    expect(companyMeta({ ...source, status: 'over' }, viewerOfKey(1)).chat).toEqual({
      write: 'players',
      read: ['players', 'spectators'],
    });
    // Only a player may forbid; a spectator's frame is one of two kinds.
    expect(companyMeta(source, viewerOfKey(0)).watch.canForbid).toBe(true);
    expect(companyMeta(source, viewerOfKey('account')).watch.canForbid).toBe(false);
    expect(viewerKey({ you: null, account: true })).toBe('account');
    expect(viewerKey({ you: 1, account: true })).toBe(1);
  });
});
