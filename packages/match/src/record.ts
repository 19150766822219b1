import { err, ok, type Result } from '@zar/engine';
import {
  type MatchErrorCode,
  type MatchSettings,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
} from './match.js';
import type { GameAction } from './types.js';

/**
 * Everything needed to rebuild a match exactly: its settings and every action in order,
 * dice included. `dice` says where the dice came from (a seed for replays and tests).
 */
export interface MatchRecord {
  readonly version: 1;
  readonly settings: MatchSettings;
  readonly players: readonly [string, string];
  readonly dice?:
    | { readonly source: 'seeded'; readonly seed: string }
    | { readonly source: 'crypto' }
    /** Played offline in a browser, the dice drawn from a seed it chose (seedsFromText): not provable. */
    | { readonly source: 'offline'; readonly seed: string };
  readonly actions: readonly GameAction[];
}

export interface Replay {
  /** The state before any action, then after each action. */
  readonly states: readonly MatchState[];
}

/**
 * Rebuilds a match from its record. The first action the rules refuse is reported with its
 * index; nothing before it is lost.
 */
export function replay(record: MatchRecord): Result<Replay, MatchErrorCode | 'ERR_RECORD'> {
  const settings = parseMatchSettings(record?.settings);
  if (!settings.ok) return err('ERR_RECORD', settings.error.message);
  if (!Array.isArray(record.actions)) return err('ERR_RECORD', 'a record lists its actions');
  let state = newMatch(settings.value);
  const states: MatchState[] = [state];
  for (let i = 0; i < record.actions.length; i++) {
    const r = matchReducer(state, record.actions[i] as GameAction);
    if (!r.ok) return err(r.error.code, `action ${i + 1}: ${r.error.message}`);
    state = r.value;
    states.push(state);
  }
  return ok({ states });
}
