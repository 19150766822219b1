import { type Dice, matchPlay, type Play, type Position, parseZarPosition, rulesFor } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { anchorsOf, bearingOff, inContact, trapLength } from '../../src/puzzles/shapes.js';
import {
  afterPlay,
  answerThemes,
  backGame,
  cubeThemes,
  playThemes,
  positionThemes,
  puzzleThemes,
} from '../../src/puzzles/themes.js';

/** A position from Zar's text, side on roll first (each side in its own numbering). */
function at(text: string): Position {
  const r = parseZarPosition(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The legal plays the texts name, in that order. */
function plays(pos: Position, dice: Dice, ...texts: string[]): Play[] {
  const legal = rulesFor(pos.game).legalPlays(pos, dice);
  return texts.map((t) => {
    const p = matchPlay(legal, t);
    if (!p.ok) throw new Error(`${t}: ${p.error.message}`);
    return p.value;
  });
}

const backgammon = rulesFor('backgammon');
const START = 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5';

describe('shapes', () => {
  it('contact lasts while a checker of one side still has to pass one of the other', () => {
    expect(inContact(backgammon, at(START))).toBe(true);
    expect(inContact(backgammon, at('backgammon:6x5,5x5,4x5/6x5,5x5,4x5'))).toBe(false);
    // My last checker on my 13 (their 12) has their checker on their 13 (my 12) still ahead.
    expect(inContact(backgammon, at('backgammon:13,6x14/13,6x14'))).toBe(true);
    expect(inContact(backgammon, at('backgammon:12,6x14/12,6x14'))).toBe(false);
    // A checker on the bar must come in past everything the other side has on the board.
    expect(inContact(backgammon, at('backgammon:bar,1x14/1x15'))).toBe(true);
  });

  it('same-direction games: contact while a side has a checker ahead of one of the other', () => {
    const nardy = rulesFor('long-nardy');
    // The heads: my 24 is their 12, so each side's head is on the other's way.
    expect(inContact(nardy, at('long-nardy:24x15/24x15'))).toBe(true);
    // All home (my 1..6 are their 13..18): neither side has anything left to pass.
    expect(inContact(nardy, at('long-nardy:6x8,5x7/6x8,5x7'))).toBe(false);
  });

  it('a prime traps only the checkers behind it, counted along their way', () => {
    // My 8, 7, 6, 5 made; their checker on their 24 (my 1) is behind it.
    const primed = at('backgammon:13x4,8x3,7x3,6x3,5x2/24,13x5,8x4,6x5');
    expect(trapLength(backgammon, primed, 0)).toBe(4);
    // Their checkers have all passed my 8..5: only my 13 still stands ahead of them.
    expect(trapLength(backgammon, at('backgammon:13x4,8x3,7x3,6x3,5x2/13x6,8x4,6x5'), 0)).toBe(1);
    // Their own 24 anchor against my checkers: one point is no prime.
    expect(trapLength(backgammon, primed, 1)).toBe(1);
  });

  it('a long nardy block of single checkers traps what still has to pass it', () => {
    const nardy = rulesFor('long-nardy');
    // My 18..15 are their 6..3; their head (their 24) has them all ahead.
    const blocked = at('long-nardy:24x11,18,17,16,15/24x15');
    expect(trapLength(nardy, blocked, 0)).toBe(4);
    // Their checkers all on their 2 and 1: my block is behind them.
    expect(trapLength(nardy, at('long-nardy:24x11,18,17,16,15/2x8,1x7'), 0)).toBe(0);
  });

  it('anchors: points of two or more in the home board of a side travelling the other way', () => {
    expect(anchorsOf(backgammon, at(START))).toBe(1 << 5);
    expect(anchorsOf(rulesFor('long-nardy'), at('long-nardy:24x15/24x15'))).toBe(0);
  });

  it('bearing off: every checker home, some left', () => {
    expect(bearingOff(at('backgammon:6x5,5x5,4x3,offx2/6x5,5x5,4x5'))).toBe(true);
    expect(bearingOff(at('backgammon:7,6x4,5x5,4x5/6x5,5x5,4x5'))).toBe(false);
  });
});

describe('themes', () => {
  it('race and bear-off from the position', () => {
    expect(positionThemes(backgammon, at('backgammon:6x5,5x5,4x5/6x5,5x5,4x5'))).toEqual(['race', 'bear-off']);
    expect(positionThemes(backgammon, at(START))).toEqual([]);
  });

  it('hit when the best play hits, no-hit when it does not and another answer does', () => {
    // Their blot on their 20 is my 5: 8/5* hits with the 3.
    const pos = at('backgammon:24x2,13x5,8x3,6x5/24,20,13x5,8x3,6x5');
    const [hit, quiet] = plays(pos, [3, 1], '8/5* 6/5', '24/21 24/23');
    expect(playThemes(backgammon, pos, [hit as Play, quiet as Play])).toContain('hit');
    const declined = playThemes(backgammon, pos, [quiet as Play, hit as Play]);
    expect(declined).toContain('no-hit');
    expect(declined).not.toContain('hit');
    expect(playThemes(backgammon, at(START), plays(at(START), [3, 1], '8/5 6/5', '24/21 24/23'))).not.toContain(
      'no-hit',
    );
  });

  it('priming when the best play leaves four points in a row in front of a checker', () => {
    const pos = at('backgammon:13x4,9x2,8x3,6x3,5x3/24,13x5,8x4,6x5');
    const [prime, other] = plays(pos, [2, 1], '9/7 8/7', '6/4 5/4');
    expect(playThemes(backgammon, pos, [prime as Play, other as Play])).toContain('priming');
    expect(playThemes(backgammon, pos, [other as Play, prime as Play])).not.toContain('priming');
  });

  it('anchor when the best play makes a point in their home board, or keeps one the second gives up', () => {
    const pos = at('backgammon:24,21,13x5,8x3,6x5/24x2,13x5,8x3,6x5');
    const [anchor, other] = plays(pos, [3, 1], '24/21 6/5', '8/5 6/5');
    expect(playThemes(backgammon, pos, [anchor as Play, other as Play])).toContain('anchor');
    // From the start, 8/5 6/5 keeps the 24 anchor that 24/21 24/23 breaks.
    expect(playThemes(backgammon, at(START), plays(at(START), [3, 1], '8/5 6/5', '24/21 24/23'))).toContain('anchor');
    expect(playThemes(backgammon, at(START), plays(at(START), [3, 1], '8/5 6/5', '13/10 6/5'))).not.toContain('anchor');
  });

  it('back game: two points in their home board while far behind', () => {
    const pos = at('backgammon:24x2,23x2,13x3,8x3,6x5/6x5,5x5,4x3,3x2');
    expect(backGame(backgammon, pos, 0)).toBe(true);
    expect(backGame(backgammon, pos, 1)).toBe(false);
    expect(positionThemes(backgammon, pos)).toContain('back-game');
    expect(backGame(backgammon, at(START), 0)).toBe(false);
  });

  it('pin in plakoto when an answer pins a lone checker', () => {
    const plakoto = rulesFor('plakoto');
    // Their lone checker on their 20 is my 5; my checkers on 8 reach it with the 3.
    const pos = at('plakoto:24x12,8x3/24x14,20');
    const [pin, other] = plays(pos, [3, 1], '8/5* 8/7', '24/21 24/23');
    expect(pin?.steps.some((s) => s.hit)).toBe(true);
    expect(playThemes(plakoto, pos, [other as Play, pin as Play])).toContain('pin');
    expect(playThemes(plakoto, pos, [other as Play, other as Play])).not.toContain('pin');
    expect(playThemes(plakoto, pos, [pin as Play, other as Play])).not.toContain('hit');
  });

  it("themes read every answer, the player's own too, and a stored puzzle's are told again", () => {
    const plakoto = rulesFor('plakoto');
    const position = 'plakoto:24x12,8x3/24x14,20';
    const answers = [
      { answer: '24/21 24/23', equity: 0.2 },
      { answer: '24/21 8/7', equity: 0.05 },
      { answer: '8/5* 8/7', equity: -0.1 },
    ];
    expect(answerThemes(plakoto, at(position), [3, 1], answers)).toContain('pin');
    expect(answerThemes(plakoto, at(position), [3, 1], [{ answer: '6/3', equity: 0 }])).toBeNull();
    const stored = { game: 'plakoto' as const, options: {}, position, dice: [3, 1] as const, answers };
    expect(puzzleThemes(stored)).toEqual({ ok: true, value: answerThemes(plakoto, at(position), [3, 1], answers) });
    // Without dice it is a cube puzzle.
    expect(puzzleThemes({ ...stored, dice: null })).toEqual({ ok: true, value: ['cube'] });
    expect(puzzleThemes({ ...stored, position: 'plakoto:24x2/24x2' }).ok).toBe(false);
  });

  it('block in long nardy when the best play leaves four points in a row ahead of their checkers', () => {
    const nardy = rulesFor('long-nardy');
    const pos = at('long-nardy:24x11,20,18,17,16/24x15:turns=4.4');
    const [block, other] = plays(pos, [5, 1], '20/15 24/23', '18/13 24/23');
    const themes = playThemes(nardy, pos, [block as Play, other as Play]);
    expect(themes).toContain('block');
    expect(themes).not.toContain('priming');
  });

  it('cube puzzles are tagged cube, with the themes of the position', () => {
    expect(cubeThemes(backgammon, at('backgammon:6x5,5x5,4x5/6x5,5x5,4x5'))).toEqual(['race', 'bear-off', 'cube']);
  });

  it('the position after a play is seen from the side that played it', () => {
    const pos = at(START);
    const [play] = plays(pos, [3, 1], '8/5 6/5');
    const after = afterPlay(backgammon, play as Play);
    expect(after.board[5]).toBe(2);
  });
});
