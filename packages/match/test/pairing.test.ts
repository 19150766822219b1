import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canPair,
  kindKey,
  nextWidening,
  PAIRING_DEFAULTS,
  type PairingKind,
  type PairingOptions,
  type PairingRequest,
  type Pairings,
  pairingBand,
  pairings,
  waitingOrder,
} from '../src/pairing.js';

const BG5: PairingKind = { play: { preset: 'backgammon' }, length: 5, clock: 'normal', rated: true };
const KINDS: readonly PairingKind[] = [
  BG5,
  { ...BG5, rated: false },
  { ...BG5, length: 7 },
  { play: { cycle: 'tavli' }, length: 5, clock: 'normal', rated: true },
];

const request = (id: string, player: string, rating: number, since: number, kind = BG5): PairingRequest => ({
  id,
  player,
  rating,
  since,
  kind,
});

const ids = (rs: readonly PairingRequest[]) => rs.map((r) => r.id);
const pairIds = (p: Pairings) => p.pairs.map(([a, b]) => `${a.id}+${b.id}`);

/** A pool with unique ids, few players (so one player often has several requests) and few kinds. */
const poolArb = fc
  .array(
    fc.record({
      player: fc.integer({ min: 0, max: 6 }),
      rating: fc.integer({ min: 1200, max: 1900 }),
      since: fc.integer({ min: 0, max: 60_000 }),
      kind: fc.constantFrom(...KINDS),
    }),
    { maxLength: 24 },
  )
  .map((rs) => rs.map((r, i) => request(`r${i}`, `p${r.player}`, r.rating, r.since, r.kind)));

const nowArb = fc.integer({ min: 60_000, max: 180_000 });

/** The pair a player is in, if any. */
function pairOf(p: Pairings, player: string) {
  return p.pairs.find(([a, b]) => a.player === player || b.player === player);
}

describe('pairingBand: ±100 growing by 50 every 10 s up to ±500 (defaults)', () => {
  it.each([
    [0, 100],
    [-5_000, 100], // a request stamped after now counts as just arrived
    [9_999, 100],
    [10_000, 150],
    [25_000, 200],
    [60_000, 400],
    [79_999, 450],
    [80_000, 500],
    [3_600_000, 500],
  ])('after %i ms the band is ±%i', (waited, expected) => {
    expect(pairingBand(waited)).toBe(expected);
  });

  const custom: PairingOptions = { initial: 50, step: 100, interval: 5_000, maximum: 300 };
  it.each([
    [0, 50],
    [4_999, 50],
    [5_000, 150],
    [10_000, 250],
    [15_000, 300],
  ])('with ±50, +100 every 5 s up to 300: after %i ms the band is ±%i', (waited, expected) => {
    expect(pairingBand(waited, custom)).toBe(expected);
  });

  it('refuses an interval of 0 (a broken configuration, not input)', () => {
    expect(() => pairingBand(0, { ...PAIRING_DEFAULTS, interval: 0 })).toThrow(RangeError);
  });
});

