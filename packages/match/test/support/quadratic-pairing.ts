/**
 * The quick pairing as it was first written: every chooser scans the whole queue, n² steps for
 * n requests. It is the rule in its plainest form, kept as the oracle that `pairings`
 * (src/pairing.ts, an index and the same rule in O(n log n)) must answer exactly like, pair for
 * pair and request for request; the pairing benchmark times both.
 */
import {
  kindKey,
  PAIRING_DEFAULTS,
  type PairingOptions,
  type PairingRequest,
  type Pairings,
  pairingBand,
  waitingOrder,
} from '../../src/pairing.js';

/** The ratings are within the wider of the two bands. */
function withinBands(a: PairingRequest, b: PairingRequest, now: number, options: PairingOptions): boolean {
  const wider = Math.max(pairingBand(now - a.since, options), pairingBand(now - b.since, options));
  return Math.abs(a.rating - b.rating) <= wider;
}

/** The pairs to start at `now`, and who keeps waiting: the quadratic scan. */
export function quadraticPairings(
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
