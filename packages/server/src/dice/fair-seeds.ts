import type { Result } from '@zar/engine';
import { type DiceProof, diceCommitment, diceProof, type Player, randomClientSeed, randomServerSeed } from '@zar/match';
import { ABSENT_CLIENT_SEED, type FairDiceView } from '@zar/protocol';
import type { FairDiceRow, GameRow } from '../store/types.js';

/*
 * The seeds of a match's provably fair dice as the server keeps them (docs/fair-dice.md): pure
 * rules, apart from drawing new seeds. The room (game/company/fair.ts) decides with them in its queue and
 * stores each change before anyone hears of it.
 */

const drawn = (r: Result<string>): string => {
  // Node always has a cryptographic generator; a platform without one must not serve dice at all.
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/**
 * The seeds of a new match between `seats`: a secret server seed, and for each bot seat a
 * random client seed of its own, published from the start (a bot has no browser to send one;
 * the server drawing it changes nothing, since its own seed is already committed).
 */
export function newFairDice(seats: GameRow['seats']): FairDiceRow {
  const bot = (p: Player) => (seats[p].kind === 'bot' ? drawn(randomClientSeed()) : null);
  return { serverSeed: drawn(randomServerSeed()), clientSeeds: [bot(0), bot(1)] };
}

/** The seeds with `seed` as seat `seat`'s. */
export function withSeed(fair: FairDiceRow, seat: Player, seed: string): FairDiceRow {
  const seeds = fair.clientSeeds;
  return { ...fair, clientSeeds: seat === 0 ? [seed, seeds[1]] : [seeds[0], seed] };
}

/** The seeds with every missing one given as ABSENT_CLIENT_SEED: the wait for them is over. */
export const withAbsentSeeds = (fair: FairDiceRow): FairDiceRow => ({
  ...fair,
  clientSeeds: [fair.clientSeeds[0] ?? ABSENT_CLIENT_SEED, fair.clientSeeds[1] ?? ABSENT_CLIENT_SEED],
});

export type SeedRefusal = { code: 'ERR_SEED_SET' | 'ERR_SEED_LATE'; message: string };

/**
 * Whether seat `seat` may give `seed` now: 'same' for a repeat of the seed it gave (harmless: a
 * page that reconnects sends its seed again), 'new' for a first seed before the dice began.
 * `closed`: the seeds are final without it, because a dice-carrying action is in the record or
 * the match is over (one that ended before its first roll, abandoned, has its proof revealed).
 */
export function seedStep(
  fair: FairDiceRow | null,
  seat: Player,
  seed: string,
  closed: boolean,
): Result<'same' | 'new', SeedRefusal['code']> {
  if (fair === null) {
    return { ok: false, error: { code: 'ERR_SEED_LATE', message: 'the dice of this match take no seeds' } };
  }
  const given = fair.clientSeeds[seat];
  if (given === seed) return { ok: true, value: 'same' };
  if (given === ABSENT_CLIENT_SEED || (given === null && closed)) {
    const message = 'the dice have begun, or the match is over: the seed comes too late';
    return { ok: false, error: { code: 'ERR_SEED_LATE', message } };
  }
  if (given !== null) return { ok: false, error: { code: 'ERR_SEED_SET', message: 'your seed was already given' } };
  return { ok: true, value: 'new' };
}

/**
 * The commitment to a stored server seed. The seed was drawn or read from the store, so it is
 * well formed; a row that says otherwise is a broken invariant, not untrusted input.
 */
export function commitmentOf(fair: FairDiceRow): string {
  const c = diceCommitment(fair.serverSeed);
  if (!c.ok) throw new Error(`a stored server seed is malformed: ${c.error.message}`);
  return c.value;
}

/**
 * The dice's proof as a view shows it: the commitment and the seeds given so far, the server
 * seed only once the match is over (before, it would tell everyone every roll to come).
 */
export const fairView = (fair: FairDiceRow, commitment: string, status: GameRow['status']): FairDiceView => ({
  commitment,
  clientSeeds: [fair.clientSeeds[0], fair.clientSeeds[1]],
  serverSeed: status === 'over' ? fair.serverSeed : null,
});

/**
 * The proof a finished match's record carries; none for a match without fair dice, or one not
 * over (its server seed is secret). A seed never given (a match that ended before its first
 * roll) is written as the absent seed, as the opening would have stored it.
 */
export function fairProof(fair: FairDiceRow | null, status: GameRow['status']): DiceProof | null {
  if (fair === null || status !== 'over') return null;
  const proof = diceProof(withAbsentSeeds(fair));
  if (!proof.ok) throw new Error(`a stored match's seeds are malformed: ${proof.error.message}`);
  return proof.value;
}
