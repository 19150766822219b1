import { type Hint, hintOf } from '@zar/bot';
import type { Result } from '@zar/engine';
import type { MatchState, Player } from '@zar/match';
import { HINT_MAX_PLAYS } from '@zar/protocol';

/*
 * Hints from the bots' threads: the bot's view of a player's decision now (@zar/bot hintOf),
 * asked where the bots think, so a search of tenths of a second never holds up the server's
 * own thread. What a hint request gets back is an answer, never an exception.
 */

/** Why there is no hint: the asker has no decision now, the rules are not the bot's, or the bots could not answer. */
export type HintRefusalCode = 'ERR_PHASE' | 'ERR_HINT_RULES' | 'ERR_HINT_UNAVAILABLE';

export type HintAnswer = Result<Hint, HintRefusalCode>;

/** How long a hint may take, queue included, before the asker is told to try again (measured: 0.2 s a hint). */
export const HINT_TIMEOUT_MS = 5_000;

export const hintUnavailable = (why: string): HintAnswer => ({
  ok: false,
  error: { code: 'ERR_HINT_UNAVAILABLE', message: `no hint now (${why}); try again shortly` },
});

/** The hint for `asker` in `match`, searched on the calling thread. */
export async function answerHint(match: MatchState, asker: Player): Promise<HintAnswer> {
  try {
    const r = await hintOf(match, asker, { maxPlays: HINT_MAX_PLAYS });
    if (r.ok) return r;
    const code: HintRefusalCode = r.error.code === 'ERR_PHASE' ? 'ERR_PHASE' : 'ERR_HINT_RULES';
    return { ok: false, error: { code, message: r.error.message } };
  } catch (e) {
    return hintUnavailable(`the bot failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
