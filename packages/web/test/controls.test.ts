import type { GameView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { controlsFor, resignLevels } from '../src/play/controls.js';
import { statusOf } from '../src/play/status.js';

type Game = GameView['game'];

/** A view of a backgammon match in progress; each test changes what it is about. */
function view(game: Partial<Game>, over: Partial<GameView> = {}): GameView {
  const base: Game = {
    game: 'backgammon',
    options: {},
    phase: 'roll',
    turn: 0,
    position: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5',
    dice: null,
    cube: { value: 1, owner: null },
    cubeEnabled: true,
    cubeLimit: 64,
    crawford: false,
    stake: 0,
    resign: null,
    result: null,
  };
  return {
    id: 'game01',
    status: 'playing',
    settings: {
      length: 5,
      cycle: [{ game: 'backgammon' }],
      jacoby: false,
      beaver: false,
      raccoon: false,
      automaticDoubles: 0,
      laterGames: 'game-rule',
    },
    players: [
      { name: 'ana', kind: 'human', taken: true },
      { name: 'bot', kind: 'bot', level: 'club', taken: true },
    ],
    you: 0,
    score: [0, 0],
    crawford: 'pending',
    gameNumber: 1,
    winner: null,
    game: { ...base, ...game },
    previous: null,
    results: [],
    lastMove: null,
    ...over,
  };
}

describe('controls', () => {
  it('on roll with the cube centred: roll, double, resign', () => {
    expect(controlsFor(view({}))).toEqual(['roll', 'double', 'resign']);
  });
  it('no double when the opponent owns the cube, in the Crawford game, or without a cube', () => {
    expect(controlsFor(view({ cube: { value: 2, owner: 1 } }))).toEqual(['roll', 'resign']);
    expect(controlsFor(view({ crawford: true }))).toEqual(['roll', 'resign']);
    expect(controlsFor(view({ cubeEnabled: false }))).toEqual(['roll', 'resign']);
    expect(controlsFor(view({ cube: { value: 2, owner: 0 } }))).toEqual(['roll', 'double', 'resign']);
  });
  it('no double beyond the useful cube (a 1-point match, double match point)', () => {
    expect(controlsFor(view({ cubeLimit: 1 }))).toEqual(['roll', 'resign']);
    expect(controlsFor(view({ cube: { value: 2, owner: 0 }, cubeLimit: 2 }))).toEqual(['roll', 'resign']);
  });
  it("nothing while it is the opponent's turn", () => {
    expect(controlsFor(view({ turn: 1 }))).toEqual([]);
    expect(controlsFor(view({ turn: 1, phase: 'move', dice: [3, 1] }))).toEqual([]);
  });
  it('the doubled player takes or passes; beaver only when the match allows it', () => {
    expect(controlsFor(view({ turn: 1, phase: 'doubled', stake: 1 }))).toEqual(['take', 'pass']);
    const beavers = view({ turn: 1, phase: 'doubled' }, {});
    const withBeaver = { ...beavers, settings: { ...beavers.settings, beaver: true } };
    expect(controlsFor(withBeaver)).toEqual(['take', 'pass', 'beaver']);
    expect(controlsFor(view({ turn: 0, phase: 'doubled' }))).toEqual([]);
  });
  it('after a beaver the doubler answers', () => {
    expect(controlsFor(view({ turn: 0, phase: 'beavered', cube: { value: 4, owner: 1 } }))).toEqual(['take', 'pass']);
    expect(controlsFor(view({ turn: 1, phase: 'beavered' }))).toEqual([]);
  });
  it('a resignation offer is answered by the other player', () => {
    const offer = { by: 1 as const, level: 2 as const, resume: 'roll' as const };
    expect(controlsFor(view({ turn: 1, phase: 'resigning', resign: offer }))).toEqual(['accept', 'decline']);
    expect(controlsFor(view({ turn: 1, phase: 'resigning', resign: { ...offer, by: 0 } }))).toEqual([]);
  });
  it('both may roll the opening; spectators and finished or waiting games have no controls', () => {
    expect(controlsFor(view({ phase: 'opening' }))).toEqual(['roll']);
    expect(controlsFor(view({}, { you: null }))).toEqual([]);
    expect(controlsFor(view({}, { status: 'over' }))).toEqual([]);
    expect(controlsFor(view({}, { status: 'waiting' }))).toEqual([]);
  });
  it('resigns at backgammon only where the game scores it', () => {
    expect(resignLevels(3)).toEqual([1, 2, 3]);
    expect(resignLevels(2)).toEqual([1, 2]);
  });
});

describe('status line', () => {
  it('tells the player on roll whether he may double', () => {
    expect(statusOf(view({}))).toEqual({ kind: 'yourRoll', canDouble: true });
    expect(statusOf(view({ cubeEnabled: false }))).toEqual({ kind: 'yourRoll', canDouble: false });
  });
  it('names who is to play', () => {
    expect(statusOf(view({ turn: 1 }))).toEqual({ kind: 'theirTurn', who: 1 });
    expect(statusOf(view({ phase: 'move', dice: [6, 5] }))).toEqual({ kind: 'yourMove' });
  });
  it('shows the value a double offers', () => {
    expect(statusOf(view({ turn: 1, phase: 'doubled', cube: { value: 2, owner: 0 } }))).toEqual({
      kind: 'doubled',
      who: 1,
      value: 4,
    });
    expect(statusOf(view({ turn: 0, phase: 'doubled' }))).toEqual({ kind: 'youDoubled', value: 2 });
  });
  it('reports resignation offers both ways', () => {
    const offer = { by: 0 as const, level: 1 as const, resume: 'move' as const };
    expect(statusOf(view({ phase: 'resigning', resign: offer }))).toEqual({ kind: 'youResigned', level: 1 });
    expect(statusOf(view({ phase: 'resigning', resign: offer }, { you: 1 }))).toEqual({
      kind: 'resignOffer',
      who: 0,
      level: 1,
    });
  });
  it('waiting and over', () => {
    expect(statusOf(view({}, { status: 'waiting' }))).toEqual({ kind: 'waiting' });
    expect(statusOf(view({}, { status: 'over' }))).toEqual({ kind: 'over' });
  });
});
