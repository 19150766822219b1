import type { Result } from '@zar/engine';
import type { Env } from '../env.js';
/**
 * The server's limits on what one address or one account may ask of it. The defaults are far
 * above what a person clicking fast needs and far below what a script does (one has made 83
 * password guesses a second, another opened 3,000 sockets from one address).
 */
export interface Limits {
  /** Login and registration attempts a minute from one address (a burst of as many). */
  readonly loginPerMinute: number;
  /** Failed logins of one account name from one client (a known browser, else an address) before it is locked out. */
  readonly loginFailures: number;
  /**
   * Failed logins of one account name from all the clients it does not know (browsers that never
   * signed in to it) together, before those are held back; its own browsers are not.
   */
  readonly accountGuesses: number;
  /** Minutes until a locked-out account has all its tries back (one comes back sooner). */
  readonly lockoutMinutes: number;
  /** Sockets open at once from one address (a player has one a tab). */
  readonly socketsPerAddress: number;
  /** Frames a second one socket may send, and a burst of how many (the page sends one a click). */
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
  /** Games one account, and one address, may start a minute (a burst of as many). */
  readonly gamesPerMinute: number;
  /** Unfinished games (waiting or playing) one player may have started and not ended. */
  readonly openGames: number;
  /** Unfinished correspondence matches one player may have at once, counted apart from openGames. */
  readonly correspondenceGames: number;
  /** Analyses one account may have waiting or running at once. */
  readonly analysesPerAccount: number;
  /** Analyses waiting in all; one more is refused until the queue moves (one runs at a time). */
  readonly analysisQueue: number;
  /**
   * Match records and downloads one address may ask for a minute (a burst of as many): each
   * replays a whole match, unless it was just asked for.
   */
  readonly recordsPerMinute: number;
  /** Files one person (an account or guest, else an address) may import a minute (a burst of as many): each is replayed whole. */
  readonly importsPerMinute: number;
  /** Puzzle attempts one person (an account or guest, else an address) may make a minute (a burst of as many). */
  readonly puzzleAttemptsPerMinute: number;
  /** Puzzles one address may ask for a minute (next, daily, by id; a burst of as many). */
  readonly puzzlesPerMinute: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerMinute: 10,
  loginFailures: 5,
  accountGuesses: 20,
  lockoutMinutes: 15,
  socketsPerAddress: 20,
  messagesPerSecond: 20,
  messageBurst: 40,
  gamesPerMinute: 30,
  openGames: 20,
  correspondenceGames: 100,
  analysesPerAccount: 2,
  analysisQueue: 50,
  recordsPerMinute: 60,
  importsPerMinute: 10,
  puzzleAttemptsPerMinute: 30,
  puzzlesPerMinute: 120,
};

/** The names ZAR_LIMITS takes, each with the field it sets. */
const NAMES: Readonly<Record<string, keyof Limits>> = {
  login: 'loginPerMinute',
  'login-failures': 'loginFailures',
  'account-guesses': 'accountGuesses',
  'lockout-minutes': 'lockoutMinutes',
  sockets: 'socketsPerAddress',
  messages: 'messagesPerSecond',
  'message-burst': 'messageBurst',
  games: 'gamesPerMinute',
  'open-games': 'openGames',
  'correspondence-games': 'correspondenceGames',
  analyses: 'analysesPerAccount',
  'analysis-queue': 'analysisQueue',
  records: 'recordsPerMinute',
  imports: 'importsPerMinute',
  'puzzle-attempts': 'puzzleAttemptsPerMinute',
  puzzles: 'puzzlesPerMinute',
};

export type LimitsResult = Result<Limits, 'ERR_LIMITS'>;

/**
 * ZAR_LIMITS: comma-separated `name=number` pairs that replace defaults, such as
 * `login=20,login-failures=10`; the defaults when unset. A name it does not know or a number
 * that is not a whole one above 0 is refused, so a typo stops the server rather than leaving
 * a limit at its default unnoticed.
 */
export function limitsFrom(env: Env): LimitsResult {
  const given = env.ZAR_LIMITS?.trim() ?? '';
  const limits: Record<keyof Limits, number> = { ...DEFAULT_LIMITS };
  if (given === '') return { ok: true, value: limits };
  const fail = (message: string): LimitsResult => ({ ok: false, error: { code: 'ERR_LIMITS', message } });
  for (const pair of given.split(',')) {
    const [name = '', value, extra] = pair.split('=').map((part) => part.trim());
    const field = Object.hasOwn(NAMES, name) ? NAMES[name] : undefined;
    if (field === undefined) {
      return fail(`ZAR_LIMITS names "${name}"; the limits are ${Object.keys(NAMES).join(', ')}`);
    }
    const n = Number(value);
    if (extra !== undefined || value === undefined || !Number.isInteger(n) || n < 1 || n > 1_000_000) {
      return fail(`ZAR_LIMITS gives ${name} "${pair.trim()}"; give ${name}=N, N a whole number from 1 to 1000000`);
    }
    limits[field] = n;
  }
  return { ok: true, value: limits };
}
