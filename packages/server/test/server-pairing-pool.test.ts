import { kindKey, MAX_OPEN_PAIRING_REQUESTS, parsePairingKind } from '@zar/match';
import type { SeekKind, ServerMessage } from '@zar/protocol';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { drawSeats, pairedGameRow } from '../src/lobby/paired-game.js';
import { PairingPool, type Seeker, seekKindOf } from '../src/lobby/pairing-pool.js';
import { People } from '../src/people/online.js';
import { memoryStore } from '../src/store/index.js';
import { ratedStore, testPool } from './support/pairing-pool.js';

const silent = pino({ level: 'silent' });

const KINDS: readonly SeekKind[] = [
  { game: 'backgammon', length: 5, clock: 'normal', rated: true },
  { game: 'backgammon', length: 5, clock: 'normal', rated: false },
  { game: 'plakoto', length: 3, clock: 'speed', rated: false },
  { cycle: 'tavli', length: 3, clock: 'untimed', rated: true },
  { preset: 'portes', length: 1, clock: 'casual', rated: false },
];

/** Four players: three accounts and a guest. */
const SEEKERS: readonly Seeker[] = [
  { id: 'user-a', name: 'ann', registered: true },
  { id: 'user-b', name: 'ben', registered: true },
  { id: 'user-c', name: 'cat', registered: true },
  { id: 'user-d', name: 'guest-d', registered: false },
];

/** A pool over a memory store whose rooms only keep the rows they are given, every player online. */
function fixture(options: { bandsWide?: boolean } = {}) {
  const people = new People();
  const inbox = new Map<string, ServerMessage[]>();
  const leave = new Map<string, () => void>();
  const online = (id: string) => {
    const box: ServerMessage[] = inbox.get(id) ?? [];
    inbox.set(id, box);
    leave.set(
      id,
      people.add(id, {
        send: (m) => {
          box.push(m);
        },
      }),
    );
  };
  for (const s of SEEKERS) online(s.id);
  const { pool, rows } = testPool(people, {
    now: () => 1_000_000,
    openGames: 1000,
    diceSeed: 'pool',
    // Every change paired at once: the checks below look at the pool right after each one.
    gapMs: 0,
    // Wide bands: every compatible pair may play at once, so the pool never holds one.
    ...(options.bandsWide === false ? {} : { options: { initial: 10_000, step: 0, interval: 1000, maximum: 10_000 } }),
  });
  return { pool, rows, people, inbox, leave, online };
}

const key = (kind: SeekKind): string => {
  const parsed = parsePairingKind(kind);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return kindKey(parsed.value);
};

/** Lets the matches being started reach their `paired` messages. */
const settle = () => new Promise((r) => setTimeout(r, 0));

type Command =
  | { readonly op: 'seek'; readonly who: number; readonly kind: number }
  | { readonly op: 'unseek'; readonly who: number; readonly nth: number }
  | { readonly op: 'leave'; readonly who: number }
  | { readonly op: 'back'; readonly who: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant('seek' as const), who: fc.nat(3), kind: fc.nat(KINDS.length - 1) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('unseek' as const), who: fc.nat(3), nth: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('leave' as const), who: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('back' as const), who: fc.nat(3) }) },
);

