import { createRules, GAME_IDS, type Rules, rulesFor } from '../../src/index.js';

/** The rules of `game` with `options`, which a test's table knows to be valid. */
export function rulesOf(game: string, options: object): Rules {
  const rules = createRules(game, options);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

/** Every game, and the options that change the play search (a play judged when finished, head moves of the first turn). */
export const SEARCH_VARIANTS: readonly [string, Rules][] = [
  ...GAME_IDS.map((game): [string, Rules] => [game, rulesFor(game)]),
  ['fevga, restriction judged on the final play', rulesOf('fevga', { restrictionCheck: 'final' })],
  [
    'fevga, long nardy prime judged on the final play',
    rulesOf('fevga', { prime: 'long-nardy', restrictionCheck: 'final' }),
  ],
  ['long nardy, block judged on the final play', rulesOf('long-nardy', { blockCheck: 'final' })],
  ['gul bara, runs from the first turn', rulesOf('gul-bara', { normalDoublesTurns: 0 })],
];
