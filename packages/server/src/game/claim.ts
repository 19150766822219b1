import type { Result } from '@zar/engine';
import { actorOf, type MatchState, type Player } from '@zar/match';
import { durationSetting, type Env, type TimeUnit } from '../env.js';
import type { GameRow, GameStatusRow } from '../store/types.js';

/*
 * Claims: abandonment in untimed games. In an untimed match between two people,
 * once the player who must act has not for `claimAfterMs` (5 minutes by default), his
 * opponent may claim the match: the absent player loses it as on time (the match's `timeout`,
 * stored with abandonedBy his seat, so his ratings and abandonment share count it). A timed
 * match needs no claim: its clock ends it. A game against the bot has none either: the
 * abandonment sweep ends it (abandon.ts).
 *
 * Unlike lichess, a claim does not wait for the absent player to have closed his page: what
 * counts is the time without an action, and a player who keeps the page open and never acts
 * stalls his opponent just the same.
 */

const SECONDS: TimeUnit = { name: 'seconds', ms: 1000, max: 7 * 24 * 3600 };

export const DEFAULT_CLAIM_AFTER_MS = 5 * 60_000;

export type ClaimAfterResult = Result<number, 'ERR_CLAIM_AFTER'>;

/** ZAR_CLAIM_AFTER_SECONDS (seconds, fractions allowed); DEFAULT_CLAIM_AFTER_MS when unset. */
export function claimAfterFrom(env: Env): ClaimAfterResult {
  return durationSetting(env, 'ZAR_CLAIM_AFTER_SECONDS', SECONDS, DEFAULT_CLAIM_AFTER_MS, 'ERR_CLAIM_AFTER');
}

/** What the claim rule needs from the room's dependencies (RoomDeps). */
export interface ClaimDeps {
  /** An untimed match's absent actor may be claimed after this long (DEFAULT_CLAIM_AFTER_MS when left out). */
  readonly claimAfterMs?: number;
  /** When this room's server took the game on (it started, or took the game from an instance that died): a claim's wait counts from it at the earliest. */
  readonly upSince?: number;
}

/** What the claim rule looks at in a room. */
export interface ClaimSituation {
  readonly status: GameStatusRow;
  readonly seats: GameRow['seats'];
  readonly timed: boolean;
  /** Who must act now; null when no one does (the server's opening roll, a finished match). */
  readonly actor: Player | null;
  /**
   * Since when the actor has not acted: the later of the game's last change (the last action,
   * or the join that started it) and the server's start, as no one could act while it was down.
   */
  readonly since: number;
  readonly afterMs: number;
}

/** The claim rule's view of a room: its row, its match, whether it has a clock. */
export function claimSituation(row: GameRow, match: MatchState, timed: boolean, deps: ClaimDeps): ClaimSituation {
  return {
    status: row.status,
    seats: row.seats,
    timed,
    actor: match.winner === null ? actorOf(match.game) : null,
    since: Math.max(row.updatedAt, deps.upSince ?? row.updatedAt),
    afterMs: deps.claimAfterMs ?? DEFAULT_CLAIM_AFTER_MS,
  };
}

/** Why `you` cannot claim at all (ERR_NO_CLAIM), or null when he can, now or later. */
function noClaim(s: ClaimSituation, you: Player): string | null {
  if (s.timed) return 'a timed match is ended by its clock, not by a claim';
  if (s.seats.some((seat) => seat.kind === 'bot')) return 'there is nothing to claim in a game against the bot';
  if (s.actor === null) return 'no one is to act now';
  if (s.actor === you) return 'it is your turn to act';
  return null;
}

/**
 * The ms from `at` until `you` may claim the match (0: now), as the view shows it; null when
 * he cannot (a spectator, not playing, timed, against the bot, his own turn, no one to act).
 */
export function claimWait(s: ClaimSituation, you: Player | null, at: number): number | null {
  if (you === null || s.status !== 'playing' || noClaim(s, you) !== null) return null;
  return Math.max(0, s.since + s.afterMs - at);
}

export type ClaimResult = Result<Player, 'ERR_NO_CLAIM' | 'ERR_CLAIM_EARLY'>;

/**
 * A claim by `you`, a player in a game being played, at `at`: the absent player to time out,
 * or why not. Too early says how long is left, in whole seconds rounded up.
 */
export function claimCheck(s: ClaimSituation, you: Player, at: number): ClaimResult {
  const why = noClaim(s, you);
  if (why !== null) return { ok: false, error: { code: 'ERR_NO_CLAIM', message: why } };
  const wait = s.since + s.afterMs - at;
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    return {
      ok: false,
      error: {
        code: 'ERR_CLAIM_EARLY',
        message: `you may claim the match in ${seconds} s, if your opponent still has not acted`,
      },
    };
  }
  return { ok: true, value: s.actor as Player };
}
