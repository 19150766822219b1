import { makeZarPosition, rulesFor } from '@zar/engine';
import type { EventAction, GameStateView, MatchRecordView, RecordEntry } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marksByVersion } from '../src/record/analysis-marks.js';
import { nextStep, previousStep } from '../src/record/steps.js';
import { recordedOpening } from '../src/record/table-record.js';
import { linesOf } from '../src/record/turns.js';

const START = makeZarPosition(rulesFor('backgammon').start());

/** A game state as the server sends it; only what the move list reads varies. */
function state(phase: GameStateView['phase'], turn: 0 | 1, dice: [number, number] | null, cube = 1): GameStateView {
  return {
    game: 'backgammon',
    options: {},
    phase,
    turn,
    actor: turn,
    position: START,
    dice,
    cube: { value: cube, owner: null },
    cubeEnabled: true,
    cubeLimit: 64,
    cubeInPlay: true,
    crawford: false,
    stake: cube,
    resign: null,
    result: null,
  };
}

const entries = (steps: readonly [EventAction, GameStateView][]): RecordEntry[] =>
  steps.map(([action, game], i) => ({ v: i + 1, at: 0, action, game }));

describe('the move list of a game', () => {
  it('joins rolls and plays into turns, keeps an unplayable roll, and gives cube and resignation lines', () => {
    const game = entries([
      [{ type: 'opening', dice: [3, 1] }, state('move', 0, [3, 1])],
      [{ type: 'play', player: 0, play: '8/5 6/5' }, state('roll', 1, null)],
      [{ type: 'roll', player: 1, dice: [6, 6] }, state('roll', 0, null)],
      [{ type: 'double', player: 0 }, state('doubled', 0, null)],
      [{ type: 'take', player: 1 }, state('roll', 0, null, 2)],
      [{ type: 'roll', player: 0, dice: [2, 5] }, state('move', 0, [2, 5], 2)],
      [{ type: 'play', player: 0, play: '13/11 13/8' }, state('roll', 1, null, 2)],
      [{ type: 'roll', player: 1, dice: [4, 3] }, state('move', 1, [4, 3], 2)],
      [{ type: 'resign', player: 1, level: 2 }, state('resigning', 0, null, 2)],
      [{ type: 'decline', player: 0 }, state('move', 1, [4, 3], 2)],
    ]);
    const lines = linesOf(state('opening', 0, null), game);
    expect(lines.map((l) => l.kind)).toEqual([
      'opening',
      'turn',
      'turn',
      'double',
      'take',
      'turn',
      'turn',
      'resign',
      'decline',
    ]);
    expect(lines[0]).toMatchObject({ kind: 'opening', starter: 0, first: 0, last: 0 });
    // The opening's dice are played with no roll action: the play carries them.
    expect(lines[1]).toMatchObject({ player: 0, blocks: [{ dice: [3, 1], play: '8/5 6/5' }], first: 1, last: 1 });
    // 6-6 could not be played: the turn passed at once, and the line stays.
    expect(lines[2]).toMatchObject({ player: 1, blocks: [{ dice: [6, 6], play: '' }], first: 2, last: 2 });
    expect(lines[3]).toMatchObject({ player: 0, cube: 2 });
    expect(lines[4]).toMatchObject({ player: 1, cube: 2 });
    expect(lines[5]).toMatchObject({ blocks: [{ dice: [2, 5], play: '13/11 13/8' }], first: 5, last: 6 });
    // A roll waiting for its play is not a roll without one.
    expect(lines[6]).toMatchObject({ player: 1, blocks: [{ dice: [4, 3], play: null }] });
    expect(lines[7]).toMatchObject({ kind: 'resign', player: 1, level: 2 });
  });

  it('puts a gul bara run, block after block, in one turn with each block’s dice', () => {
    const game = entries([
      [{ type: 'roll', player: 1, dice: [2, 2] }, state('move', 1, [2, 2])],
      [{ type: 'play', player: 1, play: '24/22(4)' }, state('move', 1, [3, 3])],
      [{ type: 'play', player: 1, play: '22/19(4)' }, state('move', 1, [4, 4])],
      [{ type: 'play', player: 1, play: '19/15(4)' }, state('roll', 0, null)],
      [{ type: 'roll', player: 0, dice: [6, 1] }, state('move', 0, [6, 1])],
    ]);
    const lines = linesOf(state('roll', 1, null), game);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      kind: 'turn',
      player: 1,
      first: 0,
      last: 3,
      blocks: [
        { dice: [2, 2], play: '24/22(4)' },
        { dice: [3, 3], play: '22/19(4)' },
        { dice: [4, 4], play: '19/15(4)' },
      ],
    });
  });

  it('gives every entry to exactly one line, in order', () => {
    const game = entries([
      [{ type: 'opening', dice: [4, 4] }, state('opening', 0, null)],
      [{ type: 'opening', dice: [2, 6] }, state('move', 1, [6, 2])],
      [{ type: 'play', player: 1, play: '24/18 13/11' }, state('roll', 0, null)],
      [{ type: 'timeout', player: 0 }, state('over', 0, null)],
    ]);
    const lines = linesOf(state('opening', 0, null), game);
    expect(lines[0]).toMatchObject({ kind: 'opening', starter: null });
    expect(lines[1]).toMatchObject({ kind: 'opening', starter: 1 });
    const covered = lines.flatMap((l) => Array.from({ length: l.last - l.first + 1 }, (_, k) => l.first + k));
    expect(covered).toEqual(game.map((_, i) => i));
  });
});

