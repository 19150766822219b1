import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { choiceOf, type GoldenGame, waysOf } from './support/golden-choices.js';

/**
 * The committed weights choose exactly the same plays, doubles and takes as when the fixture was
 * written, at every level of every game (the bot may be rearranged, not changed). The
 * fixture and how to write it again: test/support/write-golden-choices.ts.
 */
const fixture = JSON.parse(readFileSync(new URL('./fixtures/golden-choices.json', import.meta.url), 'utf8')) as {
  games: GoldenGame[];
};

describe('golden choices of the committed weights', () => {
  it('covers backgammon and every game net', () => {
    expect(fixture.games.map((g) => g.game)).toEqual(['backgammon', 'long-nardy', 'plakoto', 'fevga', 'gul-bara']);
  });

  for (const golden of fixture.games) {
    it(`${golden.game}: the fixture keeps every way of choosing`, () => {
      expect(Object.keys(golden.choices)).toEqual(waysOf(golden.game));
    });
    it.each(waysOf(golden.game))(`${golden.game}: %s`, async (way) => {
      const expected = golden.choices[way] ?? [];
      const got = await choiceOf(golden.game, way, golden.cases);
      const differ = expected.flatMap((e, i) =>
        got[i] === e ? [] : [`${golden.cases[i]?.position} ${golden.cases[i]?.dice}: ${e} → ${got[i]}`],
      );
      expect(got).toHaveLength(expected.length);
      expect(differ).toEqual([]);
    });
  }
});