describe('pairings: examples', () => {
  it('pairs the oldest request with the closest rating in band, the others keep waiting', () => {
    const a = request('a', 'ann', 1500, 0);
    const b = request('b', 'bob', 1580, 1_000);
    const c = request('c', 'cid', 1530, 2_000);
    const d = request('d', 'dan', 1700, 3_000);
    const p = pairings([d, c, b, a], 5_000);
    expect(pairIds(p)).toEqual(['a+c']);
    expect(ids(p.waiting)).toEqual(['b', 'd']);
    expect(p.dropped).toEqual([]);
  });

  it('equal distance: the partner who waited longer', () => {
    const p = pairings(
      [request('a', 'ann', 1500, 0), request('y', 'yan', 1450, 2_000), request('x', 'xi', 1550, 1_000)],
      3_000,
    );
    expect(pairIds(p)).toEqual(['a+x']);
  });

  it('the wider band decides: a long wait lets a newcomer 290 points away pair at once', () => {
    const old = request('old', 'ann', 1500, 0);
    const fresh = request('new', 'bob', 1790, 60_000);
    // After 60 s the old band is ±400, the newcomer's ±100.
    expect(pairIds(pairings([old, fresh], 60_000))).toEqual(['old+new']);
    // Had the newcomer come at 30 s, the old band (±250) would not have reached him yet.
    expect(pairIds(pairings([old, { ...fresh, since: 30_000 }], 30_000))).toEqual([]);
  });

  it('never pairs a player with himself, nor different kinds', () => {
    const p = pairings(
      [
        request('a', 'ann', 1500, 0),
        request('a2', 'ann', 1500, 1_000),
        request('b', 'bob', 1500, 2_000, { ...BG5, rated: false }),
        request('c', 'cid', 1500, 3_000, { ...BG5, clock: 'speed' }),
        request('d', 'dan', 1500, 4_000, { ...BG5, play: { preset: 'portes' } }),
      ],
      5_000,
    );
    expect(p.pairs).toEqual([]);
    expect(ids(p.waiting)).toEqual(['a', 'a2', 'b', 'c', 'd']);
  });

  it('a paired player is in one match: his other requests are dropped', () => {
    const casual = { ...BG5, rated: false };
    const p = pairings(
      [
        request('a', 'ann', 1500, 0),
        request('a2', 'ann', 1500, 500, casual),
        request('b', 'bob', 1510, 1_000),
        request('c', 'cid', 1490, 2_000, casual),
      ],
      3_000,
    );
    expect(pairIds(p)).toEqual(['a+b']);
    expect(ids(p.dropped)).toEqual(['a2']);
    expect(ids(p.waiting)).toEqual(['c']);
  });

  it('same time of asking: the smaller id is served first', () => {
    const p = pairings([request('b', 'bob', 1500, 0), request('a', 'ann', 1500, 0)], 0);
    expect(pairIds(p)).toEqual(['a+b']);
  });
});

