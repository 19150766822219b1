import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAIRING_DEFAULTS,
  type PairingKind,
  type PairingOptions,
  type PairingRequest,
  type Pairings,
  pairings,
} from '../src/pairing.js';
import { quadraticPairings } from './support/quadratic-pairing.js';

const BG5: PairingKind = { play: { preset: 'backgammon' }, length: 5, clock: 'normal', rated: true };
const KINDS: readonly PairingKind[] = [
  BG5,
  { ...BG5, rated: false },
  { ...BG5, length: 7 },
  { ...BG5, clock: 'speed' },
  { play: { cycle: 'tavli' }, length: 5, clock: 'normal', rated: true },
];

/** Each request by its place in the pool given (ids may repeat, objects do not): the answer to compare. */
function shape(pool: readonly PairingRequest[], p: Pairings) {
  const at = (r: PairingRequest) => pool.indexOf(r);
  return {
    pairs: p.pairs.map(([a, b]) => [at(a), at(b)]),
    waiting: p.waiting.map(at),
    dropped: p.dropped.map(at),
  };
}

function expectSame(pool: readonly PairingRequest[], now: number, options: PairingOptions): void {
  const fast = pairings(pool, now, options);
  expect(shape(pool, fast)).toEqual(shape(pool, quadraticPairings(pool, now, options)));
}

/** Ratings that tie often (a few values, 1500 the newcomer's), and any rating a record may hold. */
const ratingArb = fc.oneof(
  fc.constantFrom(1500, 1450, 1550, 1600, 1400),
  fc.integer({ min: 1000, max: 2200 }),
  fc.double({ min: 0, max: 10_000, noNaN: true }),
);

/** Times of asking that tie often and that may lie after `now` (a request stamped later counts as just come). */
const sinceArb = fc.oneof(fc.constantFrom(0, 10_000, 20_000, 60_000), fc.integer({ min: 0, max: 200_000 }));

const requestArb = (players: number) =>
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 3 }),
    player: fc.integer({ min: 0, max: players }).map((p) => `p${p}`),
    rating: ratingArb,
    since: sinceArb,
    kind: fc.constantFrom(...KINDS),
  });

const poolArb = (maxLength: number, players: number) =>
  fc.uniqueArray(requestArb(players), { maxLength, size: 'max', selector: (r) => r.id });

/** The defaults, and bands of every shape: none at first, never growing, shrinking, without a maximum. */
const optionsArb: fc.Arbitrary<PairingOptions> = fc.oneof(
  fc.constant(PAIRING_DEFAULTS),
  fc.record({
    initial: fc.integer({ min: 0, max: 400 }),
    step: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: -100, max: -1 })),
    interval: fc.integer({ min: 1, max: 40_000 }),
    maximum: fc.oneof(fc.integer({ min: 0, max: 1_500 }), fc.constant(Number.POSITIVE_INFINITY)),
  }),
);

const nowArb = fc.integer({ min: 0, max: 300_000 });

describe('pairings pairs exactly as the quadratic scan (test/support/quadratic-pairing.ts)', () => {
  it('small pools, few players (a player often asks for several kinds, or one kind twice)', () => {
    fc.assert(
      fc.property(poolArb(30, 6), nowArb, optionsArb, (pool, now, options) => expectSame(pool, now, options)),
      { numRuns: 400 },
    );
  });

  it('larger pools: many players paired and removed one after another', () => {
    fc.assert(
      fc.property(poolArb(300, 150), nowArb, optionsArb, (pool, now, options) => expectSame(pool, now, options)),
      { numRuns: 60 },
    );
  });

  it('ids that repeat: the same stable order as the scan', () => {
    const pool = fc.array(
      requestArb(4).map((r) => ({ ...r, id: r.id.slice(0, 1) || 'x' })),
      { maxLength: 20, size: 'max' },
    );
    fc.assert(fc.property(pool, nowArb, optionsArb, (p, now, options) => expectSame(p, now, options)));
  });

  it('a pool that is already settled, and one newcomer (what the server asks on every request)', () => {
    fc.assert(
      fc.property(poolArb(60, 40), requestArb(40), nowArb, optionsArb, (pool, newcomer, now, options) => {
        const settled = quadraticPairings(pool, now, options).waiting;
        const arrived = { ...newcomer, id: '#new', since: now };
        expectSame([...settled, arrived], now, options);
      }),
      { numRuns: 200 },
    );
  });

  it('two ratings rounded to the same distance: the one that waited longer, as the scan', () => {
    // 1597.8789218470854 and the next larger double are both 1199.0659252165328 from the chooser.
    const chooser = 398.8129966305527;
    const lower = 1597.8789218470854;
    const upper = 1597.8789218470856;
    expect(upper).toBeGreaterThan(lower);
    expect(Math.abs(upper - chooser)).toBe(Math.abs(lower - chooser));
    const options = { ...PAIRING_DEFAULTS, maximum: Number.POSITIVE_INFINITY, step: 1_000 };
    const request = (id: string, rating: number, since: number): PairingRequest => ({
      id,
      player: id,
      rating,
      since,
      kind: BG5,
    });
    for (const [lowSince, highSince] of [
      [2_000, 1_000],
      [1_000, 2_000],
    ] as const) {
      const pool = [request('c', chooser, 0), request('l', lower, lowSince), request('u', upper, highSince)];
      expectSame(pool, 30_000, options);
      const older = lowSince < highSince ? 'l' : 'u';
      expect(pairings(pool, 30_000, options).pairs.map(([a, b]) => `${a.id}+${b.id}`)).toEqual([`c+${older}`]);
    }
  });

  it('an interval of 0 is refused when two players of one kind meet, as by the scan', () => {
    const broken = { ...PAIRING_DEFAULTS, interval: 0 };
    const a: PairingRequest = { id: 'a', player: 'ann', rating: 1500, since: 0, kind: BG5 };
    const a2: PairingRequest = { ...a, id: 'a2', kind: { ...BG5, rated: false } };
    expect(pairings([a, a2], 0, broken)).toEqual(quadraticPairings([a, a2], 0, broken));
    expect(() => quadraticPairings([a, { ...a, id: 'b', player: 'bob' }], 0, broken)).toThrow(RangeError);
    expect(() => pairings([a, { ...a, id: 'b', player: 'bob' }], 0, broken)).toThrow(RangeError);
  });
});
