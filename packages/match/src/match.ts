import { createRules, type EarlyEnding, err, type GameId, isGameId, ok, presetById, type Result } from '@zar/engine';
import { gameReducer, newGame } from './game.js';
import { rulesOf } from './rules-cache.js';
import type { CubeRules, GameAction, GameErrorCode, GameResult, GameSettings, GameState, Player } from './types.js';

export interface GameChoice {
  readonly game: GameId;
  readonly options?: Readonly<Record<string, unknown>>;
}

/** A game as settings from outside may name it: by game and options, or by preset. */
export type GameChoiceInput = GameChoice | { readonly preset: string };

export interface MatchSettings {
  /** Points to win; 0 = a money session that goes on until the players stop. */
  readonly length: number;
  /** The games played in turn (Greek tavli: portes, plakoto, fevga); one entry for one game. */
  readonly cycle: readonly GameChoice[];
  /** Money play only; always off in matches. */
  readonly jacoby: boolean;
  readonly beaver: boolean;
  readonly raccoon: boolean;
  readonly automaticDoubles: number;
  /** Who starts the second and later games; 'game-rule' follows each game's own custom. */
  readonly laterGames: 'opening-roll' | 'previous-winner' | 'game-rule';
}

export type CrawfordState = 'pending' | 'active' | 'done';

export interface MatchState {
  readonly settings: MatchSettings;
  readonly score: readonly [number, number];
  readonly crawford: CrawfordState;
  /** 1 for the first game. */
  readonly gameNumber: number;
  /** Which game of the cycle is played (a replayed draw plays the same one again). */
  readonly cycleIndex: number;
  readonly game: GameState;
  /** The game that just ended, kept for the end-of-game screen. */
  readonly previous: GameState | null;
  readonly results: readonly GameResult[];
  /**
   * Who won the match; null while it is played. A money session has none, unless a player
   * ran out of time: then his opponent wins it and the session is over (bookTimeout).
   */
  readonly winner: Player | null;
}

export type MatchErrorCode = GameErrorCode | 'ERR_MATCH_OVER' | 'ERR_SETTINGS';

export const MONEY_CUBE_LIMIT = 64;
/** The match equity table (Kazaross-XG2) reaches 25 away, so matches do too. */
export const MAX_MATCH_LENGTH = 25;

export const MATCH_DEFAULTS: MatchSettings = {
  length: 7,
  cycle: [{ game: 'backgammon' }],
  jacoby: false,
  beaver: false,
  raccoon: false,
  automaticDoubles: 0,
  laterGames: 'game-rule',
};

/**
 * The largest cube that still means something at this score (§7.6): the smallest power of
 * two at least as large as what either side needs. Doubles beyond it are refused.
 */
export function usefulCubeLimit(length: number, score: readonly [number, number]): number {
  const need = Math.max(length - score[0], length - score[1]);
  let limit = 1;
  while (limit < need) limit *= 2;
  return limit;
}

/**
 * A double by `player` can only help the opponent: he already wins the match with a single
 * game at the current cube (§7.6, post-Crawford leader). Clients warn; the rules allow it.
 */
export function doubleIsUseless(match: MatchState, player: Player): boolean {
  if (match.settings.length === 0) return false;
  return match.game.cube.value >= match.settings.length - (match.score[player] ?? 0);
}

function gameSettings(m: Omit<MatchState, 'game'>, starter: GameSettings['starter']): GameSettings {
  const s = m.settings;
  const choice = s.cycle[m.cycleIndex % s.cycle.length] as GameChoice;
  const hasCube = rulesOf(choice).hasCube;
  const money = s.length === 0;
  const cube: CubeRules = {
    enabled: hasCube,
    jacoby: hasCube && money && s.jacoby,
    beaver: hasCube && money && s.beaver,
    raccoon: hasCube && money && s.beaver && s.raccoon,
    automaticDoubles: hasCube && money ? s.automaticDoubles : 0,
    limit: money ? MONEY_CUBE_LIMIT : usefulCubeLimit(s.length, m.score),
  };
  return {
    game: choice.game,
    options: choice.options ?? {},
    cube,
    crawford: m.crawford === 'active',
    starter,
  };
}

