import type { Player } from '@zar/match';
import type { RematchView } from '@zar/protocol';
import { newGameId } from '../../common/ids.js';
import type { DiceSpec } from '../../dice/dice.js';
import { type Admission, type Starter, type StartGuard, startKind } from '../../limits/games.js';
import type { GameRow } from '../../store/types.js';
import { newGameRow } from '../game-row.js';
import { fail, type RoomResult } from '../room-result.js';

/*
 * Rematches. After a match either player offers one; when both have, the same
 * settings (game, length, clock, rated, pool) start again between the same two seats, and the
 * series score moves on. Offers live in the room only: a restart forgets them, as lichess's do
 * (an offer is a moment's wish, not a promise), but not the rematch started, which is stored
 * (GameRow.rematchOf) and found again when the match is loaded (loaders.ts storedRematchOf).
 */

export interface Rematch {
  /** Each seat has offered (or accepted). A bot's seat agrees as soon as its opponent offers. */
  readonly offered: readonly [boolean, boolean];
  /** The match the rematch started; null until both agreed. */
  readonly next: string | null;
  /** No rematch may be offered: a tournament's match, whose players' next match is the next round's. */
  readonly closed?: true;
}

export const NO_REMATCH: Rematch = { offered: [false, false], next: null };

/**
 * The rematch a match starts with: none offered, and none to be offered for a tournament's, as
 * lichess's tournament games have none: the players' next match is the next round's, which may
 * start at once, and a rematch beside it would run a second clock and count for nothing.
 */
export const rematchFor = (row: Pick<GameRow, 'tournament'>): Rematch =>
  (row.tournament ?? null) === null ? NO_REMATCH : { ...NO_REMATCH, closed: true };

export type RematchErrorCode = 'ERR_NO_REMATCH' | 'ERR_NOT_A_PLAYER';

export type RematchStep =
  | { ok: true; value: Rematch; start: boolean }
  | { ok: false; error: { code: RematchErrorCode; message: string } };

/** A match is over once it has a winner: a match won, a money session lost on time (GameRow.status 'over'). */
export const rematchOpen = (status: GameRow['status'], r: Rematch): boolean =>
  status === 'over' && r.next === null && r.closed !== true;

/**
 * Seat `seat` offers (true) or withdraws and declines (false). `start` says both now agree and
 * the next match is to be made. A bot's seat agrees with any offer made to it.
 */
export function offerRematch(
  r: Rematch,
  status: GameRow['status'],
  seats: GameRow['seats'],
  seat: Player | null,
  offer: boolean,
): RematchStep {
  if (seat === null) return { ok: false, error: { code: 'ERR_NOT_A_PLAYER', message: 'you did not play this match' } };
  if (status !== 'over') return refusal('the match is not over');
  if (r.next !== null) return refusal('the rematch has already started');
  if (r.closed === true) return refusal('a tournament match has no rematch');
  const bot = (p: Player) => seats[p].kind === 'bot';
  const mine = (p: Player) => (p === seat ? offer : bot(p) ? offer : (r.offered[p] ?? false));
  const offered = [mine(0), mine(1)] as const;
  return { ok: true, value: { offered, next: null }, start: offered[0] && offered[1] };
}

const refusal = (message: string): RematchStep => ({ ok: false, error: { code: 'ERR_NO_REMATCH', message } });

/** The rematch as one viewer sees it: he may offer while the match is over, he played in it and none started. */
export function rematchView(r: Rematch, status: GameRow['status'], you: Player | null): RematchView {
  return { offered: [r.offered[0], r.offered[1]], allowed: you !== null && rematchOpen(status, r), next: r.next };
}

/** The series score including this match once it is over: the stored series plus its winner. */
export function seriesNow(series: GameRow['series'], winner: Player | null): [number, number] {
  return [series[0] + (winner === 0 ? 1 : 0), series[1] + (winner === 1 ? 1 : 0)];
}

/**
 * The stored row of the match a rematch starts: the same settings, clock, rating and pool, the
 * same seats (the opening roll decides who starts in all five games, so swapping seats would
 * change nothing), both taken and playing at once, its series the previous one plus this match.
 */