/** Any action, with any state after it: the move list must not lose or repeat an entry whatever comes. */
const anyEntry = fc.tuple(
  fc.constantFrom<EventAction['type']>(
    'opening',
    'roll',
    'play',
    'double',
    'take',
    'drop',
    'resign',
    'accept',
    'timeout',
  ),
  fc.constantFrom<0 | 1>(0, 1),
  fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
  fc.constantFrom<GameStateView['phase']>('roll', 'move', 'doubled', 'resigning', 'over'),
  fc.constantFrom<0 | 1>(0, 1),
);

function actionOf(type: EventAction['type'], player: 0 | 1, dice: [number, number]): EventAction {
  if (type === 'opening') return { type, dice };
  if (type === 'roll') return { type, player, dice };
  if (type === 'play') return { type, player, play: '8/5 6/5' };
  if (type === 'resign') return { type, player, level: 1 };
  return { type, player } as EventAction;
}

describe('the move list of any game', () => {
  it('gives every entry to exactly one line, lines in order, each turn with a block per play', () => {
    fc.assert(
      fc.property(fc.array(anyEntry, { maxLength: 40 }), (steps) => {
        const game = entries(
          steps.map(([type, player, dice, phase, turn]) => [actionOf(type, player, dice), state(phase, turn, dice)]),
        );
        const lines = linesOf(state('opening', 0, null), game);
        const covered = lines.flatMap((l) => Array.from({ length: l.last - l.first + 1 }, (_, k) => l.first + k));
        expect(covered).toEqual(game.map((_, i) => i));
        for (const l of lines) {
          if (l.kind !== 'turn') continue;
          const plays = game.slice(l.first, l.last + 1).filter((e) => e.action.type === 'play').length;
          expect(l.blocks.length).toBe(Math.max(1, plays));
        }
      }),
    );
  });
});

describe('the opening roll kept in the record', () => {
  it('is each game’s own, past a tie, with the starter the server put on turn, for a page that did not see it', () => {
    const first = entries([
      [{ type: 'opening', dice: [3, 1] }, state('move', 0, [3, 1])],
      [{ type: 'play', player: 0, play: '8/5 6/5' }, state('roll', 1, null)],
    ]);
    // The winner rolls again (fevga, gul bara): the opening's dice are not played, so no state keeps them.
    const second = entries([
      [{ type: 'opening', dice: [4, 4] }, state('opening', 0, null)],
      [{ type: 'opening', dice: [2, 5] }, state('roll', 1, null)],
      [{ type: 'roll', player: 1, dice: [6, 3] }, state('move', 1, [6, 3])],
    ]);
    const tied = entries([[{ type: 'opening', dice: [6, 6] }, state('opening', 0, null)]]);
    const games = [first, second, tied].map((e, i) => ({
      number: i + 1,
      start: state('opening', 0, null),
      entries: e,
    }));
    const record = { games } as unknown as MatchRecordView;
    const lines = games.map((g) => linesOf(g.start, g.entries));
    expect(recordedOpening(record, lines, 1)).toEqual({ white: 3, black: 1, starter: 0 });
    expect(recordedOpening(record, lines, 2)).toEqual({ white: 2, black: 5, starter: 1 });
    expect(recordedOpening(record, lines, 3)).toBeNull();
    expect(recordedOpening(record, lines, 4)).toBeNull();
    expect(recordedOpening(null, [], 1)).toBeNull();
  });
});

describe('stepping through a record', () => {
  const lines = [[{ kind: 'timeout', player: 0, first: 0, last: 0 } as const], []];

  it('goes from a game’s start through its lines to the next game, and back the same way', () => {
    const path = [{ game: 0, line: -1 }];
    for (let i = 0; i < 4; i++) path.push(nextStep(lines, path.at(-1) ?? { game: 0, line: -1 }));
    expect(path).toEqual([
      { game: 0, line: -1 },
      { game: 0, line: 0 },
      { game: 1, line: -1 },
      { game: 1, line: -1 },
      { game: 1, line: -1 },
    ]);
    expect(previousStep(lines, { game: 1, line: -1 })).toEqual({ game: 0, line: 0 });
    expect(previousStep(lines, { game: 0, line: -1 })).toEqual({ game: 0, line: -1 });
  });
});

describe('analysis marks', () => {
  it('are keyed by the version of the action they judge: the action index plus one', () => {
    const decision = {
      game: 1,
      player: 0,
      positionId: '',
      matchId: '',
      loss: 0.1,
      kind: 'cube',
      chosen: 'take',
      best: 'drop',
      equities: { noDouble: 0, doubleTake: 0, doubleDrop: 0 },
    } as const;
    const report = { name: '', decisions: 0, moves: 0, cubeDecisions: 0, equityLost: 0, errorRate: 0, pr: 0 };
    const marks = marksByVersion({
      length: 3,
      plies: 1,
      cubePlies: 1,
      players: [
        { ...report, marks: { doubtful: 0, error: 0, blunder: 0 } },
        { ...report, marks: { doubtful: 0, error: 0, blunder: 0 } },
      ],
      decisions: [
        { ...decision, action: 0, mark: 'blunder' },
        { ...decision, action: 4, mark: 'none' },
        { ...decision, action: 6, mark: 'doubtful' },
      ],
    });
    expect([...marks]).toEqual([
      [1, 'blunder'],
      [7, 'doubtful'],
    ]);
  });
});
