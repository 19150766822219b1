import { createRules, type GameOptions } from './registry.js';
import { err, ok, type Result } from './result.js';
import type { Rules } from './rules.js';
import type { GameId } from './types.js';

/**
 * A named set of options: how a game is played in one place or tradition. The options are
 * typed by the game, so a misspelled option or value in a preset does not compile.
 */
export type Preset = { readonly [G in GameId]: PresetOf<G> }[GameId];

interface PresetOf<G extends GameId> {
  readonly id: string;
  readonly game: G;
  readonly options: Partial<GameOptions[G]>;
  /** Where this is the custom, and what differs from the game's defaults. */
  readonly note: string;
}

/** Regional play without the cube or the backgammon triple; the opening winner rolls again. */
const REGIONAL_BACKGAMMON = {
  triple: 'none',
  cube: false,
  openingRoll: 'winner-rolls-again',
  laterGames: 'previous-winner',
} as const;

export const PRESETS = [
  {
    id: 'backgammon',
    game: 'backgammon',
    options: {},
    note: 'International tournament rules (WBGF): cube, gammons and backgammons',
  },
  {
    id: 'table',
    game: 'backgammon',
    options: {},
    note: 'Romania: table as the rules pages Zar started from play it, following the international rules',
  },
  {
    id: 'portes',
    game: 'backgammon',
    options: REGIONAL_BACKGAMMON,
    note: 'Greece: no cube, no backgammon triple, the opening winner rolls again',
  },
  {
    id: 'tavla',
    game: 'backgammon',
    options: REGIONAL_BACKGAMMON,
    note: 'Turkey: no cube, no backgammon triple, the opening winner rolls again',
  },
  {
    id: 'tabla',
    game: 'backgammon',
    options: REGIONAL_BACKGAMMON,
    note: 'Bulgaria: no cube, no backgammon triple, the opening winner rolls again',
  },
  {
    id: 'long-nardy',
    game: 'long-nardy',
    options: {},
    note: 'Russian Sport Nardy Federation rules: the block rule after every step',
  },
  {
    id: 'long-nardy-lenient',
    game: 'long-nardy',
    options: { blockCheck: 'final' },
    note: 'The block rule judged on the finished play only, as some apps do',
  },
  { id: 'plakoto', game: 'plakoto', options: {}, note: 'Greece: the mother exception on (bkgm, FIBS "The Board")' },
  {
    id: 'plakoto-street',
    game: 'plakoto',
    options: { motherException: false },
    note: 'Greek street rules: a pinned mother always loses 2',
  },
  {
    id: 'tapa',
    game: 'plakoto',
    options: {},
    note: 'Bulgaria, North Macedonia: tapa, the third game of the tabla cycle',
  },
  {
    id: 'fevga',
    game: 'fevga',
    options: {},
    note: 'Greece: the prime must be opened when it traps every opposing checker',
  },
  {
    id: 'fevga-apps',
    game: 'fevga',
    options: { prime: 'long-nardy' },
    note: 'Greek apps: no six-point prime without an opposing checker ahead',
  },
  {
    id: 'gul-bara',
    game: 'gul-bara',
    options: {},
    note: 'Doubles normal in each player’s first three turns, then the doubles run',
  },
  {
    id: 'gul-bara-global',
    game: 'gul-bara',
    options: { normalDoublesScope: 'global' },
    note: 'The first three turns of the game (both players together) have normal doubles',
  },
] as const satisfies readonly Preset[];

export type PresetId = (typeof PRESETS)[number]['id'];

/** Mixed-game matches: the games played in turn. */
export const CYCLES: Readonly<Record<string, readonly PresetId[]>> = {
  tavli: ['portes', 'plakoto', 'fevga'],
  'tabla-cycle': ['tabla', 'gul-bara', 'tapa'],
};

export function presetById(id: string): Result<Preset, 'ERR_PRESET'> {
  const p = (PRESETS as readonly Preset[]).find((x) => x.id === id);
  return p ? ok(p) : err('ERR_PRESET', `unknown preset "${id}"; presets are ${PRESETS.map((x) => x.id).join(', ')}`);
}

export function presetRules(id: string): Result<Rules, 'ERR_PRESET' | 'ERR_UNKNOWN_GAME' | 'ERR_OPTIONS'> {
  const p = presetById(id);
  if (!p.ok) return p;
  return createRules(p.value.game, p.value.options);
}
