import type { Player } from '@zar/match';
import { ABSENT_CLIENT_SEED } from '@zar/protocol';
import { diceSpecFor } from '../dice/dice.js';
import { newGameRow } from '../game/game-row.js';
import { humanSeat } from '../game/seats.js';
import type { GameRow, SeatRow, StoredAction } from '../store/types.js';
import { type Board, type Entrant, entrantById, type StoredTournament, termsOf } from './data.js';
import type { BoardResult } from './rounds.js';

/** A tournament entrant's seat: a person with his account, or a bot of his level under his entrant name. */
const seatOf = (e: Entrant): SeatRow =>
  e.kind === 'bot' ? { kind: 'bot', userId: null, name: e.name, level: e.level } : humanSeat(e.id, e.name);

/**
 * The stored row of the match a board plays: both seats taken (board.a in seat 0), being played
 * at once, never listed in the lobby, with the round's length and clock, rated when the
 * tournament is, and marked with its tournament and round. Its id is the board's
 * (data.ts boardGameId), so a restart finds it instead of starting it twice.
 */
export function boardGameRow(
  t: StoredTournament,
  tournament: string,
  round: number,
  board: Board,
  diceSeed: string | undefined,
  now: number,
): GameRow {
  const a = entrantById(t, board.a);
  const b = entrantById(t, board.b);
  if (a === null || b === null || board.game === null) throw new Error(`board ${board.match} has no match to play`);
  const terms = termsOf(t, round);
  const seats: GameRow['seats'] = [seatOf(a), seatOf(b)];
  const id = board.game;
  return newGameRow({
    id,
    settings: { ...t.settings, length: terms.length },
    players: [a.name, b.name],
    dice: diceSpecFor(diceSeed, id),
    seats,
    status: 'playing',
    clock: terms.clock,
    rated: t.rated,
    pool: t.pool,
    now,
    tournament: { id: tournament, round },
  });
}

/**
 * What a finished match counts for in the tournament; null while it is played. A player who
 * lost on time without having acted once did not show: his opponent wins by forfeit. When the
 * winner had not shown either, neither came: a no-show for both. Otherwise the match was played
 * out: a win.
 *
 * The winner of such a match had nothing to do (his opponent was on roll all along), so he
 * showed by any sign of being there: an action, his page's dice seed (a seed the wait gave up
 * on does not count), or being connected (`online`: his sockets when the match is booked, which
 * the `round` message sends to the match). A player who came after the opening had been rolled
 * has his seed refused as late, and would otherwise be put out as absent; a bot always shows.
 */
export function boardResultOf(
  row: GameRow,
  actions: readonly StoredAction[],
  board: Board,
  online: (userId: string) => boolean = () => false,
): BoardResult | null {
  if (row.status !== 'over' || row.winner === null) return null;
  const winner = row.winner;
  const loser: Player = winner === 0 ? 1 : 0;
  const ids = [board.a, board.b] as const;
  const acted = (p: Player) =>
    actions.some((s) => 'player' in s.action && s.action.player === p && s.action.type !== 'timeout');
  const seed = (p: Player) => row.fair?.clientSeeds[p] ?? null;
  const connected = (p: Player) => row.seats[p].userId !== null && online(row.seats[p].userId as string);
  const showed = (p: Player) =>
    row.seats[p].kind === 'bot' || acted(p) || (seed(p) !== null && seed(p) !== ABSENT_CLIENT_SEED) || connected(p);
  const last = actions[actions.length - 1]?.action;
  const lostOnTime = last?.type === 'timeout' && last.player === loser;
  if (!lostOnTime || acted(loser)) return { winner: ids[winner], kind: 'win' };
  return showed(winner) ? { winner: ids[winner], kind: 'forfeit' } : { winner: null, kind: 'no-show' };
}
