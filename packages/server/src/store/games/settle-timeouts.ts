import { type GameAction, type MatchState, matchReducer, newMatch, parseMatchSettings } from '@zar/match';
import type { Transaction } from 'kysely';
import type { GameRow } from '../rows.js';
import type { Database } from '../tables.js';

/** Where a legacy record stops being valid: the actions it keeps and the match they make. */
export interface Settlement {
  /** Actions that stay (the first `kept`); every later one is a timeout and goes. */
  readonly kept: number;
  readonly end: MatchState;
}

/**
 * Whether a record was abandoned under the old timeout rule, and how it settles. Until commit
 * 7a7e248 a timeout lost only the game, and Room.abandon stored one per point until the match
 * was over; today a timeout loses the match, so such a record stops replaying at its second
 * timeout (ERR_MATCH_OVER). A record is legacy exactly when it fails at a timeout after the
 * match was already won and holds only timeouts from there on: then it settles at the first of
 * them. Any other record, valid or broken some other way, is left as it is (null).
 */
export function settlementOf(record: GameRow['record'], actions: readonly GameAction[]): Settlement | null {
  const settings = parseMatchSettings(record.settings);
  if (!settings.ok) return null;
  let state = newMatch(settings.value);
  for (const [i, action] of actions.entries()) {
    const next = matchReducer(state, action);
    if (next.ok) {
      state = next.value;
      continue;
    }
    const onlyTimeouts = actions.slice(i).every((a) => a.type === 'timeout');
    return state.winner !== null && onlyTimeouts ? { kept: i, end: state } : null;
  }
  return null;
}

/**
 * Settles every legacy record (settlementOf) inside the schema v3 upgrade's transaction: its
 * trailing timeouts are deleted, and its version, score, winner and status ('over') are set to
 * what the kept actions make, so its record, its downloads and a replay work again. Only games
 * with two timeouts or more can be legacy, so only those are replayed. The games table has its
 * score and winner by then (addOutcomeColumns runs first, and its replay stops where such a
 * record stops, at the same match end), so a v1 database settles the same way as a v2 one.
 */
export async function settleLegacyTimeouts(trx: Transaction<Database>): Promise<number> {
  const candidates = await trx
    .selectFrom('actions')
    .select('game_id')
    .where('action', 'like', '%"type":"timeout"%')
    .groupBy('game_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .orderBy('game_id')
    .execute();
  let settled = 0;
  for (const { game_id: id } of candidates) {
    const game = await trx.selectFrom('games').select('record').where('id', '=', id).executeTakeFirst();
    if (game === undefined) continue;
    const rows = await trx.selectFrom('actions').select('action').where('game_id', '=', id).orderBy('seq').execute();
    const record = JSON.parse(game.record) as GameRow['record'];
    const settlement = settlementOf(
      record,
      rows.map((r) => JSON.parse(r.action) as GameAction),
    );
    if (settlement === null) continue;
    const { kept, end } = settlement;
    await trx.deleteFrom('actions').where('game_id', '=', id).where('seq', '>', kept).execute();
    await trx
      .updateTable('games')
      .set({ version: kept, status: 'over', score: JSON.stringify([end.score[0], end.score[1]]), winner: end.winner })
      .where('id', '=', id)
      .execute();
    settled++;
  }
  return settled;
}
