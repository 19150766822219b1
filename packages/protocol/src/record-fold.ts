import { type GameAction, type MatchState, matHolds } from '@zar/match';
import type { EventAction } from './actions.js';
import { appendEvent, emptyRecord, type MatchRecordView, type RecordStepView } from './record.js';
import { gameStateView } from './view.js';

/*
 * The record of a match as events tell it, built from the match layer's values: the server
 * rebuilds a stored match's record with it, and the browser's offline play keeps its own.
 */

/**
 * The contract's account of an action the match layer applied. Written field by field, so a
 * match action the contract cannot tell is a compile error here, not a frame clients refuse.
 */
export function eventAction(a: GameAction): EventAction {
  switch (a.type) {
    case 'opening':
      return { type: a.type, dice: a.dice };
    case 'roll':
      return { type: a.type, player: a.player, dice: a.dice };
    case 'play':
      return { type: a.type, player: a.player, play: a.play };
    case 'resign':
      return { type: a.type, player: a.player, level: a.level };
    default:
      return { type: a.type, player: a.player };
  }
}

/**
 * The record of a replayed match (`states`: the start, then the state after each action):
 * each action folded in through appendEvent with the view its event carried, `status` the
 * match's after the last one, stamped `at(i)`. Null when the fold cannot take an event.
 */
export function foldRecord(
  id: string,
  states: readonly MatchState[],
  actions: readonly GameAction[],
  players: RecordStepView['players'],
  status: MatchRecordView['status'],
  at: (i: number) => number,
): MatchRecordView | null {
  const first = states[0] as MatchState;
  let record: MatchRecordView | null = emptyRecord(
    id,
    first.settings,
    players,
    actions.length === 0 ? status : 'playing',
    gameStateView(first.game),
    matHolds(first.settings),
  );
  for (let i = 0; i < actions.length && record !== null; i++) {
    const before = states[i] as MatchState;
    const after = states[i + 1] as MatchState;
    const view: RecordStepView = {
      // Every event but the last went out while the match was being played.
      status: i === actions.length - 1 ? status : 'playing',
      players,
      score: after.score,
      winner: after.winner,
      gameNumber: after.gameNumber,
      game: gameStateView(after.game),
      // Read only when the action ended a game: the view of that game over.
      previous:
        after.gameNumber !== before.gameNumber && after.previous !== null ? gameStateView(after.previous) : null,
    };
    const action = eventAction(actions[i] as GameAction);
    record = appendEvent(record, { v: i + 1, action, view }, at(i));
  }
  return record;
}
