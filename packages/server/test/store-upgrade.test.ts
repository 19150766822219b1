import { type GameAction, replay } from '@zar/match';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { Pacer } from '../src/bots/pacer.js';
import { Rooms } from '../src/game/rooms.js';
import type { Database, GameRow, Store, StoredAction } from '../src/store/index.js';
import { createSchemaV1, SCHEMA_V1 } from './support/frozen-schemas.js';
import { upgradeSuites } from './support/upgrade-suites.js';

/**
 * A database made by an older server opens with today's code, in place, and loses nothing. It
 * is built from the frozen DDL of schema v1 (fixtures/schema-v1.sql) and filled with rows as
 * that server wrote them (a real game against the bot, eight actions in), then opened the way
 * the server opens it. Schema v1 already kept each action's time (actions.at, the room's clock
 * when it applied the action), so old actions come back with their exact times: no time is
 * made up, and a clock rebuilt from them is the one the players saw.
 */
const GAME = 'l5Yw2K1p3kbr8w';
const ANA = 'fRB2vzDsIG001aF2';

const OLD_GAME: GameRow = {
  id: GAME,
  record: {
    version: 1,
    settings: {
      length: 3,
      cycle: [{ game: 'backgammon', options: {} }],
      jacoby: false,
      beaver: false,
      raccoon: false,
      automaticDoubles: 0,
      laterGames: 'game-rule',
    },
    players: ['Ana', 'Bot (club)'],
    dice: { source: 'seeded', seed: `upgrade:${GAME}` },
  },
  seats: [
    { kind: 'human', userId: ANA, name: 'Ana', level: null },
    { kind: 'bot', userId: null, name: 'Bot (club)', level: 'club' },
  ],
  status: 'playing',
  open: false,
  inviteToken: null,
  createdAt: 1_700_000_006_000,
  updatedAt: 1_700_000_045_000,
  version: 8,
  score: [0, 0],
  winner: null,
  // Schema v3's columns as an older game gets them: untimed, casual, the pool of its settings.
  clock: { kind: 'untimed' },
  rated: false,
  pool: 'backgammon',
  rematchOf: null,
  series: [0, 0],
  abandonedBy: null,
  fair: null,
  noSpectators: [false, false],
  tournament: null,
  // Schema v5's: no reason a match created rated did not count.
  unrated: null,
};

const OLD_ACTIONS: readonly StoredAction[] = [
  { action: { type: 'opening', dice: [1, 3] }, at: 1_700_000_010_500 },
  { action: { type: 'play', play: '8/5 6/5', player: 1 }, at: 1_700_000_015_000 },
  { action: { type: 'roll', player: 0, dice: [6, 3] }, at: 1_700_000_022_500 },
  { action: { type: 'play', play: '24/21 8/2', player: 0 }, at: 1_700_000_027_000 },
  { action: { type: 'roll', player: 1, dice: [1, 3] }, at: 1_700_000_031_500 },
  { action: { type: 'play', play: '24/23*/20', player: 1 }, at: 1_700_000_036_000 },
  { action: { type: 'roll', player: 0, dice: [6, 5] }, at: 1_700_000_040_500 },
  { action: { type: 'double', player: 1 }, at: 1_700_000_045_000 },
];

/** The clock of the server that opens the old database. */
const NOW = 1_800_000_000_000;

/** Builds schema v1 and its rows with plain SQL: nothing of today's store takes part. */
async function makeOldDatabase(db: Kysely<Database>): Promise<void> {
  expect(SCHEMA_V1).toHaveLength(8);
  await createSchemaV1(db);
  const g = OLD_GAME;
  await sql`insert into users (id, name, password_hash, created_at)
            values (${ANA}, 'Ana', 'argon2-hash', ${1_700_000_000_000})`.execute(db);
  await sql`insert into sessions (id, user_id, created_at, last_seen_at)
            values ('session-1', ${ANA}, ${1_700_000_000_000}, ${1_700_000_045_000})`.execute(db);
  await sql`insert into games (id, record, seats, seat0_user, seat1_user, status, open, invite_token, version,
                               created_at, updated_at)
            values (${g.id}, ${JSON.stringify(g.record)}, ${JSON.stringify(g.seats)}, ${ANA}, ${null},
                    'playing', 0, ${null}, 8, ${g.createdAt}, ${g.updatedAt})`.execute(db);
  for (const [i, { action, at }] of OLD_ACTIONS.entries()) {
    await sql`insert into actions (game_id, seq, action, at)
              values (${g.id}, ${i + 1}, ${JSON.stringify(action)}, ${at})`.execute(db);
  }
}

/** What an upgraded store must give back, and that the game goes on from it. */
async function expectUpgraded(store: Store): Promise<void> {
  expect(await store.userByName('Ana')).toEqual({
    id: ANA,
    name: 'Ana',
    passwordHash: 'argon2-hash',
    createdAt: 1_700_000_000_000,
  });
  expect(await store.sessionById('session-1')).toEqual({
    id: 'session-1',
    userId: ANA,
    createdAt: 1_700_000_000_000,
    lastSeenAt: 1_700_000_045_000,
  });
  expect(await store.gameById(GAME)).toEqual(OLD_GAME);
  expect(await store.gamesOfUser(ANA, 10)).toEqual([OLD_GAME]);
  expect(await store.liveGames()).toEqual([OLD_GAME]);
  expect(await store.actions(GAME)).toEqual(OLD_ACTIONS);
  const replayed = replay({ ...OLD_GAME.record, actions: OLD_ACTIONS.map((a) => a.action) });
  expect(replayed.ok).toBe(true);

  // The game goes on where it stood: the room replays the old actions, and the next one is
  // stamped by today's clock after the old times.
  const rooms = new Rooms({ store, log: quiet, botDelayMs: 0, now: () => NOW, pacer: new Pacer() });
  const room = await rooms.get(GAME);
  expect(room?.version).toBe(8);
  expect(await room?.act(ANA, { type: 'take' }, 8)).toEqual({ ok: true, value: 9 });
  await rooms.close();
  const take: GameAction = { type: 'take', player: 0 };
  expect((await store.actions(GAME)).slice(0, 9)).toEqual([...OLD_ACTIONS, { action: take, at: NOW }]);
}

const quiet = {
  error: (obj: unknown) => {
    throw new Error(`the room logged an error: ${JSON.stringify(obj)}`);
  },
  warn: () => {},
};

upgradeSuites({
  name: 'opens in place with every row, each old action at its own time, and plays on',
  tag: 'upgrade',
  makeOld: makeOldDatabase,
  check: expectUpgraded,
});
