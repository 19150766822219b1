import type { GameAction } from '@zar/match';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameRow, SeatRow, Store, StoredAction, UserRow } from '../src/store/index.js';
import { companyContract } from './store-contract-company.js';
import { correspondenceContract } from './store-contract-correspondence.js';
import { diceContract } from './store-contract-dice.js';
import { ownersContract } from './store-contract-owners.js';
import { peopleContract } from './store-contract-people.js';
import { gameRowFor } from './support/game-row.js';

/**
 * What every Store must do, registered as vitest tests for one implementation. `makeStore`
 * gives a fresh, empty store each time (the contract runs migrate on it).
 */
export function storeContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await makeStore();
      await store.migrate();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('users', () => {
      it('stores accounts and guests and finds them by id and by name', async () => {
        expect(await store.createUser(user('u1', 'Ana'))).toEqual({ ok: true });
        expect(await store.createUser(user('g1', null))).toEqual({ ok: true });
        expect(await store.createUser(user('g2', null))).toEqual({ ok: true });
        expect(await store.userById('u1')).toEqual(user('u1', 'Ana'));
        expect(await store.userById('g2')).toEqual(user('g2', null));
        expect(await store.userByName('Ana')).toEqual(user('u1', 'Ana'));
        expect(await store.userById('nobody')).toBeNull();
        expect(await store.userByName('Nobody')).toBeNull();
      });

      it('refuses a name that is taken and keeps the holder as it was', async () => {
        await store.createUser(user('u1', 'Ana'));
        expect(await store.createUser(user('u2', 'Ana'))).toEqual({ ok: false, code: 'ERR_NAME_TAKEN' });
        expect(await store.userById('u2')).toBeNull();
        expect(await store.userByName('Ana')).toEqual(user('u1', 'Ana'));
      });

      it('refuses a second user with the same id (a broken invariant, so it throws)', async () => {
        await store.createUser(user('u1', 'Ana'));
        await expect(store.createUser(user('u1', 'Other'))).rejects.toThrow();
        expect(await store.userById('u1')).toEqual(user('u1', 'Ana'));
        expect(await store.userByName('Other')).toBeNull();
      });

      it('turns a guest into an account, unless the name is taken', async () => {
        await store.createUser(user('u1', 'Ana'));
        await store.createUser(user('g1', null));
        expect(await store.setCredentials('g1', 'Ana', 'hash')).toEqual({ ok: false, code: 'ERR_NAME_TAKEN' });
        expect(await store.userById('g1')).toEqual(user('g1', null));
        expect(await store.setCredentials('g1', 'Bo', 'hash-b')).toEqual({ ok: true });
        expect(await store.userByName('Bo')).toEqual({ ...user('g1', null), name: 'Bo', passwordHash: 'hash-b' });
        // Setting one's own current name again is not a clash.
        expect(await store.setCredentials('g1', 'Bo', 'hash-c')).toEqual({ ok: true });
        expect((await store.userById('g1'))?.passwordHash).toBe('hash-c');
        await expect(store.setCredentials('nobody', 'Cy', 'h')).rejects.toThrow();
      });

      it('keeps hostile and non-Latin names exactly, and the tables intact', async () => {
        const names = ["Robert'); DROP TABLE users;--", '"quoted" \\ back', 'Ἀλέξανδρος', 'أحمد', '🎲🎲', '%_*'];
        for (const [i, n] of names.entries()) expect(await store.createUser(user(`u${i}`, n))).toEqual({ ok: true });
        for (const [i, n] of names.entries()) expect(await store.userByName(n)).toEqual(user(`u${i}`, n));
        expect(await store.userByName('%')).toBeNull();
      });
    });

    describe('sessions', () => {
      it('creates, finds, touches and deletes sessions', async () => {
        await store.createUser(user('u1', 'Ana'));
        await store.createSession({ id: 's1', userId: 'u1', createdAt: 100, lastSeenAt: 100 });
        expect(await store.sessionById('s1')).toEqual({ id: 's1', userId: 'u1', createdAt: 100, lastSeenAt: 100 });
        await store.touchSession('s1', 250);
        expect(await store.sessionById('s1')).toEqual({ id: 's1', userId: 'u1', createdAt: 100, lastSeenAt: 250 });
        await store.deleteSession('s1');
        expect(await store.sessionById('s1')).toBeNull();
        // Logging out twice, or touching a session that is gone, is harmless.
        await store.deleteSession('s1');
        await store.touchSession('s1', 300);
        expect(await store.sessionById('s1')).toBeNull();
      });

      it('ends every session of one user and none of another', async () => {
        await store.createUser(user('u1', 'Ana'));
        await store.createUser(user('u2', 'Bo'));
        for (const [id, userId] of [
          ['a1', 'u1'],
          ['a2', 'u1'],
          ['b1', 'u2'],
        ] as const) {
          await store.createSession({ id, userId, createdAt: 1, lastSeenAt: 1 });
        }
        await store.deleteSessionsOfUser('u1');
        expect(await store.sessionById('a1')).toBeNull();
        expect(await store.sessionById('a2')).toBeNull();
        expect(await store.sessionById('b1')).toEqual({ id: 'b1', userId: 'u2', createdAt: 1, lastSeenAt: 1 });
        await store.deleteSessionsOfUser('u1');
      });

      it('drops the sessions seen last or begun at or before the given times, and no others', async () => {
        await store.createUser(user('u1', 'Ana'));
        const rows = [
          { id: 'idle', createdAt: 500, lastSeenAt: 100 },
          { id: 'old', createdAt: 50, lastSeenAt: 900 },
          { id: 'edge', createdAt: 500, lastSeenAt: 200 },
          { id: 'live', createdAt: 101, lastSeenAt: 201 },
        ];
        for (const r of rows) await store.createSession({ ...r, userId: 'u1' });
        expect(await store.deleteExpiredSessions(200, 100)).toBe(3);
        for (const id of ['idle', 'old', 'edge']) expect(await store.sessionById(id)).toBeNull();
        expect(await store.sessionById('live')).toEqual({ id: 'live', userId: 'u1', createdAt: 101, lastSeenAt: 201 });
        expect(await store.deleteExpiredSessions(200, 100)).toBe(0);
      });

      it('refuses a session for a user that does not exist', async () => {
        await expect(store.createSession({ id: 's1', userId: 'ghost', createdAt: 1, lastSeenAt: 1 })).rejects.toThrow();
        expect(await store.sessionById('s1')).toBeNull();
      });

      it('keeps timestamps beyond 32 bits as numbers', async () => {
        const now = 1_767_225_600_000; // 2026-01-01 in ms: needs BIGINT
        await store.createUser({ ...user('u1', 'Ana'), createdAt: now });
        await store.createSession({ id: 's1', userId: 'u1', createdAt: now, lastSeenAt: now + 1 });
        expect(await store.userById('u1')).toEqual({ ...user('u1', 'Ana'), createdAt: now });
        expect(await store.sessionById('s1')).toEqual({ id: 's1', userId: 'u1', createdAt: now, lastSeenAt: now + 1 });
      });
    });

    describe('games', () => {
      it('stores a game and finds it by id and by invite token', async () => {
        const g = game('g1', 10, { inviteToken: 'tok-1', open: false });
        await store.createGame(g);
        expect(await store.gameById('g1')).toEqual(g);
        expect(await store.gameByInvite('tok-1')).toEqual(g);
        expect(await store.gameByInvite('tok-2')).toBeNull();
        expect(await store.gameById('g2')).toBeNull();
      });

      it('refuses a second game with the same id or invite token, keeping the first', async () => {
        const g = game('g1', 10, { inviteToken: 'tok' });
        await store.createGame(g);
        await expect(store.createGame(game('g1', 20))).rejects.toThrow();
        await expect(store.createGame(game('g2', 20, { inviteToken: 'tok' }))).rejects.toThrow();
        expect(await store.gameById('g1')).toEqual(g);
        expect(await store.gameById('g2')).toBeNull();
      });

      it('updates seats, status, openness and invite token, never the version', async () => {
        await store.createGame(game('g1', 10, { inviteToken: 'tok' }));
        await store.appendAction('g1', 0, ALL_ACTIONS[0]!, 11);
        const seats: GameRow['seats'] = [human('u1', 'Ana'), human('u2', 'Bo')];
        await store.updateGame('g1', { seats, status: 'playing', open: false }, 20);
        expect(await store.gameById('g1')).toEqual({
          ...game('g1', 10, { inviteToken: 'tok' }),
          seats,
          status: 'playing',
          open: false,
          version: 1,
          updatedAt: 20,
        });
        await store.updateGame('g1', { inviteToken: null }, 30);
        const after = await store.gameById('g1');
        expect(after?.inviteToken).toBeNull();
        expect(after?.seats).toEqual(seats);
        expect(after?.updatedAt).toBe(30);
        expect(await store.gameByInvite('tok')).toBeNull();
        expect((await store.gamesOfUser('u2', 10)).map((x) => x.id)).toEqual(['g1']);
      });

      it('refuses to update a game that does not exist', async () => {
        await expect(store.updateGame('nope', { status: 'over' }, 1)).rejects.toThrow();
        expect(await store.gameById('nope')).toBeNull();
      });

      it('round-trips a record, its seats and every kind of action through JSON', async () => {
        const kinds = new Set(ALL_ACTIONS.map((a) => a.type));
        expect([...kinds].sort()).toEqual(Object.keys(ACTION_KINDS).sort());
        const g = game('g1', 10, { record: { ...record(), dice: { source: 'crypto' } } });
        await store.createGame(g);
        for (const [i, a] of ALL_ACTIONS.entries()) {
          expect(await store.appendAction('g1', i, a, 100 + i)).toEqual({ ok: true });
        }
        expect(await store.actions('g1')).toEqual(ALL_ACTIONS.map((a, i) => stored(a, 100 + i)));
        expect(await store.gameById('g1')).toEqual({
          ...g,
          version: ALL_ACTIONS.length,
          updatedAt: 100 + ALL_ACTIONS.length - 1,
        });
      });
    });

    describe('appendAction', () => {
      it('stores actions in order, one version each, and sets the status when asked', async () => {
        await store.createGame(game('g1', 10));
        await store.createGame(game('g2', 10));
        expect(await store.appendAction('g1', 0, play(0, 'a'), 11)).toEqual({ ok: true });
        expect(await store.appendAction('g2', 0, play(0, 'x'), 12)).toEqual({ ok: true });
        expect(await store.appendAction('g1', 1, play(1, 'b'), 13, 'playing')).toEqual({ ok: true });
        expect(await store.appendAction('g1', 2, play(0, 'c'), 14)).toEqual({ ok: true });
        expect(await store.actions('g1')).toEqual([
          stored(play(0, 'a'), 11),
          stored(play(1, 'b'), 13),
          stored(play(0, 'c'), 14),
        ]);
        expect(await store.actions('g2')).toEqual([stored(play(0, 'x'), 12)]);
        const g1 = await store.gameById('g1');
        expect([g1?.version, g1?.status, g1?.updatedAt]).toEqual([3, 'playing', 14]);
        expect(await store.actions('none')).toEqual([]);
      });

      it('keeps the match score and winner given with the action that changed them, and lists them', async () => {
        await store.createGame(game('g1', 10));
        expect(await store.gameById('g1')).toMatchObject({ score: [0, 0], winner: null });
        await store.appendAction('g1', 0, play(0, 'a'), 11, 'playing');
        await store.appendAction('g1', 1, play(1, 'b'), 12, undefined, { score: [2, 0], winner: null });
        expect(await store.gameById('g1')).toMatchObject({
          version: 2,
          status: 'playing',
          score: [2, 0],
          winner: null,
        });
        // An action with no outcome leaves the stored one as it was.
        await store.appendAction('g1', 2, play(0, 'c'), 13);
        expect(await store.gameById('g1')).toMatchObject({ version: 3, score: [2, 0], winner: null });
        await store.appendAction('g1', 3, play(1, 'd'), 14, 'over', { score: [2, 3], winner: 1 });
        const over = { version: 4, status: 'over', score: [2, 3], winner: 1, updatedAt: 14 };
        expect(await store.gameById('g1')).toMatchObject(over);
        expect(await store.gamesOfUser('u1', 5)).toMatchObject([over]);
        // A refused append stores no outcome either.
        expect(await store.appendAction('g1', 0, play(0, 'x'), 15, 'over', { score: [9, 9], winner: 0 })).toEqual(
          CONFLICT,
        );
        expect(await store.gameById('g1')).toMatchObject(over);
      });

      it('refuses a stale or future version and leaves the game as it was', async () => {
        await store.createGame(game('g1', 10));
        await store.appendAction('g1', 0, play(0, 'a'), 11);
        const before = await store.gameById('g1');
        expect(await store.appendAction('g1', 0, play(0, 'stale'), 12, 'over')).toEqual(CONFLICT);
        expect(await store.appendAction('g1', 2, play(0, 'future'), 12, 'over')).toEqual(CONFLICT);
        expect(await store.appendAction('g1', -1, play(0, 'negative'), 12)).toEqual(CONFLICT);
        expect(await store.appendAction('nope', 0, play(0, 'no game'), 12)).toEqual(CONFLICT);
        expect(await store.gameById('g1')).toEqual(before);
        expect(await store.actions('g1')).toEqual([stored(play(0, 'a'), 11)]);
        expect(await store.actions('nope')).toEqual([]);
      });

      it('rejects an action that cannot be serialised without touching the game', async () => {
        await store.createGame(game('g1', 10));
        const bad = { type: 'play', player: 0, play: 10n } as unknown as GameAction;
        await expect(store.appendAction('g1', 0, bad, 11)).rejects.toThrow();
        expect((await store.gameById('g1'))?.version).toBe(0);
        expect(await store.appendAction('g1', 0, play(0, 'a'), 12)).toEqual({ ok: true });
        expect(await store.actions('g1')).toEqual([stored(play(0, 'a'), 12)]);
      });

      it('keeps odd text in an action exactly (NUL, lone surrogate, quotes)', async () => {
        await store.createGame(game('g1', 10));
        const odd = play(1, '\u0000 \ud800 \'; DELETE FROM actions; -- "\\');
        await store.appendAction('g1', 0, odd, 11);
        expect(await store.actions('g1')).toEqual([stored(odd, 11)]);
      });

      it('keeps the time each action was applied exactly, beyond 32 bits, even when the clock steps back', async () => {
        const t = 1_767_225_600_123; // 2026-01-01 in ms, plus some: needs BIGINT, and every ms counts
        const times = [t, t + 1, t + 1, t + 59_999, t + 42, t + 86_400_000];
        await store.createGame(game('g1', 10));
        for (const [i, at] of times.entries()) await store.appendAction('g1', i, play(0, `p${i}`), at);
        expect(await store.actions('g1')).toEqual(times.map((at, i) => stored(play(0, `p${i}`), at)));
        expect((await store.gameById('g1'))?.updatedAt).toBe(t + 86_400_000);
      });

      it('lets exactly one of several concurrent appends at the same version win', async () => {
        await store.createGame(game('g1', 10));
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) => store.appendAction('g1', 0, play(0, `try ${i}`), 11)),
        );
        const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
        expect(winners).toHaveLength(1);
        expect(results.filter((r) => !r.ok)).toEqual(Array(7).fill(CONFLICT));
        expect(await store.actions('g1')).toEqual([stored(play(0, `try ${winners[0]}`), 11)]);
        expect((await store.gameById('g1'))?.version).toBe(1);
      });

      it('stores every acknowledged action exactly once when writers race and retry', async () => {
        await store.createGame(game('g1', 10));
        const writer = async (w: number): Promise<void> => {
          for (let n = 0; n < 6; ) {
            const version = (await store.gameById('g1'))?.version ?? -1;
            if ((await store.appendAction('g1', version, play(0, `${w}.${n}`), 20)).ok) n++;
          }
        };
        await Promise.all([0, 1, 2, 3].map(writer));
        const kept = await store.actions('g1');
        const plays = kept.map(({ action: a }) => (a.type === 'play' ? a.play : ''));
        expect(plays).toHaveLength(24);
        expect(kept.every((a) => a.at === 20)).toBe(true);
        expect((await store.gameById('g1'))?.version).toBe(24);
        for (const w of [0, 1, 2, 3]) {
          expect(plays.filter((p) => p.startsWith(`${w}.`))).toEqual([0, 1, 2, 3, 4, 5].map((n) => `${w}.${n}`));
        }
      });
    });

    describe('listings', () => {
      beforeEach(async () => {
        await store.createGame(game('a', 10));
        await store.createGame(game('b', 30));
        await store.createGame(game('c', 20, { open: false, seats: [human('u3', 'C'), human(null, 'invited')] }));
        await store.createGame(game('d', 30));
        await store.createGame(
          game('e', 40, { status: 'playing', open: false, seats: [human('u1', 'A'), human('u2', 'B')] }),
        );
        await store.createGame(
          game('f', 50, { status: 'over', open: false, seats: [human('u2', 'B'), human('u1', 'A')] }),
        );
        await store.createGame(game('g', 60, { status: 'playing', open: true }));
      });

      it('lists open waiting games newest first, ties by id descending, up to the limit', async () => {
        expect(ids(await store.openGames(10))).toEqual(['d', 'b', 'a']);
        expect(ids(await store.openGames(2))).toEqual(['d', 'b']);
        expect(ids(await store.openGames(0))).toEqual([]);
        expect(ids(await store.openGames(-5))).toEqual([]);
        expect(ids(await store.openGames(1.7))).toEqual(['d']);
      });

      it('lists live games (not over) oldest first, and drops a game once it is over', async () => {
        expect(ids(await store.liveGames())).toEqual(['a', 'c', 'b', 'd', 'e', 'g']);
        await store.updateGame('e', { status: 'over' }, 70);
        expect(ids(await store.liveGames())).toEqual(['a', 'c', 'b', 'd', 'g']);
      });

      it('lists playing games against a bot unchanged since a time, least recently changed first', async () => {
        // g (60) is the only bot game playing; h and i join it, i changed later by an action.
        await store.createGame(game('h', 5, { status: 'playing', open: false }));
        await store.createGame(game('i', 1, { status: 'playing', open: false }));
        await store.appendAction('i', 0, { type: 'opening', dice: [3, 1] }, 55);
        expect(ids(await store.idleBotGames(100, 10))).toEqual(['h', 'i', 'g']);
        expect(ids(await store.idleBotGames(100, 2))).toEqual(['h', 'i']);
        expect(ids(await store.idleBotGames(55, 10))).toEqual(['h', 'i']);
        expect(ids(await store.idleBotGames(54, 10))).toEqual(['h']);
        // Two people (e), waiting (a) or over: never listed.
        await store.updateGame('h', { status: 'over' }, 70);
        expect(ids(await store.idleBotGames(1000, 10))).toEqual(['i', 'g']);
      });

      it("lists a user's games in either seat, newest first, up to the limit", async () => {
        expect(ids(await store.gamesOfUser('u1', 10))).toEqual(['g', 'f', 'e', 'd', 'b', 'a']);
        expect(ids(await store.gamesOfUser('u1', 3))).toEqual(['g', 'f', 'e']);
        expect(ids(await store.gamesOfUser('u3', 10))).toEqual(['c']);
        expect(ids(await store.gamesOfUser('u2', 10))).toEqual(['f', 'e']);
        expect(ids(await store.gamesOfUser('u2', 1))).toEqual(['f']);
        expect(ids(await store.gamesOfUser('nobody', 10))).toEqual([]);
      });

      it('finds the rematch a match started however many games its players played since', async () => {
        await store.createGame(game('m1', 500, { status: 'over', open: false }));
        expect(await store.rematchOf('m1')).toBeNull();
        await store.createGame(game('m2', 600, { status: 'playing', open: false, rematchOf: 'm1' }));
        for (let i = 0; i < 60; i++) await store.createGame(game(`later${i}`, 700 + i, { open: false }));
        expect(await store.rematchOf('m1')).toBe('m2');
        expect(await store.rematchOf('m2')).toBeNull();
        expect(await store.rematchOf('nothing')).toBeNull();
      });
    });

    it('keeps copies: changing what was written or read changes nothing stored', async () => {
      type Loose = { seats: { name: string }[]; status: string };
      const written = game('g1', 10);
      await store.createGame(written);
      (written as unknown as Loose).status = 'over';
      (written as unknown as Loose).seats[0]!.name = 'changed';
      const read = (await store.gameById('g1')) as unknown as Loose;
      read.status = 'over';
      read.seats[0]!.name = 'changed';
      expect(await store.gameById('g1')).toEqual(game('g1', 10));
    });

    peopleContract(() => store);
    diceContract(() => store);
    companyContract(() => store);
    ownersContract(() => store);
    correspondenceContract(() => store);

    it('runs migrate again without losing anything', async () => {
      await store.createUser(user('u1', 'Ana'));
      await store.createGame(game('g1', 10));
      await store.appendAction('g1', 0, play(0, 'a'), 11);
      await store.migrate();
      expect(await store.userById('u1')).toEqual(user('u1', 'Ana'));
      expect(await store.actions('g1')).toEqual([stored(play(0, 'a'), 11)]);
    });
  });
}