describe('pairings: properties', () => {
  it('every request ends in exactly one of pairs, waiting, dropped', () => {
    fc.assert(
      fc.property(poolArb, nowArb, (pool, now) => {
        const p = pairings(pool, now);
        const seen = [...p.pairs.flat(), ...p.waiting, ...p.dropped];
        expect(seen).toHaveLength(pool.length);
        expect(new Set(seen)).toEqual(new Set(pool));
      }),
    );
  });

  it('never pairs a player with himself, never incompatible requests, never a player twice', () => {
    fc.assert(
      fc.property(poolArb, nowArb, (pool, now) => {
        const p = pairings(pool, now);
        const players = p.pairs.flatMap(([a, b]) => [a.player, b.player]);
        expect(new Set(players).size).toBe(players.length);
        for (const [a, b] of p.pairs) {
          expect(a.player).not.toBe(b.player);
          expect(kindKey(a.kind)).toBe(kindKey(b.kind));
          expect(canPair(a, b, now)).toBe(true);
          expect(waitingOrder(a, b)).toBeLessThan(0);
        }
        for (const r of p.dropped) expect(pairOf(p, r.player)).toBeDefined();
        for (const r of p.waiting) expect(pairOf(p, r.player)).toBeUndefined();
      }),
    );
  });

  it('leaves no two waiting requests that could play each other', () => {
    fc.assert(
      fc.property(poolArb, nowArb, (pool, now) => {
        const { waiting } = pairings(pool, now);
        for (const a of waiting) for (const b of waiting) expect(canPair(a, b, now)).toBe(false);
      }),
    );
  });

  it('fair in waiting order: a waiting request lost each possible partner to an older chooser', () => {
    fc.assert(
      fc.property(poolArb, nowArb, (pool, now) => {
        const p = pairings(pool, now);
        for (const a of p.waiting) {
          for (const x of pool) {
            if (!canPair(a, x, now)) continue;
            // x is not waiting (no two waiting ones pair): its player was paired by someone older than a.
            const pair = pairOf(p, x.player);
            expect(pair).toBeDefined();
            if (pair === undefined) continue;
            const [chooser, partner] = pair;
            expect(waitingOrder(chooser, a)).toBeLessThan(0);
            // When x itself chose, it took someone at least as close as a.
            if (chooser === x) {
              expect(Math.abs(partner.rating - x.rating)).toBeLessThanOrEqual(Math.abs(a.rating - x.rating));
            }
          }
        }
      }),
    );
  });

  it('the oldest request with a partner in band is paired, with the closest one', () => {
    fc.assert(
      fc.property(poolArb, nowArb, (pool, now) => {
        const p = pairings(pool, now);
        const oldest = [...pool].sort(waitingOrder).find((r) => pool.some((x) => canPair(r, x, now)));
        if (oldest === undefined) {
          expect(p.pairs).toEqual([]);
          return;
        }
        const first = p.pairs[0];
        expect(first?.[0]).toBe(oldest);
        const closest = Math.min(
          ...pool.filter((x) => canPair(oldest, x, now)).map((x) => Math.abs(x.rating - oldest.rating)),
        );
        expect(Math.abs((first?.[1].rating ?? Number.NaN) - oldest.rating)).toBe(closest);
      }),
    );
  });

  it('is deterministic: the same pool in any order gives the same answer', () => {
    fc.assert(
      fc.property(
        poolArb.chain((pool) => fc.tuple(fc.constant(pool), fc.shuffledSubarray(pool, { minLength: pool.length }))),
        nowArb,
        ([pool, shuffled], now) => {
          expect(pairings(shuffled, now)).toEqual(pairings(pool, now));
          expect(pairings(pool, now)).toEqual(pairings(pool, now));
        },
      ),
    );
  });

  it('band widening pairs distant ratings in the end, exactly when the wider band reaches them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 120_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (distance, lateBy, waited) => {
          const options = { ...PAIRING_DEFAULTS, maximum: Number.POSITIVE_INFINITY };
          const a = request('a', 'ann', 1000, 0);
          const b = request('b', 'bob', 1000 + distance, lateBy);
          const now = lateBy + waited;
          const paired = pairings([a, b], now, options).pairs.length === 1;
          expect(paired).toBe(distance <= pairingBand(now, options));
          // Waiting long enough always pairs: the older band reaches any distance.
          const enough = Math.ceil(Math.max(0, distance - 100) / 50) * 10_000;
          expect(pairings([a, b], Math.max(enough, lateBy), options).pairs).toHaveLength(1);
        },
      ),
    );
  });

  it('nextWidening: no band changes before it, and one does at it', () => {
    fc.assert(
      fc.property(poolArb, nowArb, (pool, now) => {
        const next = nextWidening(pool, now);
        const bandsAt = (t: number) => pool.map((r) => pairingBand(t - r.since));
        if (next === null) {
          expect(bandsAt(now + 10_000_000)).toEqual(bandsAt(now));
          return;
        }
        expect(next).toBeGreaterThan(now);
        expect(bandsAt(next - 1)).toEqual(bandsAt(now));
        expect(bandsAt(next)).not.toEqual(bandsAt(now));
        expect(pairings(pool, next - 1)).toEqual(pairings(pool, now));
      }),
    );
  });
});

describe('pairings: cost', () => {
  /** A pool whose fields count how often they are read. */
  function countedPool(n: number) {
    const reads = { rating: 0, player: 0, since: 0 };
    const pool = Array.from({ length: n }, (_, i): PairingRequest => {
      const fields = { rating: 1200 + ((i * 7_919) % 700), player: `p${i % (n - 5)}`, since: (i * 104_729) % 90_000 };
      return {
        id: `r${i}`,
        kind: KINDS[i % KINDS.length]!,
        get rating() {
          reads.rating++;
          return fields.rating;
        },
        get player() {
          reads.player++;
          return fields.player;
        },
        get since() {
          reads.since++;
          return fields.since;
        },
      };
    });
    return { pool, reads };
  }

  it('reads each request a few times, not once for every other request (the n² scan read 2,000 ratings 1.3 million times)', () => {
    const n = 2_000;
    const { pool, reads } = countedPool(n);
    const p = pairings(pool, 90_000);
    expect(p.pairs.length).toBeGreaterThan(100);
    expect(p.waiting.length).toBeGreaterThan(0);
    // Rating and player once each into the index; since by the sort, O(n log n).
    expect(reads.rating).toBeLessThanOrEqual(2 * n);
    expect(reads.player).toBeLessThanOrEqual(2 * n);
    expect(reads.since).toBeLessThanOrEqual(4 * n * Math.log2(n));
  });
});