describe('the pairing pool', () => {
  it('keeps its invariants under any sequence of requests, cancels and departures', async () => {
    let matches = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), async (commands) => {
        const { pool, rows, people, inbox, leave, online } = fixture();
        /** Every request id each player was granted, with its kind's key. */
        const granted = new Map<string, { player: string; key: string }>();
        for (const c of commands) {
          const seeker = SEEKERS[c.who] as Seeker;
          if (c.op === 'seek') {
            const kind = KINDS[c.kind] as SeekKind;
            const r = await pool.seek(seeker, kind);
            if (r.ok) granted.set(r.value.id, { player: seeker.id, key: key(kind) });
            else if (kind.rated && !seeker.registered) expect(r.error.code).toBe('ERR_ACCOUNT_ONLY');
            else
              expect(['ERR_PAIRING_DUPLICATE', 'ERR_TOO_MANY_PAIRINGS', 'ERR_PAIRING_REQUEST']).toContain(r.error.code);
          } else if (c.op === 'unseek') {
            const mine = pool.seeksOf(seeker.id);
            const target = mine[c.nth];
            const r = pool.unseek(seeker.id, target?.id ?? 'no-such-id');
            expect(r.ok).toBe(target !== undefined);
          } else if (c.op === 'leave') {
            leave.get(seeker.id)?.();
            expect(pool.seeksOf(seeker.id)).toEqual([]);
          } else if (people.online(seeker.id) === 0) {
            online(seeker.id);
          }
          await settle();
          // Each player: at most a handful of requests, one per kind, none while away.
          let total = 0;
          const waitingKeys = new Map<string, string>();
          for (const s of SEEKERS) {
            const mine = pool.seeksOf(s.id);
            total += mine.length;
            expect(mine.length).toBeLessThanOrEqual(MAX_OPEN_PAIRING_REQUESTS);
            expect(new Set(mine.map((m) => key(m.kind))).size).toBe(mine.length);
            if (people.online(s.id) === 0) expect(mine).toEqual([]);
            for (const m of mine) {
              expect(granted.get(m.id)?.player).toBe(s.id);
              // Wide bands: two players waiting for the same kind would have been paired.
              const other = waitingKeys.get(key(m.kind));
              expect(other === undefined || other === s.id).toBe(true);
              waitingKeys.set(key(m.kind), s.id);
            }
          }
          expect(pool.size).toBe(total);
          expect(pool.counts().reduce((n, c) => n + c.waiting, 0)).toBe(total);
          expect(pool.counts().every((c) => c.waiting > 0)).toBe(true);
        }
        // Every match: two different players, each told of it once, for requests that were his, of one kind.
        for (const row of rows) {
          const [a, b] = row.seats.map((seat) => seat.userId as string);
          expect(a).not.toBe(b);
          const told = [a, b].map((id) =>
            (inbox.get(id as string) ?? []).filter((m) => m.t === 'paired' && m.game === row.id),
          );
          for (const [i, messages] of told.entries()) {
            expect(messages).toHaveLength(1);
            const seek = (messages[0] as Extract<ServerMessage, { t: 'paired' }>).seek;
            expect(granted.get(seek)?.player).toBe([a, b][i]);
          }
          const keys = told.map((m) => granted.get((m[0] as Extract<ServerMessage, { t: 'paired' }>).seek)?.key);
          expect(keys[0]).toBe(keys[1]);
          expect(row.status).toBe('playing');
        }
        matches += rows.length;
        await pool.close();
      }),
      { numRuns: 150 },
    );
    // The runs did pair players, so the checks on matches above were met, not skipped.
    expect(matches).toBeGreaterThan(0);
  });

  it('admits one of two identical requests sent at once', async () => {
    const { pool } = fixture({ bandsWide: false });
    const seeker = SEEKERS[0] as Seeker;
    const kind = KINDS[1] as SeekKind;
    const answers = await Promise.all([pool.seek(seeker, kind), pool.seek(seeker, kind), pool.seek(seeker, kind)]);
    expect(answers.filter((r) => r.ok)).toHaveLength(1);
    expect(answers.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual([
      'ERR_PAIRING_DUPLICATE',
      'ERR_PAIRING_DUPLICATE',
    ]);
    await pool.close();
  });

  it('does not keep a request of a player whose last socket closed while it was being checked', async () => {
    const { pool, leave } = fixture();
    const seeker = SEEKERS[1] as Seeker;
    const asked = pool.seek(seeker, KINDS[1] as SeekKind);
    leave.get(seeker.id)?.();
    const r = await asked;
    expect(r.ok).toBe(false);
    expect(pool.size).toBe(0);
    await pool.close();
  });

  it("counts a match being started, and one stored but not yet read, among a player's open games", async () => {
    const store = memoryStore();
    const people = new People();
    const inbox: ServerMessage[] = [];
    for (const s of SEEKERS) people.add(s.id, { send: (m) => inbox.push(m) });
    /** Each match's store write, held until the test lets it go. */
    const held: (() => void)[] = [];
    const pool = new PairingPool({
      store,
      rooms: {
        create: (row) =>
          new Promise((resolve) => {
            held.push(() => {
              void store.createGame(row).then(() => resolve(null as never));
            });
          }),
      },
      people,
      now: () => 7,
      log: silent,
      openGames: 1,
      diceSeed: undefined,
      gapMs: 0,
    });
    const [ann, ben, cat] = SEEKERS as [Seeker, Seeker, Seeker];
    const first = KINDS[1] as SeekKind;
    const second = KINDS[2] as SeekKind;
    expect((await pool.seek(ann, first)).ok).toBe(true);
    expect((await pool.seek(ben, first)).ok).toBe(true);
    expect(held).toHaveLength(1);
    // Ann's match is being stored: another request of hers would be a second open game.
    const during = await pool.seek(ann, second);
    expect(!during.ok && during.error.code).toBe('ERR_TOO_MANY_GAMES');
    // Stored and read: still one open game, so still refused; Cat, who has none, may ask.
    held[0]?.();
    await vi.waitFor(() => expect(inbox.filter((m) => m.t === 'paired')).toHaveLength(2));
    const after = await pool.seek(ann, second);
    expect(!after.ok && after.error.code).toBe('ERR_TOO_MANY_GAMES');
    expect((await pool.seek(cat, second)).ok).toBe(true);
    await pool.close();
  });

  it('forgets the matches it started for a player once he has left', async () => {
    const store = memoryStore();
    const people = new People();
    const leave = SEEKERS.map((s) => people.add(s.id, { send: () => {} }));
    // Its rooms store the match nowhere a read finds it: only the pool's own count knows of it.
    const { pool, rows } = testPool(people, { store, now: () => 7, openGames: 1, gapMs: 0 });
    const [ann, ben] = SEEKERS as [Seeker, Seeker];
    await pool.seek(ann, KINDS[1] as SeekKind);
    await pool.seek(ben, KINDS[1] as SeekKind);
    await settle();
    expect(rows).toHaveLength(1);
    const counted = await pool.seek(ann, KINDS[2] as SeekKind);
    expect(!counted.ok && counted.error.code).toBe('ERR_TOO_MANY_GAMES');
    // Ann leaves and comes back: her games are the store's to count now (here, none).
    leave[0]?.();
    people.add(ann.id, { send: () => {} });
    expect((await pool.seek(ann, KINDS[2] as SeekKind)).ok).toBe(true);
    await pool.close();
  });

  it('wakes for the next widening while open, and never once closed', async () => {
    vi.useFakeTimers();
    try {
      const people = new People();
      for (const s of SEEKERS) people.add(s.id, { send: () => {} });
      const ratings: Readonly<Record<string, number>> = { 'user-a': 1500, 'user-b': 1800, 'user-c': 1500 };
      const { pool, rows } = testPool(people, {
        store: ratedStore((userId) => ratings[userId] ?? 1500),
        options: { initial: 100, step: 100, interval: 1000, maximum: 1000 },
      });
      const [ann, ben, cat] = SEEKERS as [Seeker, Seeker, Seeker];
      const kind = KINDS[1] as SeekKind;
      // 300 apart: paired by the pool's own timer once the bands have grown twice.
      await pool.seek(ann, kind);
      await pool.seek(ben, kind);
      await vi.advanceTimersByTimeAsync(1500);
      expect(rows).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(rows).toHaveLength(1);
      // Again, but the pool closes first: its timer never fires a pairing.
      expect((await pool.seek(cat, kind)).ok).toBe(true);
      expect((await pool.seek(ben, kind)).ok).toBe(true);
      expect(vi.getTimerCount()).toBe(1);
      await pool.close();
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(rows).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells both players when their match cannot be stored, and keeps neither request', async () => {
    const people = new People();
    const inbox: ServerMessage[] = [];
    for (const s of SEEKERS) people.add(s.id, { send: (m) => inbox.push(m) });
    const pool = new PairingPool({
      store: memoryStore(),
      rooms: {
        create: async () => {
          throw new Error('disk full');
        },
      },
      people,
      now: () => 5,
      log: silent,
      openGames: 10,
      diceSeed: undefined,
      gapMs: 0,
    });
    const kind = KINDS[1] as SeekKind;
    await pool.seek(SEEKERS[0] as Seeker, kind);
    await pool.seek(SEEKERS[1] as Seeker, kind);
    await pool.close();
    expect(inbox.map((m) => m.t === 'error' && m.code)).toEqual(['ERR_INTERNAL', 'ERR_INTERNAL']);
    expect(pool.size).toBe(0);
  });
});

