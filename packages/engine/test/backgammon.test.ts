import { describe, expect, it } from 'vitest';
import { rulesFor } from '../src/index.js';

const bg = rulesFor('backgammon');

describe('backgammon start', () => {
  it('has 167 pips a side', () => {
    expect(bg.pips(bg.start())).toEqual([167, 167]);
  });
  it('3-1 from the start has 16 distinct plays', () => {
    expect(bg.legalPlays(bg.start(), [3, 1])).toHaveLength(16);
  });
});
