import type { GameView } from '@zar/protocol';
import type { Catalogue } from '../i18n/index.js';

/** Seat 0 plays White, seat 1 Black: the colours the notation line and the board use. */
export const colourOf = (seat: 0 | 1): 'white' | 'black' => (seat === 0 ? 'white' : 'black');

/**
 * A seat as the page names it: a bot by its level in the page's language, a person by name,
 * an empty seat by its colour.
 */
export function seatName(t: Catalogue, view: GameView, seat: 0 | 1): string {
  const p = view.players[seat];
  if (p.kind === 'bot') {
    const level = (t.levels as Readonly<Record<string, string>>)[p.level ?? ''] ?? p.level ?? '';
    return t.match.bot.replace('{level}', level);
  }
  if (p.taken) return p.name;
  return t.colours[colourOf(seat)];
}
