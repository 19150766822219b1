import type { GameAction } from '@zar/match';
import { type Kysely, sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import type { Database, Store } from '../src/store/index.js';
import { type BotMatch, botMatch } from './support/bot-match.js';
import { createSchemaV1 } from './support/frozen-schemas.js';
import { upgradeSuites } from './support/upgrade-suites.js';

/*
 * Schema v2 keeps each match's score and winner in the games table. A database of schema v1
 * (fixtures/schema-v1.sql, frozen) has neither: opened with today's code, every game gets them
 * by replaying its actions, so a match that ended before the upgrade shows its final score and
 * winner in history from the first start.
 */
const RECORD = (length: number) =>
  JSON.stringify({
    version: 1,
    settings: {
      length,
      cycle: [{ game: 'backgammon' }],
      jacoby: false,
      beaver: false,
      raccoon: false,
      automaticDoubles: 0,
      laterGames: 'game-rule',
    },
    players: ['Ana', 'Bot'],
  });

const SEATS = JSON.stringify([
  { kind: 'human', userId: 'ana', name: 'Ana', level: null },
  { kind: 'bot', userId: null, name: 'Bot', level: 'club' },
]);

let over: BotMatch;
beforeAll(async () => {
  over = await botMatch({ length: 5, cycle: [{ game: 'backgammon' }] }, 3);
});

/** Schema v1 with plain SQL: a match over, one half played (its first game not ended) and one waiting. */
async function makeOldDatabase(db: Kysely<Database>): Promise<void> {
  await createSchemaV1(db);
  await sql`insert into users (id, name, password_hash, created_at) values ('ana', 'Ana', null, 1)`.execute(db);
  const firstGameEnds = over.actions.findIndex((_, i) => i > 0 && over.actions[i]?.type === 'opening');
  const games: [string, string, readonly GameAction[]][] = [
    ['over-game', 'over', over.actions],
    ['half-game', 'playing', over.actions.slice(0, Math.max(1, firstGameEnds - 3))],
    ['wait-game', 'waiting', []],
  ];
  for (const [id, status, actions] of games) {
    await sql`insert into games (id, record, seats, seat0_user, seat1_user, status, open, invite_token, version,
                                 created_at, updated_at)
              values (${id}, ${RECORD(5)}, ${SEATS}, 'ana', ${null}, ${status}, 0, ${null}, ${actions.length}, 2, 3)`.execute(
      db,
    );
    for (const [i, action] of actions.entries()) {
      await sql`insert into actions (game_id, seq, action, at) values (${id}, ${i + 1}, ${JSON.stringify(action)}, ${i})`.execute(
        db,
      );
    }
  }
}

async function expectOutcomes(store: Store): Promise<void> {
  expect(over.end.winner).not.toBeNull();
  expect(await store.gameById('over-game')).toMatchObject({
    status: 'over',
    score: [over.end.score[0], over.end.score[1]],
    winner: over.end.winner,
  });
  expect(await store.gameById('half-game')).toMatchObject({ score: [0, 0], winner: null });
  expect(await store.gameById('wait-game')).toMatchObject({ score: [0, 0], winner: null });
  const history = await store.gamesOfUser('ana', 10);
  expect(history.find((g) => g.id === 'over-game')?.score).toEqual([over.end.score[0], over.end.score[1]]);
  // Opened again: nothing left to fill in, nothing changed.
  await store.migrate();
  expect((await store.gameById('over-game'))?.winner).toBe(over.end.winner);
}

upgradeSuites({
  name: 'gets every game’s score and winner by replay at the upgrade',
  tag: 'outcome',
  makeOld: makeOldDatabase,
  check: expectOutcomes,
});
