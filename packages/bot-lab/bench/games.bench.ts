import {
  committedGameNet,
  createGameEvaluator,
  createGamePlayChooser,
  GAME_NET_LEVELS,
  OUTPUTS,
  seededRandom,
} from '@zar/bot';
import { type Dice, GAME_IDS, type Position, rulesFor } from '@zar/engine';
import { playSelfPlayGame } from '../training/game-td.js';

/*
 * `npm run bench:games -w @zar/bot-lab`: for each game with committed game-net weights, on one
 * core, over positions from the net's own 0-ply self-play (each with a fixed roll):
 * evaluations per second, play generation alone, 0-ply decisions per second, and the cost of
 * a decision at the 1-ply levels (expert, master).
 */

const SAMPLE_GAMES = 20;
const ONE_PLY_DECISIONS = 60;

function timed(run: () => number): { perSecond: number; msEach: number } {
  const t0 = performance.now();
  const n = run();
  const ms = performance.now() - t0;
  return { perSecond: (n / ms) * 1000, msEach: ms / n };
}

for (const game of GAME_IDS) {
  const net = await committedGameNet(game);
  if (!net) continue;
  const rules = rulesFor(game);
  const ev = createGameEvaluator(net);
  const random = seededRandom(7);
  const cases: { pos: Position; dice: Dice }[] = [];
  for (let g = 0; g < SAMPLE_GAMES; g++) {
    for (const pos of playSelfPlayGame(rules, ev, random).positions) {
      if (rules.outcome(pos)) continue;
      const dice: Dice =
        pos.run > 0 ? [pos.run, pos.run] : [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
      cases.push({ pos, dice });
    }
  }
  const out = new Float32Array(OUTPUTS);
  const evals = timed(() => {
    for (const c of cases) ev.evaluate(rules, c.pos, out, 0);
    return cases.length;
  });
  let plays = 0;
  const generate = timed(() => {
    for (const c of cases) plays += rules.legalPlays(c.pos, c.dice).length;
    return cases.length;
  });
  const zero = createGamePlayChooser(ev, GAME_NET_LEVELS.club, seededRandom(1));
  const decide0 = timed(() => {
    for (const c of cases) zero.choose(rules, rules.legalPlays(c.pos, c.dice));
    return cases.length;
  });
  const deep = cases.filter((_, i) => i % Math.max(1, Math.floor(cases.length / ONE_PLY_DECISIONS)) === 0);
  const perLevel = (level: 'expert' | 'master') => {
    const chooser = createGamePlayChooser(ev, GAME_NET_LEVELS[level], seededRandom(1));
    return timed(() => {
      for (const c of deep) chooser.choose(rules, rules.legalPlays(c.pos, c.dice));
      return deep.length;
    });
  };
  const expert = perLevel('expert');
  const master = perLevel('master');
  console.log(
    `${game} (net ${net.inputs}-${net.hidden}-${net.outputs}, ${cases.length} positions, ${(plays / cases.length).toFixed(1)} plays a roll)`,
  );
  console.log(`  evaluations                 ${evals.perSecond.toFixed(0)}/s`);
  console.log(
    `  play generation alone       ${generate.perSecond.toFixed(0)}/s (${(generate.msEach * 1000).toFixed(0)} µs)`,
  );
  console.log(`  0-ply decisions (club)      ${decide0.perSecond.toFixed(0)}/s (${decide0.msEach.toFixed(2)} ms)`);
  console.log(`  1-ply decisions (expert)    ${expert.msEach.toFixed(1)} ms each (${deep.length} positions)`);
  console.log(`  1-ply decisions (master)    ${master.msEach.toFixed(1)} ms each`);
}
