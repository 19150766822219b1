/**
 * Writes test/fixtures/golden-choices.json: positions from seeded self-play of every game with
 * committed weights, and what each way of choosing plays there today. Run it only when a change
 * of the committed weights (or of a level) is meant to change choices:
 *
 *   npx tsx packages/bot/test/support/write-golden-choices.ts
 *
 * and say in the commit why the choices moved.
 */
import { writeFileSync } from 'node:fs';
import { CASES, choicesOf, collectCases, GAME_NET_CASES, GOLDEN_GAMES, type GoldenGame } from './golden-choices.js';

const games: GoldenGame[] = [];
for (const game of GOLDEN_GAMES) {
  const t0 = performance.now();
  const cases = await collectCases(game, CASES[game] ?? GAME_NET_CASES, 25);
  const choices = await choicesOf(game, cases);
  games.push({ game, cases, choices });
  console.log(`${game}: ${cases.length} cases, ${Math.round(performance.now() - t0)} ms`);
}
const file = new URL('../fixtures/golden-choices.json', import.meta.url);
writeFileSync(file, `${JSON.stringify({ games }, null, 1)}\n`);
console.log(`wrote ${file.pathname}`);
