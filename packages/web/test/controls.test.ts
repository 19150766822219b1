import { type Dice, formatPlay } from '@zar/engine';
import {
  MATCH_DEFAULTS,
  type MatchSettings,
  type MatchState,
  NOTHING_ALLOWED,
  newMatch,
  type Player,
  rulesOf,
} from '@zar/match';
import { type GameView, matchView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { controlsOf } from '../src/play/controls-bar.js';
import { statusOf } from '../src/play/status.js';
import { apply, CASUAL_UNTIMED, SEATS_AGAINST_BOT } from './support/matches.js';

const seats = SEATS_AGAINST_BOT;

/** Plays on (opening won by the other player, first legal plays, 2-1 rolls) until `player` is on roll. */
function onRoll(settings: Partial<MatchSettings>, player: Player): MatchState {
  let m = newMatch({ ...MATCH_DEFAULTS, ...settings });
  for (let i = 0; i < 20 && !(m.game.phase === 'roll' && m.game.turn === player); i++) {
    const g = m.game;
    if (g.phase === 'opening') m = apply(m, { type: 'opening', dice: player === 0 ? [1, 6] : [6, 1] });
    else if (g.phase === 'roll') m = apply(m, { type: 'roll', player: g.turn, dice: [2, 1] });
    else {
      const plays = rulesOf(g.settings).legalPlays(g.position, g.dice as Dice);
      m = apply(m, { type: 'play', player: g.turn, play: formatPlay(plays[0]?.steps ?? []) });
    }
  }
  return m;
}

const viewOf = (m: MatchState, you: Player | null, status: GameView['status'] = 'playing'): GameView =>
  matchView(m, { id: 'game01', status, players: seats, you, hint: false, analysable: false, ...CASUAL_UNTIMED }, []);

const RESIGN_ALL = [
  { level: 1, points: 1 },
  { level: 2, points: 2 },
  { level: 3, points: 3 },
] as const;

describe('controls', () => {
  it('draw what the view allows, in a fixed order; pass is the drop', () => {
    expect(controlsOf({ ...NOTHING_ALLOWED, roll: true, double: true, resign: RESIGN_ALL })).toEqual([
      'roll',
      'double',
      'resign',
    ]);
    expect(controlsOf({ ...NOTHING_ALLOWED, beaver: true, drop: true, take: true })).toEqual([
      'take',
      'pass',
      'beaver',
    ]);
    expect(controlsOf({ ...NOTHING_ALLOWED, take: true, drop: true, raccoon: true })).toEqual([
      'take',
      'pass',
      'raccoon',
    ]);
    expect(controlsOf({ ...NOTHING_ALLOWED, accept: true, decline: true })).toEqual(['accept', 'decline']);
    expect(controlsOf({ ...NOTHING_ALLOWED, play: true, resign: RESIGN_ALL.slice(0, 2) })).toEqual(['resign']);
    expect(controlsOf(NOTHING_ALLOWED)).toEqual([]);
  });

  it('come from the match: the player on roll, his opponent and a spectator', () => {
    const m = onRoll({}, 1);
    expect(controlsOf(viewOf(m, 1).allowed)).toEqual(['roll', 'double', 'resign']);
    expect(controlsOf(viewOf(m, 0).allowed)).toEqual([]);
    expect(controlsOf(viewOf(m, null).allowed)).toEqual([]);
  });
});

describe('status line', () => {
  it('tells the player on roll whether he may double', () => {
    expect(statusOf(viewOf(onRoll({}, 1), 1))).toEqual({ kind: 'yourRoll', canDouble: true });
    expect(statusOf(viewOf(onRoll({ cycle: [{ game: 'long-nardy' }] }, 1), 1))).toEqual({
      kind: 'yourRoll',
      canDouble: false,
    });
  });

  it('names who is to play', () => {
    const m = onRoll({}, 1);
    expect(statusOf(viewOf(m, 0))).toEqual({ kind: 'theirTurn', who: 1 });
    const moving = apply(m, { type: 'roll', player: 1, dice: [6, 5] });
    expect(statusOf(viewOf(moving, 1))).toEqual({ kind: 'yourMove' });
    expect(statusOf(viewOf(moving, 0))).toEqual({ kind: 'theirTurn', who: 1 });
  });

  it('shows the value a double offers, and who offered it', () => {
    const m = apply(onRoll({}, 1), { type: 'double', player: 1 });
    expect(statusOf(viewOf(m, 0))).toEqual({ kind: 'doubled', who: 1, value: 2 });
    expect(statusOf(viewOf(m, null))).toEqual({ kind: 'doubled', who: 1, value: 2 });
    expect(statusOf(viewOf(m, 1))).toEqual({ kind: 'youDoubled', value: 2 });
  });

  it('a beaver is offered by the doubled player', () => {
    const m = apply(
      onRoll({ length: 0, beaver: true }, 1),
      { type: 'double', player: 1 },
      { type: 'beaver', player: 0 },
    );
    expect(statusOf(viewOf(m, 1))).toEqual({ kind: 'doubled', who: 0, value: 4 });
    expect(statusOf(viewOf(m, 0))).toEqual({ kind: 'youDoubled', value: 4 });
  });

  it('reports resignation offers both ways', () => {
    const m = apply(onRoll({}, 0), { type: 'resign', player: 0, level: 1 });
    expect(statusOf(viewOf(m, 0))).toEqual({ kind: 'youResigned', level: 1 });
    expect(statusOf(viewOf(m, 1))).toEqual({ kind: 'resignOffer', who: 0, level: 1 });
  });

  it('waiting and over', () => {
    expect(statusOf(viewOf(newMatch(MATCH_DEFAULTS), 0, 'waiting'))).toEqual({ kind: 'waiting' });
    expect(statusOf(viewOf(onRoll({}, 0), 0, 'over'))).toEqual({ kind: 'over' });
  });
});
