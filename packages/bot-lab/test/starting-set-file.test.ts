import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Puzzle } from '@zar/bot';
import { describe, expect, it } from 'vitest';
import { summarise, writeStartingSet } from '../puzzles/starting-set-file.js';

const context = { length: 5, score: [0, 0] as const, cube: 1, owner: null, crawford: false };
const source = { match: 'm', action: 1, player: 'p', chose: 'x' };

/** A backgammon take puzzle in a bear-off race. */
function take(id: string): Puzzle {
  const answers = [
    { answer: 'take', equity: 0.1 },
    { answer: 'drop', equity: -0.5 },
  ];
  const position = 'backgammon:6x5,5x5,4x5/6x5,5x5,4x5';
  return {
    id,
    game: 'backgammon',
    options: {},
    position,
    dice: null,
    kind: 'take',
    context,
    answers,
    themes: [],
    source,
  };
}

/** A plakoto play puzzle whose second answer pins; `gap` between the two answers. */
function pin(id: string, gap: number): Puzzle {
  const answers = [
    { answer: '24/21 24/23', equity: 0.5 },
    { answer: '8/5* 8/7', equity: 0.5 - gap },
  ];
  const position = 'plakoto:24x12,8x3/24x14,20';
  return {
    id,
    game: 'plakoto',
    options: {},
    position,
    dice: [3, 1],
    kind: 'play',
    context,
    answers,
    themes: [],
    source,
  };
}

describe('the starting set file', () => {
  it('keeps each id once and what clears the margin of its game, themes told again, by game then id', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'zar-puzzles-')), 'set.json');
    // Cut with a smaller margin than plakoto's now: left out.
    const narrow = pin('d', 0.09);
    const set = writeStartingSet(path, [pin('b', 0.2), take('c'), take('a'), take('c'), narrow], { matches: 1 });
    expect(set.puzzles.map((p) => `${p.game}/${p.id}`)).toEqual(['backgammon/a', 'backgammon/c', 'plakoto/b']);
    expect(set.puzzles.map((p) => p.themes)).toEqual([
      ['race', 'bear-off', 'cube'],
      ['race', 'bear-off', 'cube'],
      ['pin'],
    ]);
    expect(set.margins).toEqual({ backgammon: 0.08, plakoto: 0.1 });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(set);
    expect(summarise(set).split('\n')).toEqual([
      '3 puzzles',
      'backgammon: 2 (play 0, double 0, take 2); themes: bear-off 2, race 2, cube 2',
      'plakoto: 1 (play 1, double 0, take 0); themes: pin 1',
    ]);
  });
});