describe('the paired match', () => {
  it('names its kind back as the protocol does, whichever spelling was used', () => {
    for (const kind of KINDS) {
      const parsed = parsePairingKind(kind);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(seekKindOf(parsed.value)).toEqual(kind);
    }
    const byPreset = parsePairingKind({ preset: 'backgammon', length: 2, clock: 'speed', rated: false });
    expect(byPreset.ok && seekKindOf(byPreset.value)).toEqual({
      game: 'backgammon',
      length: 2,
      clock: 'speed',
      rated: false,
    });
  });

  it('draws the seats with the coin and builds a row being played by both', () => {
    expect(drawSeats(['x', 'y'], () => 0)).toEqual(['x', 'y']);
    expect(drawSeats(['x', 'y'], () => 1)).toEqual(['y', 'x']);
    const parsed = parsePairingKind(KINDS[3]);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const row = pairedGameRow(
      parsed.value,
      [
        { id: 'u1', name: 'ann' },
        { id: 'u2', name: 'ben' },
      ],
      'seed',
      42,
    );
    expect(row).toMatchObject({
      status: 'playing',
      open: false,
      rated: true,
      pool: 'tavli',
      clock: { kind: 'untimed' },
      series: [0, 0],
      rematchOf: null,
      abandonedBy: null,
      version: 0,
      createdAt: 42,
      seats: [
        { kind: 'human', userId: 'u1', name: 'ann', level: null },
        { kind: 'human', userId: 'u2', name: 'ben', level: null },
      ],
    });
    expect(row.record.players).toEqual(['ann', 'ben']);
    expect(row.record.settings.cycle.map((c) => c.game)).toEqual(['backgammon', 'plakoto', 'fevga']);
    expect(row.record.dice).toEqual({ source: 'seeded', seed: `seed:${row.id}` });
  });
});
