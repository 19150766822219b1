import * as v from 'valibot';
import { ClockPresetIdSchema } from './clock.js';
import { GameSummarySchema } from './summary.js';
import { count, GameChoiceEntries, IdSchema, list, PointsLengthSchema } from './values.js';

/*
 * Quick pairing and the live lobby, over the socket. A player asks for a kind of
 * match ("backgammon, 5 points, Normal clock, rated"); the server pairs compatible requests
 * whose ratings are close (match/src/pairing.ts) and sends both players `paired`.
 */

/**
 * A kind of match in the pool: one of game, preset or cycle (as NewGame names them), a length
 * of at least 1, a preset clock (custom clocks are for invitations), rated or casual. The match
 * layer's parsePairingKind checks it again on the server.
 */
export const SeekKindSchema = v.strictObject({
  ...GameChoiceEntries,
  length: PointsLengthSchema,
  clock: ClockPresetIdSchema,
  rated: v.boolean(),
});
export type SeekKind = v.InferOutput<typeof SeekKindSchema>;

/** One of the receiver's own requests waiting in the pool. */
export const SeekViewSchema = v.strictObject({
  id: IdSchema,
  kind: SeekKindSchema,
  /** When he asked, on the server's clock (ms since the epoch). */
  since: v.number(),
});
export type SeekView = v.InferOutput<typeof SeekViewSchema>;

/** How many players wait for one kind of match. */
export const PoolCountSchema = v.strictObject({ kind: SeekKindSchema, waiting: count });
export type PoolCount = v.InferOutput<typeof PoolCountSchema>;

/**
 * The lobby as a watcher sees it, sent whole on `lobby` and again whenever it changes (at most
 * a few times a second): the open games, the pool's counts per kind, the receiver's own requests.
 */
export const LobbySchema = v.strictObject({
  games: list(GameSummarySchema),
  pools: list(PoolCountSchema),
  seeks: list(SeekViewSchema),
});
export type Lobby = v.InferOutput<typeof LobbySchema>;
