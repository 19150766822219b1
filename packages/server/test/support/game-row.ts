import { type MatchRecord, type MatchSettings, parseMatchSettings } from '@zar/match';
import { newGameRow } from '../../src/game/game-row.js';
import type { GameRow, SeatRow } from '../../src/store/types.js';

/*
 * A stored game's row for tests that put one in a store or a room by hand. It starts from the
 * row the server itself builds for a new game (newGameRow), so a field a later issue adds gets
 * its default here too instead of in a dozen literals; a test names only what it is about.
 */

/** A one-point backgammon match, the settings most hand-made rows use. */
export const ONE_POINT: MatchSettings = (() => {
  const parsed = parseMatchSettings({ length: 1, cycle: [{ game: 'backgammon' }] });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();

const BOT: SeatRow = { kind: 'bot', userId: null, name: 'Bot (club)', level: 'club' };

/** A game row's fields, and what its record is made of: the match's settings and its dice. */
export interface TestGame extends Partial<GameRow> {
  readonly settings?: MatchSettings;
  readonly dice?: NonNullable<MatchRecord['dice']>;
}

/**
 * A casual, untimed game being played in the backgammon pool, at time 0, on seeded dice (so no
 * fair dice), nobody forbidding spectators, in no tournament; any field given replaces its
 * default. Its record plays `settings` (one point) between the seats' names unless a record is given.
 */
export function gameRowFor({ settings = ONE_POINT, dice, ...change }: TestGame = {}): GameRow {
  const seats = change.seats ?? [BOT, BOT];
  const id = change.id ?? 'game01';
  const row = newGameRow({
    id,
    settings,
    players: [seats[0].name, seats[1].name],
    dice: dice ?? { source: 'seeded', seed: id },
    seats,
    status: 'playing',
    clock: { kind: 'untimed' },
    rated: false,
    pool: 'backgammon',
    now: 0,
  });
  return { ...row, ...change };
}
