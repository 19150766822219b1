import { isLevel, type Level } from '@zar/bot';
import type { Agent, Player } from '@zar/match';
import type { SeatView } from '@zar/protocol';
import type { BotOwner, BotRunner } from '../bots/index.js';
import { hashSeed } from '../common/ids.js';
import type { GameRow, SeatRow } from '../store/types.js';

export const seatTaken = (seat: SeatRow): boolean => seat.kind === 'bot' || seat.userId !== null;

/** A seat as shown; `rating`, in a rated match, is its player's rating in the pool as the match began. */
export function seatView(seat: SeatRow, rating: number | null = null): SeatView {
  const base: SeatView = { name: seat.name, kind: seat.kind, taken: seatTaken(seat) };
  const leveled = seat.level === null ? base : { ...base, level: seat.level };
  return rating === null ? leveled : { ...leveled, rating };
}

/** A bot seat's stored level; one this server does not know (an older name) plays as club. */
export const levelOf = (stored: string | null): Level => (isLevel(stored) ? stored : 'club');

/**
 * Whose bot time a game's bot seats spend (bots/owners.ts): its tournament's, else the person's
 * it plays against, else (bots only, or a seat still open) the game's own.
 */
export function botOwnerOf(row: Pick<GameRow, 'seats' | 'tournament'>): BotOwner {
  const person = row.seats.find((seat) => seat.kind === 'human' && seat.userId !== null)?.userId ?? null;
  return { tournament: row.tournament?.id ?? null, person };
}

/**
 * The agents of a game's bot seats, run by `runner`; each seat is seeded from the game, so a
 * bot's style is stable per game.
 */
export function botsOf(
  row: Pick<GameRow, 'id' | 'seats' | 'tournament'>,
  runner: BotRunner,
): [Agent | null, Agent | null] {
  const { id, seats } = row;
  const owner = botOwnerOf(row);
  const bot = (seat: SeatRow, p: Player): Agent | null => {
    if (seat.kind !== 'bot') return null;
    const req = { game: id, seat: p, level: levelOf(seat.level), seed: hashSeed(`${id}:${p}`), owner };
    return { decide: (match) => runner.decide(req, match) };
  };
  return [bot(seats[0], 0), bot(seats[1], 1)];
}

export const botSeat = (level: string): SeatRow => ({ kind: 'bot', userId: null, name: `Bot (${level})`, level });
export const humanSeat = (userId: string | null, name: string): SeatRow => ({
  kind: 'human',
  userId,
  name,
  level: null,
});
