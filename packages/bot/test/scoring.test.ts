import { type Dice, formatPlay, type Position, parseZarPosition, presetRules, type Rules, rulesFor } from '@zar/engine';
import { type MatchState, newMatch, parseMatchSettings } from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNeuralBot, neuralAgent } from '../src/backgammon-net/agent.js';
import type { Evaluator } from '../src/backgammon-net/evaluator.js';
import { createPlySearch } from '../src/backgammon-net/search.js';
import { trainedBackgammonEvaluator } from '../src/backgammon-net/trained.js';
import { contextOf, MONEY } from '../src/cube/context.js';
import { createCubeSearch } from '../src/cube/decision.js';
import { cubefulValue } from '../src/cube/janowski.js';
import { equityOf, equityUnder } from '../src/probabilities.js';

/*
 * Portes, tavla and tabla count a backgammon as a gammon (engine presets: triple 'none'); the
 * backgammon net's equities, the plays it chooses and its cube values must follow that.
 */
const standard = rulesFor('backgammon');
const tablaRules = presetRules('tabla');
if (!tablaRules.ok) throw new Error(tablaRules.error.message);
const tabla: Rules = tablaRules.value;

/** Expected points of the five cumulative probabilities, outcome by outcome, a backgammon worth `bg`. */
function expectedPoints(p: ArrayLike<number>, bg: number): number {
  const [w, wg, wbg, lg, lbg] = Array.from({ length: 5 }, (_, i) => p[i] as number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const l = 1 - w;
  const won = (w - wg) * 1 + (wg - wbg) * 2 + wbg * bg;
  const lost = (l - lg) * 1 + (lg - lbg) * 2 + lbg * bg;
  return won - lost;
}

/*
 * The mover still has two checkers on his 24 point, in the opponent's home board, and the
 * opponent has 8 off: he can lose a backgammon. With 6-4, standard scoring runs the back
 * checkers (24/18 21/17); in tabla, where that loss costs no more than a gammon, the net plays
 * 19/9 instead. Found by self-play of the committed weights at 0-ply under both scorings.
 */
const BACKGAMMON_RISK = 'backgammon:24x2,21,19,17,8,6x2,5x2,4x2,1x3/3,2x6,offx8:turns=25.25';
const ROLL: Dice = [4, 6];

function position(text: string): Position {
  const p = parseZarPosition(text);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

let ev: Evaluator;
beforeAll(async () => {
  ev = await trainedBackgammonEvaluator();
}, 60_000);

describe('equity under a scoring', () => {
  const p = [0.42, 0.15, 0.04, 0.2, 0.07];

  it('standard scoring is equityOf itself, so its values do not move by a bit', () => {
    expect(equityUnder(standard.scoring)).toBe(equityOf);
    expect(equityOf(p)).toBeCloseTo(expectedPoints(p, 3), 12);
  });

  it('tabla scoring: the expected points with a backgammon worth 2, which drops the backgammon term', () => {
    const e = equityUnder(tabla.scoring)(p);
    expect(e).toBeCloseTo(expectedPoints(p, 2), 12);
    expect(equityOf(p) - e).toBeCloseTo(0.04 - 0.07, 12);
  });
});

describe('the backgammon net under tabla scoring', () => {
  it('values each play by the expected points with a backgammon counted as a gammon, at 0 and 1 ply', () => {
    const pos = position(BACKGAMMON_RISK);
    for (const plies of [0, 1]) {
      const ranked = createPlySearch(ev, tabla.scoring).rankPlays(pos.board, ROLL[0], ROLL[1], plies);
      expect(ranked.length).toBeGreaterThan(5);
      for (const r of ranked) expect(r.equity).toBeCloseTo(expectedPoints(r.probs, 2), 6);
      // The backgammon term is there to be dropped: some play risks a backgammon.
      expect(Math.max(...ranked.map((r) => r.probs[4] as number))).toBeGreaterThan(0.05);
    }
  });

  it('at 0-ply the same probabilities as under standard scoring, the equities differing by the backgammon term', () => {
    const pos = position(BACKGAMMON_RISK);
    const std = createPlySearch(ev, standard.scoring).rankPlays(pos.board, ROLL[0], ROLL[1], 0);
    const tab = createPlySearch(ev, tabla.scoring).rankPlays(pos.board, ROLL[0], ROLL[1], 0);
    const key = (b: Int8Array) => b.join(',');
    const byBoard = new Map(tab.map((r) => [key(r.board), r]));
    expect(byBoard.size).toBe(std.length);
    for (const s of std) {
      const t = byBoard.get(key(s.board));
      expect(t?.probs).toEqual(s.probs);
      expect(s.equity - (t?.equity ?? Number.NaN)).toBeCloseTo((s.probs[2] as number) - (s.probs[4] as number), 9);
    }
  });

  it('chooses another play: saving the backgammon matters only where it counts 3', () => {
    const pos = position(BACKGAMMON_RISK);
    const zero = { plies: 0, cubePlies: 0, noise: 0 };
    const std = createNeuralBot(ev, zero, 1, standard).choosePlay(pos, ROLL);
    const tab = createNeuralBot(ev, zero, 1, tabla).choosePlay(pos, ROLL);
    expect(std && formatPlay(std.steps)).toBe('24/18 21/17');
    expect(tab && formatPlay(tab.steps)).toBe('19/9');
  });

  it("the agent plays a tabla match by tabla's scoring and a backgammon match by backgammon's", async () => {
    const stateOf = (cycle: unknown): MatchState => {
      const settings = parseMatchSettings({ length: 0, cycle });
      if (!settings.ok) throw new Error(settings.error.message);
      const base = newMatch(settings.value);
      return {
        ...base,
        game: { ...base.game, phase: 'move', turn: 0, position: position(BACKGAMMON_RISK), dice: ROLL },
      };
    };
    const agent = neuralAgent(ev, 'expert', 1);
    const played = async (cycle: unknown) => {
      const d = await agent.decide(stateOf(cycle), 0);
      return d.type === 'play' ? d.play : d.type;
    };
    const expected = (rules: Rules) => {
      const play = createNeuralBot(ev, 'expert', 1, rules).choosePlay(position(BACKGAMMON_RISK), ROLL);
      return play ? formatPlay(play.steps) : '';
    };
    expect(await played([{ preset: 'tabla' }])).toBe(expected(tabla));
    expect(await played([{ game: 'backgammon' }])).toBe(expected(standard));
    expect(expected(tabla)).not.toBe(expected(standard));
  });

  it("the cube context of a tabla match carries tabla's scoring, and a dead cube is worth its expected points", () => {
    const settings = parseMatchSettings({ length: 0, cycle: [{ preset: 'tabla' }] });
    if (!settings.ok) throw new Error(settings.error.message);
    const ctx = contextOf(newMatch(settings.value), 0);
    expect(ctx.scoring).toEqual(tabla.scoring);
    expect(ctx.enabled).toBe(false);
    const p = [0.42, 0.15, 0.04, 0.2, 0.07];
    expect(cubefulValue(p, ctx, 0.68)).toBeCloseTo(expectedPoints(p, 2), 12);
    expect(cubefulValue(p, { ...MONEY, enabled: false }, 0.68)).toBeCloseTo(expectedPoints(p, 3), 12);
    // With a live cube the same scoring prices the wins and losses of Janowski's line.
    const live = { ...MONEY, scoring: tabla.scoring };
    expect(cubefulValue(p, live, 0)).toBeCloseTo(expectedPoints(p, 2), 12);
    expect(cubefulValue(p, live, 0.68)).not.toBeCloseTo(cubefulValue(p, MONEY, 0.68), 6);
  });

  it("the cube search's cubeless chances at 1-ply follow the plays tabla's scoring would choose", () => {
    const board = position(BACKGAMMON_RISK).board;
    const chances = (rules: Rules) => {
      const out = new Float64Array(5);
      createPlySearch(ev, rules.scoring).evaluatePosition(board, 1, out);
      return Array.from(out);
    };
    const cube = createCubeSearch(ev);
    const tab = Array.from(cube.decide(board, { ...MONEY, scoring: tabla.scoring }, 1).probs);
    const std = Array.from(cube.decide(board, MONEY, 1).probs);
    const [tabSearch, stdSearch] = [chances(tabla), chances(standard)];
    for (const [i, p] of tab.entries()) expect(p).toBeCloseTo(tabSearch[i] as number, 9);
    for (const [i, p] of std.entries()) expect(p).toBeCloseTo(stdSearch[i] as number, 9);
    expect(Math.max(...tab.map((p, i) => Math.abs(p - (std[i] as number))))).toBeGreaterThan(1e-4);
  });
});
