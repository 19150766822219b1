import type { Player } from '@zar/match';
import { seatOf } from '../../store/game-seats.js';
import type { GameRow } from '../../store/types.js';
import type { RoomDecision } from '../decision.js';
import { fail, type RoomResult, type Subscriber } from '../room-result.js';
import { mayForbid, spectatorsAllowed } from './view.js';

/*
 * Who watches a match beside its players: the spectators counted, a player forbidding or
 * allowing them, and those sent away when forbidden. Who may watch and write is view.ts
 * (admits, companyMeta) with chat/channels.ts.
 */

/**
 * Seat `seat` forbids (allow false) or allows again spectators: the new `noSpectators`, or why
 * not. Only a player of a casual match between people may, while it is played (a rated match
 * and a tournament's are always public, and so is every match once over).
 */
export function spectatorsStep(
  row: Pick<GameRow, 'seats' | 'rated' | 'noSpectators' | 'status' | 'tournament'>,
  seat: Player | null,
  allow: boolean,
): RoomResult<GameRow['noSpectators']> {
  if (seat === null || !mayForbid(row, seat)) {
    const why = row.rated
      ? 'a rated match is open to spectators'
      : row.status === 'over'
        ? 'the match is over: it is open to spectators'
        : row.tournament !== null
          ? 'a tournament match is open to spectators'
          : 'only a player of a match between people may';
    return fail('ERR_NO_SPECTATORS', why);
  }
  const ns = row.noSpectators;
  return { ok: true, value: seat === 0 ? [!allow, ns[1]] : [ns[0], !allow] };
}

/**
 * Decides seat `seat`'s wish (allow or forbid) in the match `row` (spectatorsStep): the
 * `noSpectators` to store if it changes, and once they are forbidden, those watching without a
 * seat sent away. Everyone is sent the state after it.
 */
export function decideSpectators(
  row: Pick<GameRow, 'seats' | 'rated' | 'noSpectators' | 'status' | 'tournament'>,
  seat: Player | null,
  allow: boolean,
): RoomResult<RoomDecision> {
  const r = spectatorsStep(row, seat, allow);
  if (!r.ok) return r;
  const same = r.value[0] === row.noSpectators[0] && r.value[1] === row.noSpectators[1];
  const store = same ? null : { noSpectators: r.value };
  return { ok: true, value: { store, sendAway: !spectatorsAllowed(r.value), tell: 'all', opening: false } };
}

/** Those of `subscribers` without a seat in `seats`: whom the room sends away when spectators are forbidden. */
export function strangers(seats: GameRow['seats'], subscribers: Iterable<Subscriber>): Subscriber[] {
  const out: Subscriber[] = [];
  for (const sub of subscribers) if (seatOf(seats, sub.userId) === null) out.push(sub);
  return out;
}

/** Spectators among `subscribers`: each person without a seat once, each socket without a session once. */
export function spectatorCount(seats: GameRow['seats'], subscribers: Iterable<Subscriber>): number {
  const people = new Set<string>();
  let anonymous = 0;
  for (const sub of subscribers) {
    if (sub.userId === null) anonymous++;
    else if (seatOf(seats, sub.userId) === null) people.add(sub.userId);
  }
  return people.size + anonymous;
}
