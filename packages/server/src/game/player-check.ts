import {
  actorOf,
  type DiceSource,
  type GameAction,
  type MatchState,
  type Player,
  standardPlayText,
  toAction,
} from '@zar/match';
import type { ClientAction } from '@zar/protocol';
import { seatOf } from '../store/game-seats.js';
import type { GameRow } from '../store/types.js';
import { type ClaimSituation, claimCheck } from './claim.js';
import type { ActionDecision } from './decision.js';
import type { Flagged } from './flag.js';
import type { GameProxy } from './proxy.js';
import { fail, type RoomRefusal, type RoomResult } from './room-result.js';

/** Written once: the seat is the whole result, and an action must not allocate one. */
const SEATS: readonly [RoomResult<Player>, RoomResult<Player>] = [
  { ok: true, value: 0 },
  { ok: true, value: 1 },
];

/**
 * The seat of `userId`, who sent a command at the version he saw (`seen`), in a game at
 * `version`; refused when the game is not being played, he does not play in it, or he saw an
 * older version. Not being a player comes first: it does not change with the version. `verb`
 * says what he did, in the refusal ('acted on', 'claimed at').
 */
export function playerAt(
  row: Pick<GameRow, 'status' | 'seats'>,
  userId: string | null,
  seen: number,
  version: number,
  verb: string,
): RoomResult<Player> {
  if (row.status !== 'playing') return fail('ERR_NOT_PLAYING', `the game is ${row.status}`);
  const seat = seatOf(row.seats, userId);
  if (seat === null) return fail('ERR_NOT_A_PLAYER', 'you do not play in this game');
  if (seen !== version) return fail('ERR_STALE', `you ${verb} version ${seen}; the game is at version ${version}`);
  return SEATS[seat];
}

/**
 * The action that seat `seat` sent (`action`), as the match `match` stores it, its dice drawn
 * from `dice`; refused when it is not his turn. The record keeps one notation of a play,
 * whatever form its sender wrote it in. It answers the action itself, not a result around it:
 * this runs for every action.
 */
export function actionOf(
  match: MatchState,
  action: ClientAction,
  seat: Player,
  dice: DiceSource,
): GameAction | RoomRefusal {
  if (actorOf(match.game) !== seat) return fail('ERR_NOT_YOUR_TURN', 'it is not your turn to act');
  const standard = action.type === 'play' ? { ...action, play: standardPlayText(match.game, action.play) } : action;
  return toAction(standard, seat, dice);
}

/**
 * What a player's action (`action`, sent at the version he saw, `seen`) brings to the match
 * `game` at `at`: refused when he may not act at that version (playerAt) or it is not his turn
 * (actionOf); the actor's flag, if it fell before the action came (its timer may be a moment
 * behind), which ends the match first; else the action to store. `at` is also the time stored:
 * an action at or after the fall would be played on a spent reserve.
 */
export function decideAct(
  game: GameProxy,
  userId: string | null,
  action: ClientAction,
  seen: number,
  at: number,
): ActionDecision {
  const player = playerAt(game.row, userId, seen, game.version, 'acted on');
  if (!player.ok) return player;
  return game.flagged(at) ?? actionOf(game.match, action, player.value, game.company.fair.dice);
}

/**
 * What a claim brings to a match at `version` (`s`, its situation), from `userId` at the version
 * he saw (`seen`), at `at`: the absent actor loses as on time, abandoned; or why not (playerAt,
 * claimCheck).
 */
export function decideClaim(
  s: ClaimSituation,
  version: number,
  userId: string | null,
  seen: number,
  at: number,
): Flagged | RoomRefusal {
  const seat = playerAt(s, userId, seen, version, 'claimed at');
  if (!seat.ok) return seat;
  const absent = claimCheck(s, seat.value, at);
  return absent.ok ? { player: absent.value, abandonedBy: absent.value } : absent;
}
