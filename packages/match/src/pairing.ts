/**
 * Quick pairing (issue 28, line 5): which waiting requests start a match now. Pure: the pool
 * and the time are given, nothing is read from a clock or a random source, and the answer
 * depends on neither the order of the requests nor anything else.
 *
 * How the server uses it: the pool is a list of PairingRequest (pairing-request.ts parses one,
 * pairing-limits.ts admits it). On every new request, every cancel, and at the time
 * `nextWidening` names, it calls `pairings(pool, now, options)`, starts a match for each pair
 * (settings from `pairingSettings(kind)`), removes the pairs and the dropped requests from the
 * pool, and publishes the waiting counts per `kindKey` to the lobby. Seats are the server's to
 * draw: the first of a pair is only the one that waited longer.
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
 * Cost: each chooser scans the queue, so n waiting requests cost n² comparisons at most; a
 * thousand waiting at once is a million cheap steps, far below one pairing tick.
 * Refusals (pairing-request.ts, pairing-limits.ts) use ERR_PAIRING_REQUEST, ERR_SETTINGS,
 * ERR_PAIRING_DUPLICATE, ERR_TOO_MANY_PAIRINGS and ERR_ACCOUNT_ONLY.
 */
import { kindKey, type PairingRequest } from './pairing-request.js';

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
  const keys = new Map(queue.map((r) => [r, kindKey(r.kind)]));
  const pairedPlayers = new Set<string>();
  const taken = new Set<PairingRequest>();
  const pairs: (readonly [PairingRequest, PairingRequest])[] = [];
  for (const chooser of queue) {
    if (pairedPlayers.has(chooser.player)) continue;
    const key = keys.get(chooser);
    let best: PairingRequest | null = null;
    for (const other of queue) {
      // The same player (the chooser himself included) never; one already paired now neither.
      if (other.player === chooser.player || pairedPlayers.has(other.player)) continue;
      if (keys.get(other) !== key || !withinBands(chooser, other, now, options)) continue;
      // The queue is in waiting order, so a strictly closer rating is the only reason to switch.
      if (best === null || Math.abs(other.rating - chooser.rating) < Math.abs(best.rating - chooser.rating)) {
        best = other;
      }
    }
    if (best === null) continue;
    pairs.push([chooser, best]);
    taken.add(chooser).add(best);
    pairedPlayers.add(chooser.player).add(best.player);
  }
  const left = queue.filter((r) => !taken.has(r));
  return {
    pairs,
    waiting: left.filter((r) => !pairedPlayers.has(r.player)),
    dropped: left.filter((r) => pairedPlayers.has(r.player)),
  };
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
