import { formatPlay, makePosition, parseZarPosition, rulesFor, THEM } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import {
  MATCH_DEFAULTS,
  type MatchSettings,
  type MatchState,
  newMatch,
  parseMatchSettings,
  standardPlayText,
} from '../src/index.js';
import { apply, firstPlay, openingFor, refusal, resignGame, toRollPhase } from './support/drive.js';

const match = (over: Partial<MatchSettings> = {}): MatchState => newMatch({ ...MATCH_DEFAULTS, ...over });
const money = (over: Partial<MatchSettings> = {}): MatchState => match({ length: 0, ...over });

describe('opening roll', () => {
  it('a tie is rolled again and changes nothing', () => {
    const m = match();
    const after = apply(m, { type: 'opening', dice: [4, 4] });
    expect(after.game.phase).toBe('opening');
    expect(after.game.cube.value).toBe(1);
  });

  it('international: the higher die plays both numbers at once', () => {
    const m = apply(match(), { type: 'opening', dice: [2, 5] });
    expect(m.game.turn).toBe(1);
    expect(m.game.phase).toBe('move');
    expect(m.game.dice).toEqual([5, 2]);
  });

  it('Greek portes: the winner of the opening throw rolls again (a double is possible)', () => {
    const portes = { game: 'backgammon' as const, options: { openingRoll: 'winner-rolls-again', cube: false } };
    let m = apply(match({ cycle: [portes] }), { type: 'opening', dice: [6, 3] });
    expect(m.game.phase).toBe('roll');
    expect(m.game.turn).toBe(0);
    m = apply(m, { type: 'roll', player: 0, dice: [5, 5] });
    expect(m.game.dice).toEqual([5, 5]);
  });

  it('money play with automatic doubles: a tie doubles the cube, centred, up to the limit', () => {
    let m = money({ automaticDoubles: 1 });
    m = apply(m, { type: 'opening', dice: [3, 3] });
    expect(m.game.cube).toEqual({ value: 2, owner: null });
    m = apply(m, { type: 'opening', dice: [3, 3] });
    expect(m.game.cube.value).toBe(2);
  });

  it('automatic doubles never apply in a match', () => {
    const m = apply(match({ automaticDoubles: 2 }), { type: 'opening', dice: [3, 3] });
    expect(m.game.cube.value).toBe(1);
  });
});

describe('illegal actions are refused and leave the state untouched', () => {
  it('rolling twice', () => {
    const m = toRollPhase(match(), 1);
    const rolled = apply(m, { type: 'roll', player: 1, dice: [3, 2] });
    expect(refusal(rolled, { type: 'roll', player: 1, dice: [3, 2] })).toBe('ERR_PHASE');
  });

  it('playing for the other side', () => {
    const m = apply(match(), openingFor(0));
    expect(refusal(m, { ...firstPlay(m), player: 1 } as never)).toBe('ERR_NOT_YOUR_TURN');
  });

  it('a play not in the legal set', () => {
    const m = apply(match(), { type: 'opening', dice: [3, 1] });
    expect(refusal(m, { type: 'play', player: 0, play: '24/18' })).toBe('ERR_ILLEGAL_PLAY');
    expect(refusal(m, { type: 'play', player: 0, play: 'nonsense' })).toBe('ERR_ILLEGAL_PLAY');
    expect(apply(m, { type: 'play', player: 0, play: '8/5 6/5' }).game.turn).toBe(1);
  });

  it('doubling when the opponent owns the cube', () => {
    let m = toRollPhase(match(), 1);
    m = apply(m, { type: 'double', player: 1 }, { type: 'take', player: 0 });
    expect(m.game.cube).toEqual({ value: 2, owner: 0 });
    m = apply(m, { type: 'roll', player: 1, dice: [2, 1] });
    m = toRollPhase(apply(m, firstPlay(m)), 0);
    const m2 = toRollPhase(m, 1);
    expect(refusal(m2, { type: 'double', player: 1 })).toBe('ERR_CUBE_OWNED');
    expect(apply(m, { type: 'double', player: 0 }).game.phase).toBe('doubled');
  });

  it('a bad die, an unknown action, a bad resign level', () => {
    const m = toRollPhase(match(), 1);
    expect(refusal(m, { type: 'roll', player: 1, dice: [7, 1] })).toBe('ERR_DICE');
    expect(refusal(m, { type: 'shuffle' } as never)).toBe('ERR_UNKNOWN_ACTION');
    expect(refusal(m, { type: 'resign', player: 1, level: 4 as never })).toBe('ERR_RESIGN_LEVEL');
  });

  it('no cube in games without one', () => {
    const m = toRollPhase(match({ cycle: [{ game: 'plakoto' }] }), 1);
    expect(refusal(m, { type: 'double', player: 1 })).toBe('ERR_NO_CUBE');
  });
});