export function rematchRow(row: GameRow, now: number, id: string = newGameId()): GameRow {
  return newGameRow({
    id,
    settings: row.record.settings,
    players: row.record.players,
    // New seeds for new dice (none for a seeded test match); the players' wish about spectators stands.
    dice: diceAgain(row.record.dice, id),
    seats: row.seats,
    status: 'playing',
    clock: row.clock,
    // Rated as this one was created: whether its players are at their limit is decided anew as it begins.
    rated: row.rated || row.unrated !== null,
    pool: row.pool,
    now,
    rematchOf: row.id,
    series: seriesNow(row.series, row.winner),
    noSpectators: row.noSpectators,
  });
}

/**
 * The next match's dice: cryptographic for a cryptographic match; a seeded match (a server
 * started with a seed, for tests) gets a seed of its own made from the previous one and the
 * new id, so a run still repeats.
 */
function diceAgain(dice: DiceSpec | undefined, id: string): DiceSpec {
  return dice?.source === 'seeded' ? { source: 'seeded', seed: `${dice.seed}>${id}` } : { source: 'crypto' };
}

/** What the room does with an offer (decideRematch). */
export interface RematchDecision {
  /** The offers once done, the match started named; the room keeps them (in memory only). */
  readonly rematch: Rematch;
  /** Both agree: the row of the next match, to store and start (rematchRow). */
  readonly start: GameRow | null;
  /** 'sender': nothing changed (an offer repeated), only its sender is sent the state again. */
  readonly tell: 'all' | 'sender';
}

/**
 * Decides seat `seat`'s offer (true) or withdrawal (false), made at `now`, on the offers so far
 * `r` of the match `row`: refused (offerRematch), or the offers after it and, once both agree
 * (a bot at once), the next match's row with a new id. Offers are kept in memory only: a
 * restart forgets them, as lichess does; the match a rematch started is stored and found again.
 */
export function decideRematch(
  r: Rematch,
  row: GameRow,
  seat: Player | null,
  offer: boolean,
  now: number,
  id: string = newGameId(),
): RoomResult<RematchDecision> {
  const step = offerRematch(r, row.status, row.seats, seat, offer);
  if (!step.ok) return step;
  if (step.start) {
    const start = rematchRow(row, now, id);
    return { ok: true, value: { rematch: { ...step.value, next: id }, start, tell: 'all' } };
  }
  const same = step.value.offered[0] === r.offered[0] && step.value.offered[1] === r.offered[1];
  return { ok: true, value: { rematch: same ? r : step.value, start: null, tell: same ? 'sender' : 'all' } };
}

/** What starting a rematch needs (RoomDeps has them). */
export interface RematchDeps {
  /** Stores and starts a new game (Rooms.create): the match a rematch starts; without it none can. */
  readonly create?: (row: GameRow) => Promise<unknown>;
  /** The game limits a rematch counts toward, as every start does (limits/games.ts). No limit when left out. */
  readonly games?: StartGuard;
}

/**
 * Stores and starts `next`, the rematch of `row` that `sender`'s offer agreed (the room runs it
 * in its queue). The offer that starts it is the action that creates the match: the guard
 * charges it to its sender (his account, and his `address`), and counts the unfinished games
 * of both players, whom it seats at once. A refusal keeps nothing: the other's offer stands.
 */
export async function startRematch(
  deps: RematchDeps,
  row: GameRow,
  next: GameRow,
  sender: string | null,
  address: string,
): Promise<RoomResult<void>> {
  if (deps.create === undefined) return fail('ERR_NO_REMATCH', 'rematches are not served here');
  if (sender === null) throw new Error('a rematch was agreed by nobody seated');
  const place = await admit(deps.games, row, { id: sender, address });
  if (!place.ok) return place;
  try {
    await deps.create(next);
  } finally {
    place.release();
  }
  return { ok: true, value: undefined };
}

function admit(games: StartGuard | undefined, row: GameRow, by: Starter): Promise<Admission> {
  if (games === undefined) return Promise.resolve({ ok: true, release: () => {} });
  const people = row.seats.flatMap((seat) => (seat.userId === null ? [] : [seat.userId]));
  return games.admit(by, async () => people, startKind(row.clock));
}
