import type { PlaysHint } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { equityText, lossText } from '../src/hints/format.js';
import { findPlayed } from '../src/hints/played.js';
import { diceText } from '../src/table/dice-text.js';

/** The opening 3-1 of backgammon, three of its plays as the bot ranks them. */
const HINT: PlaysHint = {
  kind: 'plays',
  bot: 'net',
  plies: 2,
  dice: [3, 1],
  legal: 16,
  cubeful: true,
  plays: [
    {
      play: '8/5 6/5',
      position: 'backgammon:24x2,13x5,8x2,6x4,5x2/24x2,13x5,8x3,6x5',
      equity: 0.161,
      loss: 0,
      plies: 2,
    },
    {
      play: '24/21 6/5',
      position: 'backgammon:24,21,13x5,8x3,6x4,5/24x2,13x5,8x3,6x5',
      equity: 0.005,
      loss: 0.156,
      plies: 2,
    },
    {
      play: '13/10 6/5',
      position: 'backgammon:24x2,13x4,10,8x3,6x4,5/24x2,13x5,8x3,6x5:turns=1.0',
      equity: -0.02,
      loss: 0.181,
      plies: 1,
    },
  ],
};

describe('finding the play made in the hint', () => {
  it('by its notation, whatever the order of its moves', () => {
    const after = { play: '6/5 24/21', position: 'backgammon:x/y', moverOnRoll: false };
    expect(findPlayed(HINT, after)?.loss).toBe(0.156);
  });

  it('by the position it led to, seen by the opponent now on roll', () => {
    // The view after the play is the bot's: its side first, the mover's second, turn counters moved on.
    const after = {
      play: '13/10 5/4 5/4',
      position: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x4,10,8x3,6x4,5:turns=0.1',
      moverOnRoll: false,
    };
    expect(findPlayed(HINT, after)?.play).toBe('13/10 6/5');
  });

  it('by the position, the mover still on roll (a gul bara run goes on)', () => {
    const after = { play: '?', position: HINT.plays[0]?.position ?? '', moverOnRoll: true };
    expect(findPlayed(HINT, after)?.loss).toBe(0);
  });

  it('finds nothing for a play the list does not hold', () => {
    const after = { play: '24/20', position: 'backgammon:24,20/24', moverOnRoll: false };
    expect(findPlayed(HINT, after)).toBeNull();
    expect(findPlayed(HINT, { play: '24/20', position: 'nonsense', moverOnRoll: false })).toBeNull();
  });
});

describe('equities in the page language', () => {
  it('three decimals, the equity signed, the loss not', () => {
    expect(equityText('en', 0.161)).toBe('+0.161');
    expect(equityText('en', -0.0844)).toBe('-0.084');
    expect(equityText('en', 0)).toBe('0.000');
    expect(lossText('en', 0.0844)).toBe('0.084');
    expect(lossText('ru', 0.0844)).toBe('0,084');
    // Arabic keeps Western digits, with a left-to-right mark before the sign.
    expect(equityText('ar', -0.5)).toMatch(/^\u200e?-0\.500$/);
  });

  it('dice high first', () => {
    expect(diceText([1, 3])).toBe('3-1');
    expect(diceText([6, 6])).toBe('6-6');
  });
});