describe('impossible turns pass cleanly', () => {
  it('a checker on the bar against a closed board dances: the turn passes at the roll', () => {
    let m = toRollPhase(match(), 1);
    const b = new Int8Array(52);
    // Player 1 (on roll) has one checker on the bar; player 0 holds a closed board.
    b[25] = 1;
    b[6] = 14;
    for (let p = 1; p <= 6; p++) b[THEM + p] = 2;
    b[THEM + 13] = 3;
    m = { ...m, game: { ...m.game, position: makePosition('backgammon', b) } };
    const after = apply(m, { type: 'roll', player: 1, dice: [6, 5] });
    expect(after.game.turn).toBe(0);
    expect(after.game.phase).toBe('roll');
  });
});

describe('cube and scoring', () => {
  it('a drop scores the value before the double', () => {
    let m = toRollPhase(money(), 1);
    m = apply(m, { type: 'double', player: 1 }, { type: 'take', player: 0 });
    m = toRollPhase(m, 0);
    m = apply(m, { type: 'double', player: 0 }, { type: 'drop', player: 1 });
    expect(m.results.at(-1)).toEqual({ winner: 0, kind: 'drop', points: 2 });
  });

  it('beaver accepted: the cube goes to 4 on the beaver side', () => {
    let m = toRollPhase(money({ beaver: true }), 1);
    m = apply(m, { type: 'double', player: 1 }, { type: 'beaver', player: 0 });
    expect(m.game.phase).toBe('beavered');
    m = apply(m, { type: 'take', player: 1 });
    expect(m.game.cube).toEqual({ value: 4, owner: 0 });
    expect(m.game.phase).toBe('roll');
    expect(m.game.turn).toBe(1);
  });

  it('beaver refused: the doubler loses twice the value before the double', () => {
    let m = toRollPhase(money({ beaver: true }), 1);
    m = apply(m, { type: 'double', player: 1 }, { type: 'beaver', player: 0 }, { type: 'drop', player: 1 });
    expect(m.results.at(-1)).toEqual({ winner: 0, kind: 'drop', points: 2 });
  });

  it('raccoon refused: the beaver side loses four times', () => {
    let m = toRollPhase(money({ beaver: true, raccoon: true }), 1);
    m = apply(m, { type: 'double', player: 1 }, { type: 'beaver', player: 0 }, { type: 'raccoon', player: 1 });
    expect(m.game.cube).toEqual({ value: 8, owner: 0 });
    m = apply(m, { type: 'drop', player: 0 });
    expect(m.results.at(-1)).toEqual({ winner: 1, kind: 'drop', points: 4 });
  });

  it('beavers are money play only and off by default', () => {
    const m = apply(toRollPhase(money(), 1), { type: 'double', player: 1 });
    expect(refusal(m, { type: 'beaver', player: 0 })).toBe('ERR_NOT_ALLOWED');
    const inMatch = apply(toRollPhase(match({ beaver: true }), 1), { type: 'double', player: 1 });
    expect(refusal(inMatch, { type: 'beaver', player: 0 })).toBe('ERR_NOT_ALLOWED');
  });

  it('a resignation declined, then repeated and accepted', () => {
    let m = apply(money(), openingFor(0));
    m = apply(m, { type: 'resign', player: 0, level: 1 }, { type: 'decline', player: 1 });
    expect(m.game.phase).toBe('move');
    m = apply(m, { type: 'resign', player: 0, level: 2 }, { type: 'accept', player: 1 });
    expect(m.results.at(-1)).toEqual({ winner: 1, kind: 'resign', points: 2 });
  });

  it('Jacoby with an unturned cube: a gammon resignation is worth 1', () => {
    const m = resignGame(money({ jacoby: true }), 0, 2);
    expect(m.results.at(-1)).toEqual({ winner: 1, kind: 'resign', points: 1 });
  });

  it('Jacoby with a turned cube: the gammon counts', () => {
    let m = toRollPhase(money({ jacoby: true }), 1);
    m = apply(m, { type: 'double', player: 1 }, { type: 'take', player: 0 });
    m = apply(m, { type: 'resign', player: 1, level: 2 }, { type: 'accept', player: 0 });
    expect(m.results.at(-1)).toEqual({ winner: 0, kind: 'resign', points: 4 });
  });

  it('a backgammon resignation is worth a gammon where backgammons do not count', () => {
    const m = resignGame(match({ cycle: [{ game: 'plakoto' }] }), 0, 3);
    expect(m.results.at(-1)?.points).toBe(2);
  });

  it('a timeout loses a gammon while nothing is borne off', () => {
    const m = apply(apply(match(), openingFor(0)), { type: 'timeout', player: 0 });
    expect(m.results.at(-1)).toEqual({ winner: 1, kind: 'timeout', points: 2 });
  });
});

