/**
 * A quick-pairing request and its parser. The request names a kind of match (what is
 * played, its length, its clock, rated or casual); two requests pair only when their kinds
 * are the same exactly (pairing.ts). The server fills `id`, `player`, `rating` and `since`
 * from its own records and clock; the client sends the kind only, but the whole request is
 * parsed so a stored pool read back after a restart is checked the same way.
 */
import { CYCLES, err, isGameId, ok, type PresetId, presetById, type Result } from '@zar/engine';
import { CLOCK_PRESET_IDS, CLOCK_PRESETS, type ClockPresetId, isCorrespondence } from './clock-settings.js';
import { type MatchSettings, parseMatchSettings } from './match.js';

/**
 * What is played: a preset (one game with its rules; each game's name is also the preset of
 * its standard rules) or a named cycle of games (tavli). Pools are by name: 'portes' and
 * 'tavla' share rules but a player who asks for one is shown and paired in that one.
 */
export type PairingPlay = { readonly preset: PresetId } | { readonly cycle: string };

export interface PairingKind {
  readonly play: PairingPlay;
  /** Points to win, 1 to MAX_MATCH_LENGTH: a clock's reserve and a FIBS rating need a length. */
  readonly length: number;
  /** A clock preset's id (clock-settings.ts); custom clocks are for invitations, not the pool. */
  readonly clock: ClockPresetId;
  readonly rated: boolean;
}

export interface PairingRequest {
  /** Unique in the pool: the server's id for this request (a cancel names it). */
  readonly id: string;
  /** The account that asks. */
  readonly player: string;
  /** The player's rating in the kind's pool (ratingPool) when he asked. */
  readonly rating: number;
  /** When he asked, in ms on the server's clock. */
  readonly since: number;
  readonly kind: PairingKind;
}

export type PairingRequestErrorCode = 'ERR_PAIRING_REQUEST' | 'ERR_SETTINGS';

const REQUEST_FIELDS = ['id', 'player', 'rating', 'since', 'kind'];
const KIND_FIELDS = ['game', 'preset', 'cycle', 'length', 'clock', 'rated'];
const MAX_NAME = 64;
/** Ratings outside this are a corrupted record, not a player (FIBS ratings stay near 1500). */
const MAX_RATING = 10_000;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const isName = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= MAX_NAME;

function stray(input: Record<string, unknown>, known: readonly string[]): string | null {
  return Object.keys(input).find((k) => !known.includes(k)) ?? null;
}

const bad = (message: string) => err('ERR_PAIRING_REQUEST', message);

/** Checks a request from untrusted input; a field it does not know is an error. */
export function parsePairingRequest(input: unknown): Result<PairingRequest, PairingRequestErrorCode> {
  if (!isRecord(input)) return bad('a pairing request is an object');
  const extra = stray(input, REQUEST_FIELDS);
  if (extra !== null) return bad(`a pairing request has no field "${extra}"; it has ${REQUEST_FIELDS.join(', ')}`);
  const { id, player, rating, since } = input;
  if (!isName(id)) return bad(`id is a string of 1 to ${MAX_NAME} characters`);
  if (!isName(player)) return bad(`player is a string of 1 to ${MAX_NAME} characters`);
  if (typeof rating !== 'number' || !Number.isFinite(rating) || rating < 0 || rating > MAX_RATING) {
    return bad(`rating is a number from 0 to ${MAX_RATING}`);
  }
  if (!Number.isSafeInteger(since) || (since as number) < 0) return bad('since is a time in whole ms, 0 or more');
  const kind = parsePairingKind(input.kind);
  if (!kind.ok) return kind;
  return ok({ id, player, rating, since: since as number, kind: kind.value });
}

