import type { ClockSettings, MatchRecord, MatchSettings } from '@zar/match';
import { newFairDice } from '../dice/fair-seeds.js';
import { NO_OUTCOME } from '../store/outcome.js';
import type { GameRow } from '../store/types.js';

/*
 * One place builds a new game's stored row, whoever starts it (the lobby and invitations:
 * games.ts; quick pairing: paired-game.ts; a rematch: rating/rematch.ts; a tournament's round:
 * tournament/matches.ts). Each says what makes its game; the rest, and any field the row gains
 * later, is filled in here once, so no kind of game can be stored without it.
 */

/** What makes a new game; the optional fields default to a casual game's first match, nobody to join. */
export interface NewGameFields {
  readonly id: string;
  readonly settings: MatchSettings;
  /** The names the record keeps, in seat order. */
  readonly players: readonly [string, string];
  /** Where the dice come from: seeded (tests) has no fair dice; otherwise new seeds are drawn for the seats. */
  readonly dice: NonNullable<MatchRecord['dice']>;
  readonly seats: GameRow['seats'];
  /** 'waiting' for a seat to be taken; 'playing' at once when both are. */
  readonly status: 'waiting' | 'playing';
  readonly clock: ClockSettings;
  readonly rated: boolean;
  readonly pool: string | null;
  readonly now: number;
  /** Listed in the lobby for anyone to join (false when left out). */
  readonly open?: boolean;
  /** Its invitation's secret (none when left out). */
  readonly inviteToken?: string | null;
  /** The match it is a rematch of, and the series so far (the first of a series when left out). */
  readonly rematchOf?: string | null;
  readonly series?: GameRow['series'];
  /** Each seat's player forbids spectators (nobody when left out). */
  readonly noSpectators?: GameRow['noSpectators'];
  /** The tournament round it is played for (none when left out). */
  readonly tournament?: GameRow['tournament'];
}

/** The stored row of a new game: no action yet, no outcome, its fair dice's seeds drawn unless seeded. */
export function newGameRow(f: NewGameFields): GameRow {
  return {
    id: f.id,
    record: { version: 1, settings: f.settings, players: f.players, dice: f.dice },
    seats: f.seats,
    status: f.status,
    open: f.open ?? false,
    inviteToken: f.inviteToken ?? null,
    createdAt: f.now,
    updatedAt: f.now,
    version: 0,
    ...NO_OUTCOME,
    clock: f.clock,
    rated: f.rated,
    // Decided as the match begins (rating/), once both players are seated.
    unrated: null,
    pool: f.pool,
    rematchOf: f.rematchOf ?? null,
    series: f.series ?? [0, 0],
    abandonedBy: null,
    fair: f.dice.source === 'seeded' ? null : newFairDice(f.seats),
    noSpectators: f.noSpectators ?? [false, false],
    tournament: f.tournament ?? null,
  };
}
