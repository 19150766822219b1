import { type Dice, formatPlay, makeZarPosition, parseZarPosition, rulesFor } from '@zar/engine';
import { MATCH_DEFAULTS, type MatchSettings, type MatchState, newMatch, rulesOf, seededDice, step } from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { hintOf, type PlaysHint, whyNoHint } from '../src/analysis/hint.js';
import { createNeuralBot } from '../src/backgammon-net/agent.js';
import type { Evaluator } from '../src/backgammon-net/evaluator.js';
import { trainedBackgammonEvaluator } from '../src/backgammon-net/trained.js';
import { baselineAgent } from '../src/baseline/agent.js';
import { gameNetAgentFrom } from '../src/game-net/agent.js';
import { committedGameNet } from '../src/game-net/load.js';
import type { Network } from '../src/nn/network.js';

let ev: Evaluator;
beforeAll(async () => {
  ev = await trainedBackgammonEvaluator();
}, 60_000);

/** The states of one game between baseline bots where a player is to move, each with a choice of plays. */
async function moveStates(settings: Partial<MatchSettings>, seed: number, count: number): Promise<MatchState[]> {
  let m: MatchState = newMatch({ ...MATCH_DEFAULTS, length: 1, ...settings });
  const agents = [baselineAgent('expert', seed), baselineAgent('casual', seed + 1)] as const;
  const dice = seededDice(`hint-${seed}`);
  const out: MatchState[] = [];
  for (let i = 0; i < 5000 && m.winner === null && out.length < count; i++) {
    const g = m.game;
    if (g.phase === 'move' && rulesOf(g.settings).legalPlays(g.position, g.dice as Dice).length > 1) out.push(m);
    const r = await step(m, agents, dice);
    if (!r.ok) throw new Error(r.error.message);
    m = r.value.match;
  }
  return out;
}

async function playsHint(state: MatchState, plies?: number): Promise<PlaysHint> {
  const h = await hintOf(state, state.game.turn, { plies, gamePlies: plies === 0 ? 0 : 1 });
  if (!h.ok) throw new Error(h.error.message);
  if (h.value.kind !== 'plays') throw new Error(`expected plays, got ${h.value.kind}`);
  return h.value;
}

/** Every legal play once, best first, with losses measured from the best and equities on one scale. */
function expectWellRanked(state: MatchState, h: PlaysHint): void {
  const g = state.game;
  const legal = rulesOf(g.settings).legalPlays(g.position, g.dice as Dice);
  expect(h.legal).toBe(legal.length);
  expect(h.plays.map((p) => p.play).sort()).toEqual(legal.map((p) => formatPlay(p.steps)).sort());
  expect(h.plays[0]?.loss).toBe(0);
  for (let i = 1; i < h.plays.length; i++) {
    const [a, b] = [h.plays[i - 1], h.plays[i]] as [PlaysHint['plays'][number], PlaysHint['plays'][number]];
    expect(b.loss).toBeGreaterThanOrEqual(a.loss);
    expect(b.equity).toBeLessThanOrEqual(a.equity);
    expect(b.equity).toBeCloseTo((h.plays[0]?.equity ?? 0) - b.loss, 12);
  }
  // Each position is the one the play leaves, still seen by the mover.
  for (const p of legal) {
    const listed = h.plays.find((x) => x.play === formatPlay(p.steps));
    const turned = rulesOf(g.settings).swapSides(p.next);
    if (p.next.run === 0 && listed) expect(listed.position.split(':')[1]).toBe(makeZarPosition(turned).split(':')[1]);
  }
}

