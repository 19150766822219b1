import { CYCLES, type GameId, isGameId, PRESETS, type PresetId } from '@zar/engine';
import { type ClockPresetId, MAX_MATCH_LENGTH } from '@zar/match';
import type { SeekKind } from '@zar/protocol';

/** What the quick-pairing form holds: a game or a cycle (its id), a game's preset, a length, a clock, rated. */
export interface SeekChoice {
  /** A game id or a cycle's name, as the setup form's first select has it. */
  readonly choice: string;
  /** The preset picked for the game; one of another game gives way to the game's first. */
  readonly preset: PresetId;
  readonly length: number;
  readonly clock: ClockPresetId;
  readonly rated: boolean;
}

export const SEEK_DEFAULTS: SeekChoice = {
  choice: 'backgammon',
  preset: 'backgammon',
  length: 5,
  clock: 'normal',
  rated: true,
};

/** The lengths the form offers: a paired match always has one (a clock's reserve and a rating need it). */
export const SEEK_LENGTHS = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 25].filter((n) => n <= MAX_MATCH_LENGTH);

/** The presets of a game, in the engine's order; none for a cycle. */
export const presetsOf = (choice: string) => PRESETS.filter((p) => p.game === choice);

/** The preset the form sends for a game: the one picked if it is the game's, else the game's first. */
export function presetFor(choice: string, picked: PresetId): PresetId | null {
  const presets = presetsOf(choice);
  return presets.some((p) => p.id === picked) ? picked : (presets[0]?.id ?? null);
}

/**
 * The request the form sends. A guest never asks for a rated match (the server would refuse
 * it with ERR_ACCOUNT_ONLY): the form shows the reason and sends casual. A length outside
 * 1..MAX_MATCH_LENGTH is brought inside; an unknown choice falls back to backgammon.
 */
export function seekKindOf(form: SeekChoice, guest: boolean): SeekKind {
  const length = Math.min(MAX_MATCH_LENGTH, Math.max(1, Math.round(Number.isFinite(form.length) ? form.length : 1)));
  const base = { length, clock: form.clock, rated: form.rated && !guest };
  if (Object.hasOwn(CYCLES, form.choice)) return { cycle: form.choice, ...base };
  const game: GameId = isGameId(form.choice) ? form.choice : 'backgammon';
  const preset = presetFor(game, form.preset) ?? game;
  return { preset, ...base };
}