describe('match play', () => {
  it('Crawford: only the first arrival at N-1 makes the next game cube-free, exactly once', () => {
    let m = resignGame(match({ length: 5 }), 1, 2);
    expect(m.crawford).toBe('pending');
    m = resignGame(m, 1, 2);
    expect(m.score).toEqual([4, 0]);
    expect(m.crawford).toBe('active');
    m = toRollPhase(m, 1);
    expect(refusal(m, { type: 'double', player: 1 })).toBe('ERR_CRAWFORD');
    m = resignGame(m, 0, 1);
    expect(m.crawford).toBe('done');
    m = toRollPhase(m, 1);
    expect(apply(m, { type: 'double', player: 1 }).game.phase).toBe('doubled');
    // The trailer reaching N-1 later does not make another Crawford game.
    m = resignGame(m, 0, 2);
    expect(m.score).toEqual([4, 3]);
    m = resignGame(m, 0, 1);
    expect(m.score).toEqual([4, 4]);
    expect(m.crawford).toBe('done');
    // At double match point no cube means anything: refused as dead, not as Crawford.
    expect(refusal(toRollPhase(m, 1), { type: 'double', player: 1 })).toBe('ERR_CUBE_LIMIT');
  });

  it('a gammon from below N-1 goes straight past N: the match ends, excess ignored, no Crawford', () => {
    let m = resignGame(match({ length: 5 }), 1, 2);
    m = toRollPhase(m, 0);
    m = apply(m, { type: 'double', player: 0 }, { type: 'take', player: 1 });
    m = apply(
      m,
      { type: 'roll', player: 0, dice: [2, 1] },
      firstPlay(apply(m, { type: 'roll', player: 0, dice: [2, 1] })),
    );
    m = apply(m, { type: 'roll', player: 1, dice: [2, 1] });
    m = apply(m, { type: 'resign', player: 1, level: 2 }, { type: 'accept', player: 0 });
    expect(m.winner).toBe(0);
    expect(m.score).toEqual([5, 0]);
    expect(m.crawford).toBe('pending');
    expect(refusal(m, { type: 'opening', dice: [3, 1] })).toBe('ERR_MATCH_OVER');
  });

  it('a drop in the post-Crawford game scores the value before the double', () => {
    let m = resignGame(match({ length: 3 }), 1, 2);
    expect(m.crawford).toBe('active');
    m = resignGame(m, 0, 1);
    expect(m.score).toEqual([2, 1]);
    m = toRollPhase(m, 1);
    m = apply(m, { type: 'double', player: 1 }, { type: 'drop', player: 0 });
    expect(m.score).toEqual([2, 2]);
    expect(m.winner).toBeNull();
  });

  it('doubles beyond the useful cube are refused (dead cube, §7.6)', () => {
    // 3-point match at 0-0: each side needs 3, so a cube of 4 is the most that means anything.
    let m = toRollPhase(match({ length: 3 }), 1);
    m = apply(m, { type: 'double', player: 1 }, { type: 'take', player: 0 });
    m = toRollPhase(m, 0);
    m = apply(m, { type: 'double', player: 0 }, { type: 'take', player: 1 });
    expect(m.game.cube.value).toBe(4);
    m = toRollPhase(m, 1);
    expect(refusal(m, { type: 'double', player: 1 })).toBe('ERR_CUBE_LIMIT');
  });

  it('mixed cycle: Greek tavli plays portes, plakoto, fevga in turn; previous winner starts', () => {
    let m = match({
      length: 5,
      cycle: [{ game: 'backgammon', options: { cube: false, triple: 'none' } }, { game: 'plakoto' }, { game: 'fevga' }],
      laterGames: 'previous-winner',
    });
    expect(m.game.settings.game).toBe('backgammon');
    m = resignGame(m, 1, 1);
    expect(m.game.settings.game).toBe('plakoto');
    expect(m.game.phase).toBe('roll');
    expect(m.game.turn).toBe(0);
    m = resignGame(m, 0, 1);
    expect(m.game.settings.game).toBe('fevga');
    expect(m.game.turn).toBe(1);
    m = resignGame(m, 0, 1);
    expect(m.game.settings.game).toBe('backgammon');
  });

  it('presets in a cycle, each game starting by its own custom (game-rule)', () => {
    const parsed = parseMatchSettings({
      length: 5,
      cycle: [{ preset: 'portes' }, { preset: 'plakoto' }, { preset: 'fevga' }],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.laterGames).toBe('game-rule');
    let m = newMatch(parsed.value);
    expect(m.game.settings.cube.enabled).toBe(false);
    m = apply(m, { type: 'opening', dice: [2, 5] });
    expect(m.game.phase).toBe('roll');
    expect(m.game.turn).toBe(1);
    m = resignGame(m, 1, 2);
    expect(m.score).toEqual([2, 0]);
    expect(m.game.settings.game).toBe('plakoto');
    expect(m.game.phase).toBe('roll');
    expect(m.game.turn).toBe(0);
  });

  it('bad settings are error values', () => {
    for (const bad of [
      null,
      { length: -1 },
      { length: 1.5 },
      { length: 26 },
      { cycle: [] },
      { cycle: [{ game: 'chess' }] },
      { cycle: [{ preset: 'nope' }] },
      { cycle: [{ game: 'backgammon', options: { triple: 'x' } }] },
      { jacoby: 'yes' },
      { laterGames: 'loser' },
      // Misspelled or unknown names are errors, never silently replaced by a default.
      { lenght: 5 },
      { length: 5, crawford: false },
      { cycle: [{ game: 'plakoto', option: { motherException: false } }] },
      { cycle: [{ game: 'backgammon', options: { openingroll: 'winner-rolls-again' } }] },
      { cycle: [{ game: 'plakoto', options: { draw: 'replayed' } }] },
      { cycle: [{ preset: 'portes', options: { cube: true } }] },
      { cycle: [['backgammon']] },
      [],
    ]) {
      expect(parseMatchSettings(bad)).toMatchObject({ ok: false, error: { code: 'ERR_SETTINGS' } });
    }
  });

  it('money sessions never end by score', () => {
    let m = money();
    for (let i = 0; i < 5; i++) m = resignGame(m, 1, 3);
    expect(m.score).toEqual([15, 0]);
    expect(m.winner).toBeNull();
  });
});

describe('a drawn game (plakoto: both mothers pinned)', () => {
  /** Player 0 pins the opponent's mother while his own is pinned: 8/7 4/1 from this position. */
  function drawnGame(draw: 'counts-nothing' | 'replay'): MatchState {
    const start = match({ length: 3, cycle: [{ game: 'plakoto', options: { draw } }, { game: 'fevga' }] });
    const m = apply(start, openingFor(0));
    const pos = parseZarPosition('plakoto:24p,8x13,4/24,6x13,1');
    if (!pos.ok) throw new Error(pos.error.message);
    const rolled = apply({ ...m, game: { ...m.game, position: pos.value } }, { type: 'roll', player: 0, dice: [3, 1] });
    const rules = rulesFor('plakoto');
    const drawing = rules.legalPlays(pos.value, [3, 1]).find((p) => rules.outcome(p.next)?.kind === 'draw');
    if (!drawing) throw new Error('no drawing play');
    return apply(rolled, { type: 'play', player: 0, play: formatPlay(drawing.steps) });
  }

  it('counts nothing: no score, and the cycle moves on to the next game', () => {
    const m = drawnGame('counts-nothing');
    expect(m.results).toEqual([{ winner: null, kind: 'draw', points: 0 }]);
    expect(m.score).toEqual([0, 0]);
    expect(m.gameNumber).toBe(2);
    expect(m.game.settings.game).toBe('fevga');
    expect(m.game.phase).toBe('opening');
  });

  it('replay: the same game of the cycle is played again, from a new opening roll', () => {
    const m = drawnGame('replay');
    expect(m.score).toEqual([0, 0]);
    expect(m.gameNumber).toBe(2);
    expect(m.cycleIndex).toBe(0);
    expect(m.game.settings.game).toBe('plakoto');
    expect(m.game.phase).toBe('opening');
  });
});

describe('the record keeps one notation of a play', () => {
  it('writes a legal play in standard notation, whichever form it was sent in', () => {
    // Opening 6-5 for White: one back checker runs 24/13.
    const m = apply(match(), { type: 'opening', dice: [6, 5] });
    expect(standardPlayText(m.game, '24/18 18/13')).toBe('24/13');
    expect(standardPlayText(m.game, '24/18/13')).toBe('24/13');
    expect(standardPlayText(m.game, '24/13')).toBe('24/13');
    // Steps in any order, the same play.
    expect(standardPlayText(m.game, '13/8 24/18')).toBe('24/18 13/8');
  });

  it('leaves a text that names no legal play, or a phase with no play, as it is', () => {
    const m = apply(match(), { type: 'opening', dice: [6, 5] });
    expect(standardPlayText(m.game, '24/12')).toBe('24/12');
    expect(standardPlayText(match().game, '24/13')).toBe('24/13');
  });
});