/** The first name of `input` that is not in `known`, or null: a misspelled field is an error, never ignored. */
function unknownField(input: object, known: readonly string[]): string | null {
  return Object.keys(input).find((name) => !known.includes(name)) ?? null;
}

const SETTINGS_FIELDS = Object.keys(MATCH_DEFAULTS);

/**
 * Checks settings from untrusted input (a request, a stored record, a file); fills defaults
 * for what is missing. A field it does not know is an error, so a misspelled one never
 * silently takes the default.
 */
export function parseMatchSettings(input: unknown): Result<MatchSettings, 'ERR_SETTINGS'> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err('ERR_SETTINGS', 'match settings must be an object');
  }
  const stray = unknownField(input, SETTINGS_FIELDS);
  if (stray !== null) {
    return err('ERR_SETTINGS', `match settings have no field "${stray}"; they have ${SETTINGS_FIELDS.join(', ')}`);
  }
  const s = { ...MATCH_DEFAULTS, ...(input as Partial<MatchSettings>) };
  if (!Number.isInteger(s.length) || s.length < 0 || s.length > MAX_MATCH_LENGTH) {
    return err('ERR_SETTINGS', `match length is 0 (money) to ${MAX_MATCH_LENGTH}`);
  }
  if (!Array.isArray(s.cycle) || s.cycle.length === 0 || s.cycle.length > 8) {
    return err('ERR_SETTINGS', 'cycle lists 1 to 8 games');
  }
  const cycle: GameChoice[] = [];
  for (const input of s.cycle as readonly GameChoiceInput[]) {
    const c = resolveChoice(input);
    if (!c.ok) return c;
    cycle.push(c.value);
  }
  for (const flag of ['jacoby', 'beaver', 'raccoon'] as const) {
    if (typeof s[flag] !== 'boolean') return err('ERR_SETTINGS', `${flag} is true or false`);
  }
  if (!Number.isInteger(s.automaticDoubles) || s.automaticDoubles < 0 || s.automaticDoubles > 6) {
    return err('ERR_SETTINGS', 'automaticDoubles is 0..6');
  }
  if (!['opening-roll', 'previous-winner', 'game-rule'].includes(s.laterGames)) {
    return err('ERR_SETTINGS', 'laterGames is "opening-roll", "previous-winner" or "game-rule"');
  }
  return ok({ ...s, cycle });
}

function resolveChoice(input: GameChoiceInput): Result<GameChoice, 'ERR_SETTINGS'> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err('ERR_SETTINGS', 'each game of the cycle is an object');
  }
  const fields = 'preset' in input ? ['preset'] : ['game', 'options'];
  const stray = unknownField(input, fields);
  if (stray !== null) {
    return err('ERR_SETTINGS', `a game of the cycle is {"game", "options"} or {"preset"}; "${stray}" is not a field`);
  }
  if ('preset' in input) {
    const p = presetById(input.preset);
    if (!p.ok) return err('ERR_SETTINGS', p.error.message);
    return ok({ game: p.value.game, options: p.value.options });
  }
  if (!isGameId(input.game)) return err('ERR_SETTINGS', `unknown game ${JSON.stringify(input.game)}`);
  const made = createRules(input.game, input.options);
  if (!made.ok) return err('ERR_SETTINGS', made.error.message);
  return ok(input.options === undefined ? { game: input.game } : { game: input.game, options: input.options });
}

export function newMatch(settings: MatchSettings): MatchState {
  const base = {
    settings,
    score: [0, 0] as const,
    crawford: 'pending' as CrawfordState,
    gameNumber: 1,
    cycleIndex: 0,
    previous: null,
    results: [],
    winner: null,
  };
  return { ...base, game: newGame(gameSettings(base, 'opening-roll')) };
}

