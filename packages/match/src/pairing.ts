/**
 * Quick pairing: which waiting requests start a match now. Pure: the pool
 * and the time are given, nothing is read from a clock or a random source, and the answer
 * depends on neither the order of the requests nor anything else.
 *
 * How the server uses it: the pool is a list of PairingRequest (pairing-request.ts parses one,
 * pairing-limits.ts admits it). After a new request and at the time `nextWidening` names, at
 * most once a short gap (its pairing-schedule.ts), it calls `pairings(pool, now, options)` with
 * the pool as it is then, starts a match for each pair (settings from `pairingSettings(kind)`),
 * removes the pairs and the dropped requests from the pool, and publishes the waiting counts per
 * `kindKey` to the lobby. Seats are the server's to draw: the first of a pair is only the one
 * that waited longer.
 *
 * The rules:
 * - Two requests are compatible when their kinds are equal exactly (kindKey) and they belong
 *   to two players: a player is never paired with himself.
 * - A request's band is ±`initial` rating points, growing by `step` every `interval` ms it
 *   waits, up to `maximum`. A compatible pair may play when their rating difference is within
 *   the WIDER of the two bands. So a player who has waited long is paired with the next
 *   player who comes, even far from him, instead of both waiting until the newcomer's band
 *   has grown too (lichess's pools likewise add both players' waiting to one pair score). The
 *   newcomer accepted distant opponents by asking for a kind; his own band only keeps others
 *   from matching him sooner than their own wait allows.
 * - Fair in waiting order: requests are served oldest first (ties by id). The oldest waiting
 *   request takes the closest-rated compatible request (ties: the one waiting longer), then
 *   the next oldest still waiting chooses, and so on. A request is left waiting only when every
 *   request compatible with it was taken by an older one first.
 * - A player is in at most one match per call: once one of his requests is paired, his other
 *   requests are dropped (lichess removes a player's seeks when his game starts).
 *
 * Cost: O(n log n) for n waiting requests whenever bands never shrink, where a chooser scanning the
 * whole queue cost n² (20,000 waiting took 20 s a call; `npm run bench:pairing -w @zar/match` times
 * both).
 * The queue is sorted once, and each kind's requests are laid out by rating, then waiting order
 * (rating-ladder.ts, sorted once more). Each chooser then looks only at the ratings next to his:
 * - He never needs an older request: one still waiting, another player's and compatible with him,
 *   would have found him at its own turn (compatibility is symmetric, and the pool only loses
 *   requests between its turn and his), so none is there.
 * - Bands that never shrink with waiting (step ≥ 0, the defaults too) make a younger request's band
 *   at most his, so the wider band is his own: his partner is within ±his band of his rating. The
 *   walk goes outward from his rating on both sides, rung of equal ratings by rung, and stops at
 *   the first rung farther than his band or than the best found; in a rung the first request still
 *   waiting that is not his own waited longest. A paired player's requests leave the ladder, and
 *   the walk skips them, at O(α(n)) each (union-find).
 * So each chooser costs the rungs he looks at: his own requests of the kind (one, as the pool's
 * limits allow), and rarely a second rung as close as the first because rounding made two
 * differences equal. With shrinking bands the walk is not bounded by his band; still exact.
 * test/support/quadratic-pairing.ts keeps the scan as the oracle this must answer exactly like.
 * Refusals (pairing-request.ts, pairing-limits.ts) use ERR_PAIRING_REQUEST, ERR_SETTINGS,
 * ERR_PAIRING_DUPLICATE, ERR_TOO_MANY_PAIRINGS and ERR_ACCOUNT_ONLY.
 */
import { kindKey, type PairingRequest } from './pairing-request.js';
import { RatingLadder } from './rating-ladder.js';

export * from './pairing-limits.js';
export * from './pairing-request.js';

export interface PairingOptions {
  /** Half-width of the band of a request that has just arrived, in rating points. */
  readonly initial: number;
  /** How much the band grows each interval. */
  readonly step: number;
  /** Ms between two growths of the band; more than 0. */
  readonly interval: number;
  /** The widest band; Infinity lets every request pair with any compatible one in the end. */
  readonly maximum: number;
}

/** ±100 growing by 50 every 10 s: anyone within 500 points after 80 s of waiting. */
export const PAIRING_DEFAULTS: PairingOptions = { initial: 100, step: 50, interval: 10_000, maximum: 500 };

