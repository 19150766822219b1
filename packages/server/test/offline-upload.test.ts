import { OfflineMatch } from '@zar/offline';
import { personChoice } from '@zar/offline/scripted-person';
import {
  type ErrorBody,
  type EventAction,
  type GameList,
  type MatchRecordView,
  type OfflineRecord,
  type OfflineUploaded,
  pathOf,
  REST,
} from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { checkOffline } from '../src/imports/offline-check.js';
import { bothStores } from './support/both-stores.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { Caller, startServer, TEST_LIMITS } from './support/harness.js';

const cleanups = cleanupsAfterEach();

/** A match played out in the browser's driver, as the page keeps and uploads it. */
async function played(seed: string): Promise<OfflineRecord> {
  const made = OfflineMatch.from({
    id: `offline-${seed}`,
    settings: {
      length: 1,
      cycle: [{ game: 'backgammon' }],
      jacoby: false,
      beaver: false,
      raccoon: false,
      automaticDoubles: 0,
      laterGames: 'opening-roll',
    },
    level: 'beginner',
    seed,
    names: ['You', 'Bot (beginner)'],
    actions: [],
    startedAt: 1_000,
  });
  if (!made.ok) throw new Error(made.error.message);
  const m = made.value;
  while (m.state.winner === null) {
    const r = m.due() ? await m.next() : m.act(personChoice(m.state).action);
    if (!r.ok) throw new Error(r.error.message);
  }
  return m.kept();
}

/** The record with action `index` (from 0) changed. */
const tampered = (r: OfflineRecord, index: number, action: EventAction): OfflineRecord => ({
  ...r,
  actions: r.actions.map((a, i) => (i === index ? action : a)),
});

describe('checking an offline record', () => {
  it('passes the record the driver kept, and refuses a tampered one at its first bad action', async () => {
    const record = await played('check');
    expect(checkOffline(record).ok).toBe(true);
    const rollAt = record.actions.findIndex((a) => a.type === 'roll');
    const roll = record.actions[rollAt] as Extract<EventAction, { type: 'roll' }>;
    // Other dice than the seed's.
    const sixes = tampered(record, rollAt, {
      ...roll,
      dice: roll.dice[0] === 6 && roll.dice[1] === 6 ? [5, 5] : [6, 6],
    });
    const dice = checkOffline(sixes);
    expect(dice.ok ? null : dice.error).toMatchObject({
      code: 'ERR_OFFLINE_DICE',
      detail: { params: { number: rollAt + 1 } },
    });
    // A play the rules refuse, after a changed one the rules accept.
    const playAt = record.actions.findIndex((a) => a.type === 'play' && a.play !== '');
    const play = record.actions[playAt] as Extract<EventAction, { type: 'play' }>;
    const illegal = checkOffline(tampered(record, playAt, { ...play, play: '24/1' }));
    expect(illegal.ok ? null : illegal.error).toMatchObject({
      code: 'ERR_OFFLINE_ACTION',
      detail: { params: { number: playAt + 1 } },
    });
    expect(illegal.ok ? '' : illegal.error.message).toMatch(new RegExp(`^action ${playAt + 1}: ERR_`));
    // An action out of turn, and a clock's timeout an offline match cannot have.
    const turn = checkOffline(tampered(record, 1, { type: 'double', player: 1 }));
    expect(turn.ok ? null : turn.error).toMatchObject({
      code: 'ERR_OFFLINE_ACTION',
      detail: { params: { number: 2 } },
    });
    const timeout = checkOffline(tampered(record, 3, { type: 'timeout', player: 1 }));
    expect(timeout.ok ? null : timeout.error).toMatchObject({
      code: 'ERR_OFFLINE_ACTION',
      detail: { params: { number: 4 } },
    });
  });
});

for (const [storeName, makeStore] of bothStores()) {
  describe(`POST /api/offline (${storeName})`, () => {
    it('adds the match to the history, casual and marked offline; the same upload again keeps one game', async () => {
      const server = await startServer({ store: await makeStore(), limits: TEST_LIMITS });
      cleanups.push(server.close);
      const me = new Caller(server.base);
      const record = await played('upload');
      const anonymous = await me.call<ErrorBody>('POST', pathOf(REST.uploadOffline), record);
      expect(anonymous.status).toBe(401);
      expect((await me.call('POST', pathOf(REST.guest), {})).status).toBe(200);
      const r = await me.call<OfflineUploaded>('POST', pathOf(REST.uploadOffline), record);
      expect(r.status).toBe(200);
      const again = await me.call<OfflineUploaded>('POST', pathOf(REST.uploadOffline), record);
      expect(again.body).toEqual(r.body);
      const mine = await me.call<GameList>('GET', pathOf(REST.history));
      expect(mine.body.games).toHaveLength(1);
      expect(mine.body.games[0]).toMatchObject({ id: r.body.id, status: 'over', rated: false, offline: true, you: 0 });
      expect(mine.body.games[0]?.players[1]).toMatchObject({ kind: 'bot', level: 'beginner' });
      const rec = await me.call<MatchRecordView>('GET', pathOf(REST.record, { id: r.body.id }));
      expect(rec.status).toBe(200);
      expect(rec.body).toMatchObject({ offline: true, status: 'over', v: record.actions.length });
    });

    it('refuses a tampered record with its first bad action, keeping nothing, and a body off the contract', async () => {
      const server = await startServer({ store: await makeStore(), limits: TEST_LIMITS });
      cleanups.push(server.close);
      const me = new Caller(server.base);
      await me.call('POST', pathOf(REST.guest), {});
      const record = await played('tamper');
      const rollAt = record.actions.findIndex((a) => a.type === 'roll');
      const roll = record.actions[rollAt] as Extract<EventAction, { type: 'roll' }>;
      const bad = tampered(record, rollAt, { ...roll, dice: roll.dice[0] === 1 ? [2, 2] : [1, 1] });
      const r = await me.call<ErrorBody>('POST', pathOf(REST.uploadOffline), bad);
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: 'ERR_OFFLINE_DICE', detail: { params: { number: rollAt + 1 } } });
      expect((await me.call<GameList>('GET', pathOf(REST.history))).body.games).toEqual([]);
      const shape = await me.call<ErrorBody>('POST', pathOf(REST.uploadOffline), { ...record, level: 'master' });
      expect(shape.status).toBe(400);
      expect(shape.body.error.code).toBe('ERR_BODY');
    });
  });
}