const CONFLICT = { ok: false, code: 'ERR_VERSION_CONFLICT' };

/** One entry per action type: adding a type to GameAction fails to compile here until listed. */
const ACTION_KINDS = {
  opening: true,
  roll: true,
  play: true,
  double: true,
  take: true,
  drop: true,
  beaver: true,
  raccoon: true,
  resign: true,
  accept: true,
  decline: true,
  timeout: true,
} satisfies Record<GameAction['type'], true>;

export const ALL_ACTIONS: readonly GameAction[] = [
  { type: 'opening', dice: [3, 1] },
  { type: 'play', player: 0, play: '8/5 6/5' },
  { type: 'roll', player: 1, dice: [6, 6] },
  { type: 'play', player: 1, play: '' },
  { type: 'double', player: 0 },
  { type: 'beaver', player: 1 },
  { type: 'raccoon', player: 0 },
  { type: 'take', player: 1 },
  { type: 'drop', player: 0 },
  { type: 'resign', player: 1, level: 2 },
  { type: 'decline', player: 0 },
  { type: 'accept', player: 0 },
  { type: 'timeout', player: 1 },
];

export function play(player: 0 | 1, text: string): GameAction {
  return { type: 'play', player, play: text };
}

/** An action as actions() gives it back: applied at `at`. */
export function stored(action: GameAction, at: number): StoredAction {
  return { action, at };
}