export interface Pairings {
  /** The matches to start, each with the request that waited longer first; oldest pair first. */
  readonly pairs: readonly (readonly [PairingRequest, PairingRequest])[];
  /** Still waiting, longest waiting first. */
  readonly waiting: readonly PairingRequest[];
  /** Other requests of players who were paired now: the server removes them from the pool. */
  readonly dropped: readonly PairingRequest[];
}

/** The band of a request that has waited `waited` ms (less than 0 counts as 0). */
export function pairingBand(waited: number, options: PairingOptions = PAIRING_DEFAULTS): number {
  if (!(options.interval > 0)) throw new RangeError('a pairing interval is more than 0 ms');
  const growths = Math.floor(Math.max(0, waited) / options.interval);
  return Math.min(options.maximum, options.initial + growths * options.step);
}

/** Waiting order: the one that asked first, then the smaller id (ids are unique in a pool). */
export function waitingOrder(a: PairingRequest, b: PairingRequest): number {
  if (a.since !== b.since) return a.since - b.since;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether two requests may be paired at `now`, whoever else waits. */
export function canPair(
  a: PairingRequest,
  b: PairingRequest,
  now: number,
  options: PairingOptions = PAIRING_DEFAULTS,
): boolean {
  return a.player !== b.player && kindKey(a.kind) === kindKey(b.kind) && withinBands(a, b, now, options);
}

/** The ratings are within the wider of the two bands. */
function withinBands(a: PairingRequest, b: PairingRequest, now: number, options: PairingOptions): boolean {
  const wider = Math.max(pairingBand(now - a.since, options), pairingBand(now - b.since, options));
  return Math.abs(a.rating - b.rating) <= wider;
}

/** The pairs to start at `now`, and who keeps waiting. */
export function pairings(
  requests: readonly PairingRequest[],
  now: number,
  options: PairingOptions = PAIRING_DEFAULTS,
): Pairings {
  const queue = [...requests].sort(waitingOrder);
  const keys = queue.map((r) => kindKey(r.kind));
  if (!(options.interval > 0)) return unbanded(queue, keys, options);
  const n = queue.length;
  const ladder = new RatingLadder(
    keys,
    queue.map((r) => r.rating),
    queue.map((r) => r.player),
  );
  const bands = Float64Array.from(queue, (r) => pairingBand(now - r.since, options));
  // Bands that only grow with waiting: a later request's band is at most the chooser's.
  const widerFirst = options.step >= 0;
  const taken = new Uint8Array(n);
  const pairs: (readonly [PairingRequest, PairingRequest])[] = [];
  for (const [rank, chooser] of queue.entries()) {
    // Out of the ladder: his player was paired by an older chooser.
    if (!ladder.has(rank)) continue;
    const partner = ladder.closest(rank, bands, widerFirst ? bands[rank]! : Number.POSITIVE_INFINITY);
    if (partner < 0) continue;
    pairs.push([chooser, queue[partner]!]);
    taken[rank] = taken[partner] = 1;
    ladder.removePlayerOf(rank);
    ladder.removePlayerOf(partner);
  }
  const waiting: PairingRequest[] = [];
  const dropped: PairingRequest[] = [];
  for (const [rank, r] of queue.entries()) {
    // Still in the ladder: his player was not paired.
    if (taken[rank] === 0) (ladder.has(rank) ? waiting : dropped).push(r);
  }
  return { pairs, waiting, dropped };
}

/**
 * A pool under an interval that is not more than 0: pairingBand refuses it (a broken
 * configuration) as soon as two players of one kind are compared; until then nobody pairs.
 */
function unbanded(queue: readonly PairingRequest[], keys: readonly string[], options: PairingOptions): Pairings {
  const playerOf = new Map<string, string>();
  for (const [rank, key] of keys.entries()) {
    const player = queue[rank]!.player;
    const first = playerOf.get(key);
    if (first === undefined) playerOf.set(key, player);
    else if (first !== player) pairingBand(0, options);
  }
  return { pairs: [], waiting: [...queue], dropped: [] };
}

/**
 * The first time after `now` when a waiting request's band grows, or null when every band is
 * at its maximum: the server need not call `pairings` again before then unless the pool changes.
 */
export function nextWidening(
  requests: readonly PairingRequest[],
  now: number,
  options: PairingOptions = PAIRING_DEFAULTS,
): number | null {
  let next: number | null = null;
  for (const r of requests) {
    const waited = Math.max(0, now - r.since);
    if (pairingBand(waited, options) >= options.maximum || options.step <= 0) continue;
    const at = r.since + (Math.floor(waited / options.interval) + 1) * options.interval;
    if (next === null || at < next) next = at;
  }
  return next;
}
