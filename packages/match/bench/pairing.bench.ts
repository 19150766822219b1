/**
 * The quick pairing's cost: `pairings` (src/pairing.ts, the rating ladder) against the quadratic
 * scan it replaced (test/support/quadratic-pairing.ts), on the same pools in the same run, with
 * the ratio. Run with `npm run bench:pairing -w @zar/match` (`-- --sizes 1000,5000` for others).
 *
 * Two pools of each size, both made from a fixed seed:
 * - mixed: requests of 8 kinds, ratings around 1500 (σ 200, to 0.1), asked over the last 90 s,
 *   a fifth of the players with a second request: most of them pair at once.
 * - arrival: what the server asks on each new request, one newcomer in a pool where nobody can
 *   pair (10 requests of each of n/10 kinds, 1,001 points apart, bands of at most ±500).
 * The new function is timed as the median of several calls; the old one once (20,000 take tens of
 * seconds). Both answers are compared, pair for pair.
 */
import {
  kindKey,
  PAIRING_DEFAULTS,
  type PairingKind,
  type PairingRequest,
  type Pairings,
  pairings,
} from '../src/pairing.js';
import { quadraticPairings } from '../test/support/quadratic-pairing.js';
import { randomSource as random } from '../test/support/random-match.js';

const NOW = 1_000_000;

const kind = (length: number, clock: PairingKind['clock'], rated: boolean): PairingKind => ({
  play: { preset: 'backgammon' },
  length,
  clock,
  rated,
});

function mixedPool(n: number): PairingRequest[] {
  const next = random(n);
  const kinds = [1, 3, 5, 7].flatMap((length) => [kind(length, 'normal', true), kind(length, 'speed', false)]);
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const players = Math.ceil(n * 0.8);
  return Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    player: `p${i < players ? i : Math.floor(next() * players)}`,
    rating: Math.round((1500 + 200 * normal()) * 10) / 10,
    since: NOW - Math.floor(next() * 90_000),
    kind: kinds[Math.floor(next() * kinds.length)]!,
  }));
}

function arrivalPool(n: number): PairingRequest[] {
  const next = random(n + 1);
  const waiting = Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    player: `p${i}`,
    rating: (i % 10) * 1_001,
    since: NOW - Math.floor(next() * 90_000),
    kind: kind(1 + Math.floor(i / 10), 'normal', true),
  }));
  return [...waiting, { id: 'new', player: 'newcomer', rating: 1_500, since: NOW, kind: kind(1, 'normal', true) }];
}

function ms(run: () => Pairings): { ms: number; answer: Pairings } {
  const start = process.hrtime.bigint();
  const answer = run();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, answer };
}

const shape = (p: Pairings) =>
  JSON.stringify([p.pairs.map(([a, b]) => [a.id, b.id]), p.waiting.map((r) => r.id), p.dropped.map((r) => r.id)]);

function measure(name: string, pool: PairingRequest[]): void {
  const calls = Math.max(3, Math.min(50, Math.floor(200_000 / pool.length)));
  pairings(pool, NOW, PAIRING_DEFAULTS);
  const times: number[] = [];
  let fast: Pairings | null = null;
  for (let i = 0; i < calls; i++) {
    const t = ms(() => pairings(pool, NOW, PAIRING_DEFAULTS));
    times.push(t.ms);
    fast = t.answer;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const old = ms(() => quadraticPairings(pool, NOW, PAIRING_DEFAULTS));
  const same = fast !== null && shape(fast) === shape(old.answer);
  const kinds = new Set(pool.map((r) => kindKey(r.kind))).size;
  console.log(
    [
      `${name.padEnd(8)} n=${String(pool.length).padStart(6)}`,
      `kinds ${String(kinds).padStart(5)}`,
      `pairs ${String(old.answer.pairs.length).padStart(5)}`,
      `new ${median.toFixed(2).padStart(8)} ms (median of ${calls})`,
      `old ${old.ms.toFixed(1).padStart(9)} ms`,
      `old/new ${(old.ms / median).toFixed(0).padStart(5)}×`,
      same ? 'same answer' : 'DIFFERENT ANSWER',
    ].join('  '),
  );
  if (!same) process.exitCode = 1;
}

const flag = process.argv.indexOf('--sizes');
const sizes = flag >= 0 ? (process.argv[flag + 1] ?? '').split(',').map(Number) : [1_000, 5_000, 20_000];
console.log(
  `pairings at defaults (±${PAIRING_DEFAULTS.initial}, +${PAIRING_DEFAULTS.step} every ${PAIRING_DEFAULTS.interval} ms, up to ±${PAIRING_DEFAULTS.maximum})`,
);
for (const n of sizes) {
  measure('mixed', mixedPool(n));
  measure('arrival', arrivalPool(n - 1));
}