export function user(id: string, name: string | null): UserRow {
  return { id, name, passwordHash: name === null ? null : `hash:${id}`, createdAt: 1000 };
}

export function human(userId: string | null, name: string): SeatRow {
  return { kind: 'human', userId, name, level: null };
}

export function record(): GameRow['record'] {
  return {
    version: 1,
    settings: {
      length: 5,
      cycle: [{ game: 'backgammon' }, { game: 'plakoto', options: { note: 'ü "q"' } }],
      jacoby: false,
      beaver: true,
      raccoon: false,
      automaticDoubles: 1,
      laterGames: 'opening-roll',
    },
    players: ['Ana', 'Ἀλέξανδρος'],
    dice: { source: 'seeded', seed: 'seed-1' },
  };
}

/** A lobby game of u1 against a bot, created at `createdAt`. */
export function game(id: string, createdAt: number, change: Partial<GameRow> = {}): GameRow {
  const seats = [human('u1', 'Ana'), { kind: 'bot', userId: null, name: 'Bot', level: 'strong' }] as const;
  const lobby = { status: 'waiting', open: true, pool: null } as const;
  return gameRowFor({ id, record: record(), seats, ...lobby, createdAt, updatedAt: createdAt, ...change });
}

function ids(games: readonly GameRow[]): string[] {
  return games.map((g) => g.id);
}
