import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { choicesOf, type GoldenGame } from './support/golden-choices.js';

/**
 * The committed weights choose exactly the same plays, doubles and takes as when the fixture was
 * written, at every level of every game (issue 25: the bot may be rearranged, not changed). The
 * fixture and how to write it again: test/support/write-golden-choices.ts.
 */
const fixture = JSON.parse(readFileSync(new URL('./fixtures/golden-choices.json', import.meta.url), 'utf8')) as {
  games: GoldenGame[];
};

describe('golden choices of the committed weights', () => {
  it('covers backgammon and every game net', () => {
    expect(fixture.games.map((g) => g.game)).toEqual(['backgammon', 'long-nardy', 'plakoto', 'fevga', 'gul-bara']);
  });

  it.each(fixture.games.map((g) => [g.game, g] as const))('%s', async (_game, golden) => {
    const now = await choicesOf(golden.game, golden.cases);
    expect(Object.keys(now)).toEqual(Object.keys(golden.choices));
    for (const [way, expected] of Object.entries(golden.choices)) {
      const got = now[way] ?? [];
      const differ = expected.flatMap((e, i) =>
        got[i] === e ? [] : [`${golden.cases[i]?.position} ${golden.cases[i]?.dice}: ${e} → ${got[i]}`],
      );
      expect(differ, `${golden.game} ${way}`).toEqual([]);
    }
  });
});
