import type { GameId } from '@zar/engine';
import type { CubeAnalysis, MoveAnalysis } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { decisionPicture } from '../src/analysis/decision-picture.js';
import { gamesOf, wordingOf } from '../src/analysis/match-games.js';
import { marksByVersion } from '../src/record/analysis-marks.js';

/* The analysis page and the replay's marks read decisions of all five games. */

const move = (over: Partial<MoveAnalysis>): MoveAnalysis => ({
  action: 3,
  game: 1,
  player: 0,
  loss: 0,
  mark: 'none',
  kind: 'move',
  dice: [6, 5],
  played: '24/18 24/19',
  best: '24/18 24/19',
  alternatives: [{ play: '24/18 24/19', equity: 0.1 }],
  equityPlayed: 0.1,
  equityBest: 0.1,
  ...over,
});

const cube = (over: Partial<CubeAnalysis>): CubeAnalysis => ({
  action: 2,
  game: 1,
  player: 1,
  loss: 0,
  mark: 'none',
  kind: 'cube',
  chosen: 'no-double',
  best: 'no-double',
  equities: { noDouble: 0.2, doubleTake: 0.1, doubleDrop: 1 },
  ...over,
});

const PLAKOTO = 'plakoto:24x12,3p,offx2/24x11,22,6x3:turns=20.19';
const LONG_NARDY = 'long-nardy:24x14,10/24x13,18,16';
/** The backgammon start, as gnubg's Position ID and as Zar text. */
const START_ID = '4HPwATDgc/ABMA';
const START_TEXT = 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5';
/** A 5-point match at 1–2, the cube on 2 owned by player 1, player 1 on roll. */
const MATCH_ID = 'UQmgABAAEAAE';

describe("a decision's board", () => {
  it('draws a plakoto decision from its Zar text: the pinned checker, the pinning one, no bar and no cube', () => {
    const picture = decisionPicture(move({ gameId: 'plakoto', position: PLAKOTO, dice: [3, 3] }));
    if (!picture.ok) throw new Error(picture.error.message);
    const { game, model, dice, cube, text } = picture.value;
    expect(game).toBe('plakoto');
    expect(model.own[24]).toBe(12);
    expect(model.own[3]).toBe(1);
    // The opponent's 22 is the mover's 3 (plakoto's sides run opposite ways), his 24 the mover's 1.
    expect(model.opp[3]).toBe(1);
    expect(model.opp[1]).toBe(11);
    expect(model.opp[19]).toBe(3);
    expect(model.pinned).toEqual({ own: [3], opp: [] });
    expect(model.off).toEqual({ own: 2, opp: 0 });
    expect(model.hasBar).toBe(false);
    expect(cube).toBeNull();
    // Doubles are four dice to play.
    expect(dice).toEqual({ values: [3, 3, 3, 3], used: [false, false, false, false], side: 'own' });
    expect(text).toBe(PLAKOTO);
  });

  it('draws a long nardy decision from its Zar text: both sides run the same way, the heads opposite', () => {
    const picture = decisionPicture(move({ gameId: 'long-nardy', position: LONG_NARDY }));
    if (!picture.ok) throw new Error(picture.error.message);
    const { game, model, dice, cube } = picture.value;
    expect(game).toBe('long-nardy');
    expect(model.own[24]).toBe(14);
    expect(model.own[10]).toBe(1);
    // The opponent's head (his 24) faces the mover's 12; his 18 and 16 are the mover's 6 and 4.
    expect(model.opp[12]).toBe(13);
    expect(model.opp[6]).toBe(1);
    expect(model.opp[4]).toBe(1);
    expect(model.pips).toEqual({ own: 346, opp: 346 });
    expect(model.hasBar).toBe(false);
    expect(cube).toBeNull();
    expect(dice?.values).toEqual([6, 5]);
  });

  it("draws an older backgammon decision from gnubg's IDs, with the cube as its Match ID has it", () => {
    const picture = decisionPicture(cube({ positionId: START_ID, matchId: MATCH_ID }));
    if (!picture.ok) throw new Error(picture.error.message);
    expect(picture.value.game).toBe('backgammon');
    expect(picture.value.model.own[6]).toBe(5);
    expect(picture.value.model.hasBar).toBe(true);
    expect(picture.value.dice).toBeNull();
    // Player 1 decides, and owns the cube: it is drawn on his side.
    expect(picture.value.cube).toEqual({ value: 2, owner: 'own' });
    expect(picture.value.text).toBe(`${START_ID}:${MATCH_ID}`);
  });

  it('draws a backgammon decision that has both forms alike, and shows the IDs players paste into gnubg', () => {
    const matchId = MATCH_ID;
    const both = decisionPicture(move({ gameId: 'backgammon', position: START_TEXT, positionId: START_ID, matchId }));
    const old = decisionPicture(move({ positionId: START_ID, matchId }));
    if (!both.ok || !old.ok) throw new Error('does not parse');
    expect(both.value.model).toEqual(old.value.model);
    // Player 0 decides; the cube is his opponent's.
    expect(both.value.cube).toEqual({ value: 2, owner: 'opp' });
    expect(old.value.cube).toEqual(both.value.cube);
    expect(both.value.text).toBe(`${START_ID}:${matchId}`);
  });

  it('turns the board to the one who answers a double: the doubler is still on roll in the position', () => {
    const position = 'backgammon:6x15/24x2,13x5,8x3,6x5';
    const offer = decisionPicture(cube({ gameId: 'backgammon', position, player: 0, chosen: 'double' }));
    const answer = decisionPicture(cube({ gameId: 'backgammon', position, player: 1, chosen: 'take' }));
    if (!offer.ok || !answer.ok) throw new Error('does not parse');
    expect([offer.value.model.own[6], offer.value.model.opp[19]]).toEqual([15, 5]);
    expect([answer.value.model.own[24], answer.value.model.own[6], answer.value.model.opp[19]]).toEqual([2, 5, 15]);
    expect(answer.value.model.pips).toEqual({ own: 167, opp: 90 });
  });

  it('says what is wrong, instead of drawing a board, when the position does not parse or is missing', () => {
    const bad = decisionPicture(move({ position: 'plakoto:24x16/24x15' }));
    expect(bad.ok).toBe(false);
    const none = decisionPicture(move({}));
    expect(none.ok ? null : none.error.code).toBe('ERR_NO_POSITION');
  });
});

