import { type Dice, formatPlay, matchPlay, rulesFor } from '@zar/engine';
import {
  type Agent,
  type GameAction,
  type MatchRecord,
  type MatchState,
  newMatch,
  parseMatchSettings,
  replay,
  seededDice,
  step,
} from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseMatch } from '../src/analysis/analyse-match.js';
import { errorRate, markOf, performanceRating } from '../src/analysis/marks.js';
import { buildBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { BEAROFF, classify, createEvaluator, type Evaluator } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { baselineAgent } from '../src/baseline/agent.js';
import { randomNetwork } from '../src/nn/network.js';
import { equityOf, flipProbabilities, OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';
import { clubRecord } from './support/club-match.js';

let ev: Evaluator;
beforeAll(() => {
  const random = seededRandom(8);
  const nets = { contact: randomNetwork(INPUTS, 8, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) };
  ev = createEvaluator(nets, buildBearoffDatabase());
}, 60_000);

const rules = rulesFor('backgammon');

/** Every state of a record, before each of its actions. */
function replayStates(record: MatchRecord): readonly MatchState[] {
  const r = replay(record);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.states;
}

/** The mover's exact equity after each play in a bearoff (the database is exact there). */
function bearoffEquities(state: MatchState): { play: string; equity: number }[] {
  const out = new Float32Array(OUTPUTS);
  return rules.legalPlays(state.game.position, state.game.dice as Dice).map((p) => {
    ev.evaluate(p.next.board, out, 0);
    return { play: formatPlay(p.steps), equity: -equityOf(out) };
  });
}

/**
 * Plays a one-game match between two baseline bots, except that player 0 makes, once, the
 * worst play of a bearoff where that costs at least 0.3. Returns the record and the index of
 * that action, or null when no such bearoff came up.
 */
async function sabotagedMatch(seed: number): Promise<{ record: MatchRecord; at: number; cost: number } | null> {
  const settings = parseMatchSettings({ length: 1 });
  if (!settings.ok) throw new Error(settings.error.message);
  let match = newMatch(settings.value);
  const actions: GameAction[] = [];
  let at = -1;
  let cost = 0;
  const honest = baselineAgent('expert', seed);
  const saboteur: Agent = {
    decide(m, me) {
      const g = m.game;
      if (at < 0 && g.phase === 'move' && classify(g.position.board) === BEAROFF) {
        const options = bearoffEquities(m).sort((a, b) => a.equity - b.equity);
        const worst = options[0];
        const best = options[options.length - 1];
        if (worst && best && best.equity - worst.equity >= 0.3) {
          at = actions.length;
          cost = best.equity - worst.equity;
          return { type: 'play', play: worst.play };
        }
      }
      return honest.decide(m, me);
    },
  };
  const dice = seededDice(seed);
  for (let i = 0; i < 2000 && match.winner === null; i++) {
    const r = await step(match, [saboteur, baselineAgent('expert', seed + 1)], dice);
    if (!r.ok) throw new Error(r.error.message);
    actions.push(r.value.action);
    match = r.value.match;
  }
  if (at < 0) return null;
  return { record: { version: 1, settings: settings.value, players: ['saboteur', 'honest'], actions }, at, cost };
}

describe('match analysis', () => {
  it('flags a deliberately bad bearoff play as a blunder', async () => {
    let found: Awaited<ReturnType<typeof sabotagedMatch>> = null;
    for (let seed = 1; seed <= 30 && found === null; seed++) found = await sabotagedMatch(seed);
    expect(found).not.toBeNull();
    if (!found) return;
    const a = analyseMatch(found.record, ev, { plies: 0, cubePlies: 0 });
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    const bad = a.value.decisions.find((d) => d.action === found.at);
    expect(bad?.kind).toBe('move');
    expect(bad?.player).toBe(0);
    expect(bad?.mark).toBe('blunder');
    // One-point match: gammons do not count, and the bearoff database is exact.
    expect(bad?.loss).toBeGreaterThanOrEqual(0.16);
    const [p0] = a.value.players;
    expect(p0.name).toBe('saboteur');
    expect(p0.marks.blunder).toBeGreaterThanOrEqual(1);
    const mine = a.value.decisions.filter((d) => d.player === 0);
    expect(p0.decisions).toBe(mine.length);
    expect(p0.equityLost).toBeCloseTo(
      mine.reduce((s, d) => s + d.loss, 0),
      9,
    );
    expect(p0.pr).toBeCloseTo(performanceRating(p0.equityLost, p0.decisions), 9);
    // Forced moves are not decisions.
    for (const d of a.value.decisions) {
      if (d.kind === 'move') expect(d.alternatives.length).toBeGreaterThan(1);
    }
  }, 60_000);

  it('values a portes game with its scoring: each play is worth its expected points, a backgammon counting 2', async () => {
    // A money game of portes (no cube), played by two baseline bots up to its end.
    const record = await clubRecord({
      settings: { length: 0, cycle: [{ preset: 'portes' }] },
      diceSeed: 17,
      botSeeds: [1, 2],
      going: (match) => match.gameNumber === 1,
    });
    const a = analyseMatch(record, ev, { plies: 0, cubePlies: 0 });
    if (!a.ok) throw new Error(a.error.message);
    const states = replayStates(record);
    const out = new Float32Array(OUTPUTS);
    const p = new Float64Array(OUTPUTS);
    let backgammonTerms = 0;
    for (const d of a.value.decisions) {
      if (d.kind !== 'move') continue;
      const g = (states[d.action] as MatchState).game;
      for (const alt of d.alternatives) {
        const play = matchPlay(rules.legalPlays(g.position, g.dice as Dice), alt.play);
        if (!play.ok) throw new Error(play.error.message);
        ev.evaluate(play.value.next.board, out, 0);
        p.set(out);
        flipProbabilities(p);
        const [w, wg, wbg, lg, lbg] = p as unknown as [number, number, number, number, number];
        const points = w - wg + 2 * (wg - wbg) + 2 * wbg - (1 - w - lg) - 2 * (lg - lbg) - 2 * lbg;
        expect(alt.equity).toBeCloseTo(points, 6);
        if (Math.abs(wbg - lbg) > 0.01) backgammonTerms++;
      }
    }
    // Standard scoring would have valued these plays otherwise.
    expect(backgammonTerms).toBeGreaterThan(10);
  }, 60_000);

  it('refuses other games', () => {
    const settings = parseMatchSettings({ length: 1, cycle: [{ game: 'plakoto' }] });
    if (!settings.ok) throw new Error(settings.error.message);
    const a = analyseMatch({ version: 1, settings: settings.value, players: ['a', 'b'], actions: [] }, ev);
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.error.code).toBe('ERR_ANALYSIS_GAME');
  });

  it('marks and rates', () => {
    expect([0.01, 0.04, 0.08, 0.16, 0.5].map(markOf)).toEqual(['none', 'doubtful', 'error', 'blunder', 'blunder']);
    // 0.2 lost over 40 decisions: 5 mEMG per decision, PR 2.5.
    expect(errorRate(0.2, 40)).toBeCloseTo(5, 9);
    expect(performanceRating(0.2, 40)).toBeCloseTo(2.5, 9);
  });
});
