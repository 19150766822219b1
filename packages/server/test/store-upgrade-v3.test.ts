import { replay } from '@zar/match';
import { expect } from 'vitest';
import { memoryStore, type Store } from '../src/store/index.js';
import { type TalliedMatch, type TotalsByOwner, talliedTotals } from './support/dice-oracle.js';
import { createSchemaV3, SCHEMA_V3 } from './support/frozen-schemas.js';
import { upgradeSuites } from './support/upgrade-suites.js';

/*
 * Schema v4 opens a database of schema v3 (fixtures/schema-v3.sql, frozen with its
 * rows) in place. Its games read with no fair dice proof, nobody forbidding spectators and no
 * tournament; its analysed matches with no luck; and every match already over is counted into
 * the dice totals, exactly as appendAction counts a match that ends from now on.
 */

const GAMES = ['bot-over', 'rated-over', 'abandoned-over', 'nardy-playing', 'open-waiting'] as const;
const OVER = ['bot-over', 'rated-over', 'abandoned-over'] as const;
const PEOPLE = ['ana', 'bea', 'guest-1'] as const;
const V4_DEFAULTS = { fair: null, noSpectators: [false, false], tournament: null };

/** The games as the fixture stored them, read back after the upgrade: what v3 kept must not move. */
const KEPT = {
  'bot-over': { status: 'over', version: 115, score: [0, 1], winner: 1, rated: false, abandonedBy: null },
  'rated-over': { status: 'over', version: 106, score: [1, 0], winner: 0, rated: true, abandonedBy: null },
  'abandoned-over': { status: 'over', version: 15, score: [0, 1], winner: 1, rated: false, abandonedBy: 0 },
  'nardy-playing': { status: 'playing', version: 9, score: [0, 0], winner: null, rated: false, abandonedBy: null },
  'open-waiting': { status: 'waiting', version: 0, score: [0, 0], winner: null, rated: false, abandonedBy: null },
} as const;

/** The totals, counted straight from the records with the match layer's tallyMatchPlayer. */
async function expectedTotals(store: Store): Promise<TotalsByOwner> {
  const matches: TalliedMatch[] = [];
  for (const id of OVER) {
    const game = await store.gameById(id);
    if (game === null) throw new Error(`no ${id}`);
    matches.push({
      record: { ...game.record, actions: (await store.actions(id)).map((a) => a.action) },
      seats: game.seats,
    });
  }
  return talliedTotals(matches);
}

/** The totals a store of today makes counting the same matches live, as each one's last action is stored. */
async function liveTotals(upgraded: Store): Promise<Store> {
  const live = memoryStore();
  for (const id of OVER) {
    const game = await upgraded.gameById(id);
    if (game === null) throw new Error(`no ${id}`);
    const actions = await upgraded.actions(id);
    await live.createGame({ ...game, status: 'playing', version: 0 });
    for (const [i, a] of actions.entries()) {
      const r = await live.appendAction(id, i, a.action, a.at, i === actions.length - 1 ? 'over' : undefined);
      if (!r.ok) throw new Error(`${id}: ${r.code}`);
    }
  }
  return live;
}

async function expectUpgraded(store: Store): Promise<void> {
  const before = new Map<string, unknown>();
  for (const id of GAMES) {
    const game = await store.gameById(id);
    expect(game).toMatchObject({ ...KEPT[id], ...V4_DEFAULTS });
    const actions = await store.actions(id);
    expect(actions).toHaveLength(KEPT[id].version);
    const replayed = replay({ ...(game as NonNullable<typeof game>).record, actions: actions.map((a) => a.action) });
    if (!replayed.ok) throw new Error(`${id} does not replay: ${replayed.error.message}`);
    before.set(id, { game, actions });
  }
  // Every finished match counted once, bots' dice in the site's totals, each person's in his own.
  const expected = await expectedTotals(store);
  expect(expected.get(null)?.matches).toBe(3);
  expect(expected.get('bea')?.matches).toBe(2);
  for (const owner of [null, ...PEOPLE]) expect(await store.diceTotals(owner)).toEqual(expected.get(owner));
  const live = await liveTotals(store);
  for (const owner of [null, ...PEOPLE]) expect(await store.diceTotals(owner)).toEqual(await live.diceTotals(owner));
  // Analysed before luck was measured: PR kept, luck null, the opponent named as seated.
  expect(await store.luckOf('ana', 10)).toEqual([
    {
      gameId: 'bot-over',
      userId: 'ana',
      pr: 4,
      at: expect.any(Number),
      luck: null,
      opponentLuck: null,
      opponent: 'Bot (club)',
    },
    {
      gameId: 'rated-over',
      userId: 'ana',
      pr: 11.25,
      at: expect.any(Number),
      luck: null,
      opponentLuck: null,
      opponent: 'Bea',
    },
  ]);
  expect(await store.prOf('bea')).toEqual({ matches: 1, average: 7.5 });
  expect(await store.ratingChangesOf('rated-over')).toHaveLength(2);
  expect(await store.preferencesOf('ana')).toEqual({ theme: 'dark', sound: false });
  expect((await store.playingGames(0, 10)).map((g) => g.id)).toEqual(['nardy-playing']);

  // Opened again: nothing counted twice, nothing changed.
  const totals = await Promise.all([null, ...PEOPLE].map((o) => store.diceTotals(o)));
  await store.migrate();
  expect(await Promise.all([null, ...PEOPLE].map((o) => store.diceTotals(o)))).toEqual(totals);
  for (const id of GAMES) {
    expect({ game: await store.gameById(id), actions: await store.actions(id) }).toEqual(before.get(id));
  }

  // And it plays on: the match under way ends, and joins the totals with its last action.
  const ended = await store.appendAction(
    'nardy-playing',
    9,
    { type: 'timeout', player: 1 },
    1_765_100_000_000,
    'over',
    {
      score: [1, 0],
      winner: 0,
      abandonedBy: 1,
    },
  );
  expect(ended).toEqual({ ok: true });
  expect((await store.diceTotals(null)).matches).toBe(4);
  expect((await store.diceTotals('bea')).matches).toBe(3);
}

upgradeSuites({
  name: 'reads old games and analyses with the v4 defaults and counts every finished match’s dice once',
  tag: 'v4up',
  from: 'v3',
  makeOld: async (db) => {
    expect(SCHEMA_V3.filter((s) => s.startsWith('insert'))).toHaveLength(16);
    await createSchemaV3(db);
  },
  check: expectUpgraded,
});