describe('hints for backgammon', () => {
  // Without a cube the hint's equities are the bot's cubeless ones, so its best is the bot's choice.
  const noCube: Partial<MatchSettings> = { length: 0, cycle: [{ game: 'backgammon', options: { cube: false } }] };

  it.each([0, 1])(
    'ranks every play and its best is the neural bot’s choice at %i-ply',
    async (plies) => {
      const bot = createNeuralBot(ev, { plies, cubePlies: 0, noise: 0 }, 1, rulesFor('backgammon'));
      const states = await moveStates(noCube, 7 + plies, 12);
      expect(states.length).toBe(12);
      for (const state of states) {
        const h = await playsHint(state, plies);
        expect(h.plies).toBe(plies);
        expect(h.cubeful).toBe(false);
        expectWellRanked(state, h);
        const chosen = bot.choosePlay(state.game.position, state.game.dice as Dice);
        expect(h.plays[0]?.play).toBe(chosen && formatPlay(chosen.steps));
      }
    },
    60_000,
  );

  it('lists at most the plays it is asked for, and says how many there are', async () => {
    const [state] = await moveStates({ length: 5 }, 3, 1);
    const s = state as MatchState;
    const all = await playsHint(s, 0);
    const h = await hintOf(s, s.game.turn, { plies: 0, maxPlays: 2 });
    if (!h.ok || h.value.kind !== 'plays') throw new Error('expected plays');
    expect(all.legal).toBeGreaterThan(2);
    expect(h.value.legal).toBe(all.legal);
    expect(h.value.plays).toEqual(all.plays.slice(0, 2));
  }, 30_000);

  it('values plays with the cube where the match has one', async () => {
    const [state] = await moveStates({ length: 5 }, 3, 1);
    const h = await playsHint(state as MatchState);
    expect(h.cubeful).toBe(true);
    expect(h.bot).toBe('the backgammon net');
    expectWellRanked(state as MatchState, h);
  }, 30_000);

  /*
   * Last-roll positions (cube.test.ts counts them by hand): the opponent has one checker on his
   * ace point, the side on roll wins when he bears off both of his now, 1-ply is exact.
   */
  it.each([
    ['4-point and ace', '4,1,offx13', 29 / 36, 'double-drop', 'drop'],
    ['5-point and ace', '5,1,offx13', 23 / 36, 'double-take', 'take'],
    ['6-point and ace', '6,1,offx13', 15 / 36, 'no-double', 'beaver'],
  ])('gives the cube decision with %s, to the doubler and to the taker', async (_, mine, p, proper, answer) => {
    const pos = parseZarPosition(`backgammon:${mine}/1,offx14`);
    if (!pos.ok) throw new Error(pos.error.message);
    const m = newMatch({ ...MATCH_DEFAULTS, length: 0, beaver: true });
    const roll: MatchState = { ...m, game: { ...m.game, phase: 'roll', turn: 0, position: pos.value } };
    const doubled: MatchState = { ...roll, game: { ...roll.game, phase: 'doubled' } };
    const d = await hintOf(roll, 0);
    if (!d.ok || d.value.kind !== 'cube') throw new Error('expected a cube hint');
    expect(d.value.decision).toBe('double');
    expect(d.value.proper).toBe(proper);
    expect(d.value.equities.noDouble).toBeCloseTo(2 * p - 1, 6);
    expect(d.value.equities.doubleTake).toBeCloseTo(2 * (2 * p - 1), 6);
    expect(d.value.equities.doubleDrop).toBe(1);
    expect(d.value.choices[0]?.action).toBe(proper === 'no-double' ? 'no-double' : 'double');
    expect(d.value.choices[0]?.loss).toBe(0);
    const t = await hintOf(doubled, 1);
    if (!t.ok || t.value.kind !== 'cube') throw new Error('expected a cube hint');
    expect(t.value.decision).toBe('take');
    expect(t.value.proper).toBe(answer);
    expect(t.value.choices.map((c) => c.action).sort()).toEqual(['beaver', 'drop', 'take']);
    const take = t.value.choices.find((c) => c.action === 'take');
    expect(take?.equity).toBeCloseTo(-2 * (2 * p - 1), 6);
    expect(t.value.choices[1]?.loss).toBeGreaterThan(0);
    // Nobody else has a decision there: the doubler waits for the answer, the taker for the roll.
    expect((await hintOf(doubled, 0)).ok).toBe(false);
    expect((await hintOf(roll, 1)).ok).toBe(false);
  });

  it('refuses where the asker has no decision', async () => {
    const [state] = await moveStates({ length: 5 }, 4, 1);
    const s = state as MatchState;
    expect(whyNoHint(s, s.game.turn === 0 ? 1 : 0)?.code).toBe('ERR_PHASE');
    const h = await hintOf(s, s.game.turn === 0 ? 1 : 0);
    expect(h.ok ? null : h.error.code).toBe('ERR_PHASE');
  });
});

describe('hints for the game nets', () => {
  it.each(['long-nardy', 'plakoto', 'fevga', 'gul-bara'] as const)(
    'ranks every %s play and its best is the master net’s choice',
    async (game) => {
      const net = (await committedGameNet(game)) as Network;
      const agent = gameNetAgentFrom(net, 'master', 1);
      const states = await moveStates({ length: 1, cycle: [{ game }] }, 11, 6);
      expect(states.length).toBe(6);
      for (const state of states) {
        const h = await playsHint(state);
        expect(h.plies).toBe(1);
        expect(h.cubeful).toBe(false);
        expectWellRanked(state, h);
        const d = await agent.decide(state, state.game.turn);
        expect(d).toEqual({ type: 'play', play: h.plays[0]?.play });
      }
    },
    60_000,
  );
});

describe('hints refused', () => {
  it('for rules no net values exactly, saying why', async () => {
    const lenient = { length: 1, cycle: [{ game: 'long-nardy' as const, options: { blockCheck: 'final' } }] };
    const [state] = await moveStates(lenient, 5, 1);
    const h = await hintOf(state as MatchState, (state as MatchState).game.turn);
    expect(h.ok ? null : h.error).toEqual({
      code: 'ERR_HINT_RULES',
      message: 'no hint for these rules: the long-nardy net was trained with blockCheck "every-step", not "final"',
    });
  });
});
