import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Puzzle } from '@zar/bot';
import { describe, expect, it } from 'vitest';
import { summarise, writeStartingSet } from '../puzzles/starting-set-file.js';

function puzzle(
  id: string,
  game: Puzzle['game'],
  themes: Puzzle['themes'],
  kind: Puzzle['kind'] = 'play',
  gap = 0.2,
): Puzzle {
  return {
    id,
    game,
    options: {},
    position: `${game}:24x15/24x15`,
    dice: kind === 'play' ? [3, 1] : null,
    kind,
    context: { length: 5, score: [0, 0], cube: 1, owner: null, crawford: false },
    answers: [
      { answer: 'best', equity: 0.5 },
      { answer: 'second', equity: 0.5 - gap },
    ],
    themes,
    source: { match: 'm', action: 1, player: 'p', chose: 'x' },
  };
}

describe('the starting set file', () => {
  it('keeps each id once and what clears the margin of its game, orders by game then id, and counts', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'zar-puzzles-')), 'set.json');
    const set = writeStartingSet(
      path,
      [
        puzzle('b', 'plakoto', ['pin']),
        puzzle('c', 'backgammon', ['hit', 'race']),
        puzzle('a', 'backgammon', ['cube'], 'take'),
        puzzle('c', 'backgammon', ['no-hit']),
        // Cut with a smaller margin than plakoto's now.
        puzzle('d', 'plakoto', ['pin'], 'play', 0.09),
      ],
      { matches: 1 },
    );
    expect(set.puzzles.map((p) => `${p.game}/${p.id}`)).toEqual(['backgammon/a', 'backgammon/c', 'plakoto/b']);
    expect(set.puzzles[1]?.themes).toEqual(['hit', 'race']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(set);
    expect(summarise(set).split('\n')).toEqual([
      '3 puzzles',
      'backgammon: 2 (play 1, double 0, take 1); themes: hit 1, race 1, cube 1',
      'plakoto: 1 (play 1, double 0, take 0); themes: pin 1',
    ]);
  });
});