describe("the analysis page's wording", () => {
  const of = (...ids: (GameId | undefined)[]) =>
    gamesOf({ decisions: ids.map((gameId, i) => move({ action: i, ...(gameId ? { gameId } : {}) })) });

  it('lists the games of the match in the order played; a decision without one is backgammon', () => {
    expect(of('plakoto', 'fevga', 'plakoto', 'backgammon')).toEqual(['plakoto', 'fevga', 'backgammon']);
    expect(of(undefined, undefined)).toEqual(['backgammon']);
    expect(of()).toEqual([]);
  });

  it("keeps backgammon's words and its cube column for backgammon only", () => {
    expect(wordingOf(['backgammon'])).toEqual({ cube: true, backgammon: true });
    expect(wordingOf(['long-nardy'])).toEqual({ cube: false, backgammon: false });
    expect(wordingOf(['plakoto', 'fevga'])).toEqual({ cube: false, backgammon: false });
    // A tavla cycle: its backgammon game has the cube; the equity is spoken of in single wins.
    expect(wordingOf(['backgammon', 'plakoto', 'fevga'])).toEqual({ cube: true, backgammon: false });
  });
});

describe("the replay's marks in every game", () => {
  const report = { name: '', decisions: 0, moves: 0, cubeDecisions: 0, equityLost: 0, errorRate: 0, pr: 0 };
  const players = [
    { ...report, marks: { doubtful: 0, error: 0, blunder: 0 } },
    { ...report, marks: { doubtful: 0, error: 0, blunder: 0 } },
  ] as const;

  it("mark the entries of a gul bara run's blocks, each by its own action", () => {
    const run = 'gul-bara:24x13,7x2/24x15:run=3';
    const marks = marksByVersion({
      length: 3,
      plies: 1,
      cubePlies: 1,
      players,
      decisions: [
        move({ gameId: 'gul-bara', position: run, dice: [3, 3], action: 10, mark: 'error' }),
        move({ gameId: 'gul-bara', position: run, dice: [4, 4], action: 11, mark: 'none' }),
        move({ gameId: 'gul-bara', position: run, dice: [5, 5], action: 12, mark: 'blunder' }),
      ],
    });
    expect([...marks]).toEqual([
      [11, 'error'],
      [13, 'blunder'],
    ]);
  });

  it('show the worse mark where two decisions judge one action', () => {
    const marks = marksByVersion({
      length: 3,
      plies: 1,
      cubePlies: 1,
      players,
      decisions: [
        move({ action: 5, mark: 'blunder' }),
        move({ action: 5, mark: 'doubtful' }),
        move({ action: 7, mark: 'doubtful' }),
        move({ action: 7, mark: 'error' }),
      ],
    });
    expect([...marks]).toEqual([
      [6, 'blunder'],
      [8, 'error'],
    ]);
  });
});