/** Checks a kind from untrusted input: exactly one of game, preset or cycle, as NewGameSchema names them. */
export function parsePairingKind(input: unknown): Result<PairingKind, PairingRequestErrorCode> {
  if (!isRecord(input)) return bad('a pairing kind is an object');
  const extra = stray(input, KIND_FIELDS);
  if (extra !== null) return bad(`a pairing kind has no field "${extra}"; it has ${KIND_FIELDS.join(', ')}`);
  const play = parsePlay(input);
  if (!play.ok) return play;
  const { length, clock, rated } = input;
  if (typeof length !== 'number' || length < 1) return err('ERR_SETTINGS', 'a paired match has a length of 1 or more');
  const settings = settingsOf(play.value, length);
  if (!settings.ok) return settings;
  if (!(CLOCK_PRESET_IDS as readonly unknown[]).includes(clock)) {
    return err('ERR_SETTINGS', `clock is one of ${CLOCK_PRESET_IDS.join(', ')}`);
  }
  if (typeof rated !== 'boolean') return bad('rated is true or false');
  return ok({ play: play.value, length, clock: clock as ClockPresetId, rated });
}

function parsePlay(input: Record<string, unknown>): Result<PairingPlay, PairingRequestErrorCode> {
  const { game, preset, cycle } = input;
  const named = [game, preset, cycle].filter((x) => x !== undefined).length;
  if (named !== 1) return err('ERR_SETTINGS', 'name one of game, preset or cycle');
  if (game !== undefined) {
    // A game's name is also its standard preset (presets.ts), so the two spellings are one pool.
    if (!isGameId(game)) return err('ERR_SETTINGS', `unknown game ${JSON.stringify(game)}`);
    return ok({ preset: game });
  }
  if (preset !== undefined) {
    const p = typeof preset === 'string' ? presetById(preset) : null;
    if (p === null || !p.ok) return err('ERR_SETTINGS', p?.error.message ?? 'preset is a name');
    return ok({ preset: p.value.id as PresetId });
  }
  if (typeof cycle !== 'string' || !Object.hasOwn(CYCLES, cycle)) {
    return err('ERR_SETTINGS', `unknown cycle ${JSON.stringify(cycle)}; cycles are ${Object.keys(CYCLES).join(', ')}`);
  }
  return ok({ cycle });
}

function settingsOf(play: PairingPlay, length: number): Result<MatchSettings, 'ERR_SETTINGS'> {
  const presets = 'preset' in play ? [play.preset] : (CYCLES[play.cycle] ?? []);
  return parseMatchSettings({ length, cycle: presets.map((preset) => ({ preset })) });
}

/** The settings of the match two paired requests start (the match layer's own parser made them). */
export function pairingSettings(kind: PairingKind): MatchSettings {
  const s = settingsOf(kind.play, kind.length);
  if (!s.ok) throw new Error(`a parsed pairing kind has broken settings: ${s.error.message}`);
  return s.value;
}

/**
 * The ratings pool a kind plays for: its game, or a mixed cycle's own name; a correspondence
 * clock's own pool of that (correspondencePool).
 */
export function ratingPool(kind: PairingKind): string {
  const pool = 'cycle' in kind.play ? kind.play.cycle : presetGame(kind.play.preset);
  return isCorrespondence(CLOCK_PRESETS[kind.clock]) ? correspondencePool(pool) : pool;
}

function presetGame(preset: PresetId): string {
  const p = presetById(preset);
  if (!p.ok) throw new Error(p.error.message);
  return p.value.game;
}

/**
 * Correspondence matches rate apart from live ones, as lichess rates them: a game's (or a
 * cycle's) correspondence pool is its name after `corr-`.
 */
export const correspondencePool = (pool: string): string => `corr-${pool}`;

/** One string per kind: equal exactly when two kinds pair; the server counts waiting players by it. */
export function kindKey(kind: PairingKind): string {
  const play = 'preset' in kind.play ? `preset:${kind.play.preset}` : `cycle:${kind.play.cycle}`;
  return `${play}/${kind.length}/${kind.clock}/${kind.rated ? 'rated' : 'casual'}`;
}
