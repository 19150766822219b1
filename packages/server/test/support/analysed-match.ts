import type { MatchAnalysis } from '@zar/bot';
import { outcomeOf } from '../../src/store/outcome.js';
import type { GameRow, Store } from '../../src/store/types.js';
import type { BotMatch } from './bot-match.js';
import { gameRowFor } from './game-row.js';
import type { Caller } from './harness.js';

/*
 * A finished match between two accounts, put in a store action by action as the server would
 * have stored it, and its analysis waited for: the tests of the players' pages (their PR, their
 * luck) read what the analysis of such a match books.
 */

/** Stores `played` between `seats` as game `id`: created playing, its last action ending it. */
export async function storePlayedMatch(
  store: Store,
  id: string,
  seats: GameRow['seats'],
  played: BotMatch,
): Promise<GameRow> {
  // Its dice were the bots' seeded ones (bot-match.ts): the record names no source it could replay.
  const record = { version: 1 as const, settings: played.settings, players: [seats[0].name, seats[1].name] as const };
  const row = gameRowFor({ id, record, seats });
  await store.createGame({ ...row, ...outcomeOf(row.record, []) });
  for (const [i, action] of played.actions.entries()) {
    const last = i === played.actions.length - 1;
    await store.appendAction(
      row.id,
      i,
      action,
      i,
      last ? 'over' : undefined,
      last ? outcomeOf(row.record, played.actions) : undefined,
    );
  }
  return row;
}

/** Asks for game `id`'s analysis until it is ready (a minute at most). */
export async function analysisOf(caller: Caller, id: string): Promise<MatchAnalysis> {
  for (let i = 0; i < 600; i++) {
    const r = await caller.call<{ state: string; analysis?: MatchAnalysis }>('GET', `/api/games/${id}/analysis`);
    if (r.status === 200 && r.body.analysis !== undefined) return r.body.analysis;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the analysis was not ready');
}
