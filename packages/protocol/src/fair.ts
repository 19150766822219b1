import { CLIENT_SEED, SERVER_SEED } from '@zar/match';
import * as v from 'valibot';
import { pair } from './values.js';

/*
 * Provably fair dice as a game's view shows them (docs/fair-dice.md). The server
 * commits to a secret seed when the match is made; each player's browser sends a random seed
 * of its own (`seed` message) after it has seen the commitment; the opening roll waits for
 * both (a bot's seat has its seed from the start). Every roll follows from the seeds and its
 * number; the server seed is shown once the match is over, so anyone can check every roll.
 */

export const ServerSeedSchema = v.pipe(v.string(), v.regex(SERVER_SEED));
export const ClientSeedSchema = v.pipe(v.string(), v.regex(CLIENT_SEED));

export const FairDiceViewSchema = v.strictObject({
  /** SHA-256 of the secret server seed, published before the first roll. */
  commitment: ServerSeedSchema,
  /** Each seat's seed once given (a bot's from the start); null while a player's is awaited. */
  clientSeeds: pair(v.nullable(ClientSeedSchema)),
  /** The server seed, revealed once the match is over; null before. */
  serverSeed: v.nullable(ServerSeedSchema),
});
export type FairDiceView = v.InferOutput<typeof FairDiceViewSchema>;

/**
 * The seed a seat contributes when its player sent none before the first roll was due (an old
 * client, a script): a fixed, public value, so the record still verifies. A player's own seed
 * is what makes the dice unpredictable to the server; the page always sends one.
 */
export const ABSENT_CLIENT_SEED = '-';