function nextCrawford(m: MatchState, score: readonly [number, number]): CrawfordState {
  if (m.crawford === 'active') return 'done';
  const n = m.settings.length;
  // Only the first arrival at N-1 (by either player) makes the next game the Crawford game.
  if (m.crawford === 'pending' && n > 0 && (score[0] === n - 1 || score[1] === n - 1)) return 'active';
  return m.crawford;
}

/**
 * Whether a drawn game is played again. Only an early ending can draw (plakoto's two
 * pinned mothers); a new kind of ending fails to compile here until it says.
 */
function replaysDraws(ending: EarlyEnding): boolean {
  switch (ending.kind) {
    case 'none':
      return false;
    case 'mother-pin':
      return ending.draw === 'replay';
  }
}

/**
 * A player who runs out of time loses the match, not the game. shared/rules/backgammon.md leaves
 * timeouts to us (§9 "Abandonment/timeout online": bgammon forfeits the match of an inactive
 * player; §15 "Timeouts: decide …"); on a
 * clock, "if your flag falls, you lose regardless of the state of the match" (Kit Woolsey on
 * clocked play, bkgm.com/rgb/rgb.cgi?view+108; the tournament clock rules the file lists,
 * bkgm.com/tournaments/US-Backgammon-Clock-2013.html, end a match on time expiration, §5). So:
 * - in a match to N the opponent's score becomes N; the game's result still says `timeout`
 *   and the points the game itself was worth (timeoutPoints: a gammon or a single, times the
 *   cube), which is what the record's result line shows;
 * - a money session (length 0) ends: the game is booked at those same points (a session has
 *   no total to reach) and the opponent is the session's winner, so nothing more is played.
 * Crawford and post-Crawford do not matter: the match is over either way.
 */
function bookTimeout(n: number, score: [number, number], winner: Player, points: number): void {
  score[winner] = n > 0 ? n : score[winner] + points;
}

/** Books a finished game and starts the next one (or ends the match). */
function finishGame(m: MatchState, over: GameState): MatchState {
  const result = over.result as GameResult;
  const n = m.settings.length;
  const score: [number, number] = [m.score[0], m.score[1]];
  const timedOut = result.kind === 'timeout' && result.winner !== null;
  if (timedOut) bookTimeout(n, score, result.winner as Player, result.points);
  else if (result.winner !== null) {
    const total = score[result.winner] + result.points;
    // Points beyond the match length do not count (§7.6).
    score[result.winner] = n > 0 ? Math.min(n, total) : total;
  }
  const won = n > 0 && result.winner !== null && score[result.winner] >= n;
  const winner = timedOut || won ? result.winner : null;
  const crawford = winner === null ? nextCrawford(m, score) : m.crawford;
  const booked = {
    ...m,
    score,
    crawford,
    previous: over,
    results: [...m.results, result],
    winner,
  };
  if (winner !== null) return { ...booked, game: over };
  const rules = rulesOf(over.settings);
  const replayDraw = result.winner === null && replaysDraws(rules.earlyEnding);
  const next = { ...booked, gameNumber: m.gameNumber + 1, cycleIndex: m.cycleIndex + (replayDraw ? 0 : 1) };
  const rule = m.settings.laterGames === 'game-rule' ? rules.laterGames : m.settings.laterGames;
  const starter = rule === 'previous-winner' && result.winner !== null ? result.winner : 'opening-roll';
  return { ...next, game: newGame(gameSettings(next, starter)) };
}

/** The match as a pure reducer over game actions. */
export function matchReducer(m: MatchState, action: GameAction): Result<MatchState, MatchErrorCode> {
  if (m.winner !== null) return err('ERR_MATCH_OVER', 'the match is over');
  const r = gameReducer(m.game, action);
  if (!r.ok) return r;
  if (r.value.phase === 'over') return ok(finishGame(m, r.value));
  return ok({ ...m, game: r.value });
}
