import { FAIR_DICE_SCHEME } from '@zar/match';
import * as v from 'valibot';
import { EventActionSchema } from './actions.js';
import { ClientSeedSchema, ServerSeedSchema } from './fair.js';
import {
  count,
  GameResultSchema,
  IdSchema,
  list,
  MatchSettingsSchema,
  PlayerSchema,
  pair,
  VersionSchema,
} from './values.js';
import {
  type GameStateView,
  GameStateViewSchema,
  GameStatusSchema,
  type GameView,
  SeatViewSchema,
} from './view-schema.js';

/*
 * A match's record as the move list and the replay read it (GET /api/games/:id/record): every
 * action, grouped by game, each with the state of its game right after it. It holds only what
 * the socket's events already told everyone (never the dice source), so a spectator may read
 * it, live or finished. A client keeps it current from the socket with `appendEvent`.
 */

/** One action of the match and where it left its game. */
export const RecordEntrySchema = v.strictObject({
  /**
   * The match's version after this action: its place in the match's actions, from 1 (an
   * analysis decision's `action`, counted from 0, is the entry with v = action + 1).
   */
  v: v.pipe(VersionSchema, v.minValue(1)),
  /**
   * The server's time when it applied the action (ms since the epoch). An entry appended from
   * a socket event has the time the client received it (events carry no time).
   */
  at: v.number(),
  action: EventActionSchema,
  /** This action's own game right after it: for the action that ends a game, that game over. */
  game: GameStateViewSchema,
});
export type RecordEntry = v.InferOutput<typeof RecordEntrySchema>;

/** One game of the match. */
export const RecordGameSchema = v.strictObject({
  /** 1 for the first game. */
  number: v.pipe(count, v.minValue(1)),
  /** The match score when this game began. */
  scoreBefore: pair(count),
  /** This game is the Crawford game (no doubling). */
  crawford: v.boolean(),
  /** The game before its first action (the opening roll still to come, or the first roll). */
  start: GameStateViewSchema,
  entries: list(RecordEntrySchema),
  /** How the game ended; null while it is played. */
  result: v.nullable(GameResultSchema),
});
export type RecordGame = v.InferOutput<typeof RecordGameSchema>;

export const MatchRecordViewSchema = v.strictObject({
  id: IdSchema,
  /** The number of actions so far: the last entry's v (0 before the first action). */
  v: VersionSchema,
  settings: MatchSettingsSchema,
  players: pair(SeatViewSchema),
  status: GameStatusSchema,
  /** The score now (at the end, the final score). */
  score: pair(count),
  winner: v.nullable(PlayerSchema),
  /** A .mat file can hold the match (its download is offered once the match is over). */
  mat: v.boolean(),
  /** Every game so far, the one being played last; never empty. */
  games: v.pipe(list(RecordGameSchema), v.minLength(1)),
  /** Played offline against the bot in a browser and uploaded (offline.ts): its dice not provable. */
  offline: v.optional(v.literal(true)),
});
export type MatchRecordView = v.InferOutput<typeof MatchRecordViewSchema>;

/**
 * The proof of a match's dice (docs/fair-dice.md): the commitment published before the first
 * roll, the server seed revealed after the match, the players' seeds. @zar/match's
 * verifyDice recomputes every roll from it. The seeds are fair.ts's schemas, built on the
 * match layer's formats, as the game's view shows them.
 */
export const DiceProofSchema = v.strictObject({
  scheme: v.literal(FAIR_DICE_SCHEME),
  commitment: ServerSeedSchema,
  serverSeed: ServerSeedSchema,
  clientSeeds: pair(ClientSeedSchema),
});

/**
 * The Zar JSON record of a finished match (GET /api/games/:id/match.json): what
 * @zar/match's toJsonRecord writes and parseJsonRecord reads, without the dice source. A
 * match played with provably fair dice carries their proof; older matches have none.
 */
export const MatchFileSchema = v.strictObject({
  version: v.literal(1),
  settings: MatchSettingsSchema,
  players: pair(v.string()),
  proof: v.optional(DiceProofSchema),
  actions: list(EventActionSchema),
});
export type MatchFile = v.InferOutput<typeof MatchFileSchema>;

/** What the record's fold reads of a view: an event's view, or the server's own step (record-of). */
export type RecordStepView = Pick<
  GameView,
  'status' | 'players' | 'score' | 'winner' | 'gameNumber' | 'game' | 'previous'
>;

/** A socket `event` frame's parts that the record takes. */
export interface RecordEvent {
  readonly v: number;
  readonly action: RecordEntry['action'];
  readonly view: RecordStepView;
}

/** The record of a match before its first action. */
export function emptyRecord(
  id: string,
  settings: MatchRecordView['settings'],
  players: MatchRecordView['players'],
  status: MatchRecordView['status'],
  start: GameStateView,
  mat: boolean,
): MatchRecordView {
  return {
    id,
    v: 0,
    settings,
    players,
    status,
    score: [0, 0],
    winner: null,
    mat,
    games: [{ number: 1, scoreBefore: [0, 0], crawford: start.crawford, start, entries: [], result: null }],
  };
}

/**
 * The record with one more action, as a socket event tells it (`at`: when it was received).
 * An event the record already holds (v ≤ record.v) leaves it as it is; null when events were
 * missed (v > record.v + 1): fetch the record again. The server builds the record it sends
 * through this same fold, so a client that appends every event holds what a fetch would give
 * (the entries' `at` aside).
 *
 * The game an action belongs to is the record's last one: when the view's game number moved
 * past it, the action ended it (its final state is the view's `previous`) and a new game
 * begins at the view's `game`; a match that ends keeps its last game as the view's `game`.
 */
export function appendEvent(record: MatchRecordView, event: RecordEvent, at: number): MatchRecordView | null {
  if (event.v <= record.v) return record;
  if (event.v !== record.v + 1) return null;
  const { view } = event;
  const current = record.games.at(-1) as RecordGame;
  const ended = view.gameNumber > current.number;
  const state = ended ? view.previous : view.game;
  if (state === null) return null;
  const entry: RecordEntry = { v: event.v, at, action: event.action, game: state };
  const result = ended || view.winner !== null || state.phase === 'over' ? state.result : null;
  const games = [...record.games.slice(0, -1), { ...current, entries: [...current.entries, entry], result }];
  // A match that is over starts no further game (a money session ends too, on a timeout).
  if (ended && view.status !== 'over') {
    games.push({
      number: view.gameNumber,
      scoreBefore: view.score,
      crawford: view.game.crawford,
      start: view.game,
      entries: [],
      result: null,
    });
  }
  return {
    ...record,
    v: event.v,
    players: view.players,
    status: view.status,
    score: view.score,
    winner: view.winner,
    games,
  };
}
