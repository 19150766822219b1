import {
  fairRolls,
  type GameAction,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
  seedsFromText,
} from '@zar/match';
import type { OfflineRecord } from '@zar/protocol';
import type { FileRefusal } from './read-file.js';

/** An offline record that checked: the match layer's actions and where they ended. */
export interface CheckedOffline {
  readonly actions: readonly GameAction[];
  readonly end: MatchState;
}

export type OfflineCheck =
  | { readonly ok: true; readonly value: CheckedOffline }
  | { readonly ok: false; readonly error: FileRefusal };

/** The action numbered `number` (from 1) is refused: the contract's code, and the number for a page's sentence. */
const refused = (code: 'ERR_OFFLINE_ACTION' | 'ERR_OFFLINE_DICE', number: number, message: string): OfflineCheck => ({
  ok: false,
  error: { code, message: `action ${number}: ${message}`, detail: { line: null, params: { number } } },
});

/**
 * Replays a match played offline (protocol offline.ts) as the browser played it: every action
 * through the match layer's reducer, and every roll (an opening attempt, a roll) checked to be
 * its seed's next (fairRolls of seedsFromText, as the browser's driver and `zar play` draw
 * them), so that a record edited after the fact is refused at its first changed action. The
 * bot's choices are not played again: the record is casual and unrated either way, and its
 * seed, chosen by the browser, proves nothing of its dice.
 */
export function checkOffline(record: OfflineRecord): OfflineCheck {
  const settings = parseMatchSettings(record.settings);
  if (!settings.ok) {
    return {
      ok: false,
      error: { code: 'ERR_SETTINGS', message: settings.error.message, detail: { line: null, params: {} } },
    };
  }
  const rollAt = fairRolls(seedsFromText(record.seed));
  let state = newMatch(settings.value);
  let drawn = 0;
  const actions: GameAction[] = [];
  for (const [i, a] of record.actions.entries()) {
    // An offline match has no clock: a timeout is no action of one.
    if (a.type === 'timeout') return refused('ERR_OFFLINE_ACTION', i + 1, 'an offline match has no clock');
    const action = a as GameAction;
    if (action.type === 'opening' || action.type === 'roll') {
      const [x, y] = rollAt(drawn++);
      if (action.dice[0] !== x || action.dice[1] !== y) {
        return refused('ERR_OFFLINE_DICE', i + 1, `the dice ${action.dice.join('-')} are not the seed's ${x}-${y}`);
      }
    }
    const next = matchReducer(state, action);
    if (!next.ok) return refused('ERR_OFFLINE_ACTION', i + 1, `${next.error.code}: ${next.error.message}`);
    state = next.value;
    actions.push(action);
  }
  return { ok: true, value: { actions, end: state } };
}
