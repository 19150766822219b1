import { type Dice, GAME_IDS, type GameId, rulesFor } from '@zar/engine';
import {
  MATCH_DEFAULTS,
  type MatchState,
  newMatch,
  readPositionText,
  rulesOf,
  seededDice,
  stateFromXgid,
  step,
} from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { hintOf } from '../src/analysis/hint.js';
import {
  analysePosition,
  averageEquity,
  type BoardQuery,
  boardContextOf,
  TEMPERATURE_ROLLS,
  temperatureRolls,
} from '../src/analysis/position.js';
import { trainedBackgammonEvaluator } from '../src/backgammon-net/trained.js';
import { baselineAgent } from '../src/baseline/agent.js';
import { contextOf } from '../src/cube/context.js';

beforeAll(async () => {
  await trainedBackgammonEvaluator();
}, 60_000);

/** States of a game between baseline bots where a player has a choice of plays. */
async function moveStates(game: GameId, seed: number, count: number): Promise<MatchState[]> {
  let m: MatchState = newMatch({ ...MATCH_DEFAULTS, length: 1, cycle: [{ game }] });
  const agents = [baselineAgent('expert', seed), baselineAgent('casual', seed + 1)] as const;
  const dice = seededDice(`board-${seed}`);
  const out: MatchState[] = [];
  for (let i = 0; i < 5000 && m.winner === null && out.length < count; i++) {
    const g = m.game;
    if (g.phase === 'move' && rulesOf(g.settings).legalPlays(g.position, g.dice as Dice).length > 1 && i % 3 === 0)
      out.push(m);
    const r = await step(m, agents, dice);
    if (!r.ok) throw new Error(r.error.message);
    m = r.value.match;
  }
  return out;
}

const queryOf = (state: MatchState, plies: number): BoardQuery => ({
  rules: rulesOf(state.game.settings),
  position: state.game.position,
  context: contextOf(state, state.game.turn),
  plies,
});

describe('the board ranks a position as a hint ranks the same decision', () => {
  it.each(GAME_IDS)(
    '%s',
    async (game) => {
      const plies = 1;
      for (const state of await moveStates(game, 11, 2)) {
        const hint = await hintOf(state, state.game.turn, { plies, gamePlies: plies });
        if (!hint.ok || hint.value.kind !== 'plays') throw new Error('expected a hint of plays');
        const board = await analysePosition(queryOf(state, plies), state.game.dice as Dice);
        if (!board.ok) throw new Error(board.error.message);
        const plays = board.value.plays ?? [];
        expect(board.value.legal).toBe(hint.value.legal);
        expect(board.value.plies).toBe(hint.value.plies);
        expect(plays.map(({ chances: _, ...p }) => p)).toEqual(hint.value.plays);
        for (const p of plays) {
          const c = p.chances;
          expect(c.win).toBeGreaterThanOrEqual(0);
          expect(c.win).toBeLessThanOrEqual(1);
          expect(c.winGammon).toBeLessThanOrEqual(c.win + 1e-9);
          expect(c.winBackgammon).toBeLessThanOrEqual(c.winGammon + 1e-9);
          expect(c.loseBackgammon).toBeLessThanOrEqual(c.loseGammon + 1e-9);
        }
      }
    },
    60_000,
  );
});

describe('boardContextOf', () => {
  it.each([
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10',
    'XGID=-b----E-C---eE---c-e----B-:1:-1:-1:52:3:4:0:7:10',
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:6:3:1:7:10',
    'XGID=-b----E-C---eE---c-e----B-:2:1:1:00:1:2:0:5:10',
  ])('gives the context a hint has in the state of %s', (xgid) => {
    const state = stateFromXgid(xgid);
    const setup = readPositionText(xgid);
    if (!state.ok || !setup.ok) throw new Error('unreadable XGID');
    const rules = rulesOf(state.value.game.settings);
    expect(boardContextOf(rules, setup.value.cube)).toEqual(contextOf(state.value, state.value.game.turn));
  });

  it('values the games without a cube cubeless, with their own scoring', () => {
    const rules = rulesFor('plakoto');
    expect(boardContextOf(rules, null)).toMatchObject({ enabled: false, scoring: rules.scoring, match: null });
  });
});

const opening = (game: GameId, plies: number): BoardQuery => {
  const rules = rulesFor(game);
  const cube = game === 'backgammon' ? readPositionText(`${game}:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5`) : null;
  return {
    rules,
    position: rules.start(),
    context: boardContextOf(rules, cube?.ok ? cube.value.cube : null),
    plies,
  };
};

describe('the opening position of backgammon', () => {
  it('is no double, even pips, no shots, and 3-1 makes the 5 point', async () => {
    const r = await analysePosition(opening('backgammon', 1), [3, 1]);
    if (!r.ok) throw new Error(r.error.message);
    const a = r.value;
    expect(a.pips).toEqual([167, 167]);
    expect(a.shots).toEqual({ onRoll: 0, opponent: 0 });
    expect(a.cube).toMatchObject({ proper: 'no-double', answer: 'take', mayDouble: true });
    expect(a.cube?.noDouble).toBeGreaterThan(a.cube?.doubleTake ?? 0);
    expect(Math.abs(a.equity)).toBeLessThan(0.2);
    expect(a.plays?.[0]?.play).toBe('8/5 6/5');
    expect(a.legal).toBe(a.plays?.length);
  }, 30_000);

  it("has the standard replies as the temperature map's best plays", async () => {
    const rolls: Dice[] = [
      [3, 1],
      [4, 2],
      [6, 1],
      [5, 3],
    ];
    const r = await temperatureRolls(opening('backgammon', 1), rolls);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((x) => x.play)).toEqual(['8/5 6/5', '8/4 6/4', '13/7 8/7', '8/3 6/3']);
  }, 30_000);

  it('has a map of all 21 rolls, 36 ways, the doubles worth most', async () => {
    const r = await temperatureRolls(opening('backgammon', 0));
    if (!r.ok) throw new Error(r.error.message);
    const map = r.value;
    expect(map.map((x) => x.dice)).toEqual(TEMPERATURE_ROLLS);
    expect(map.reduce((n, x) => n + x.weight, 0)).toBe(36);
    for (const x of map) expect(x.play).not.toBeNull();
    const sixes = map.find((x) => x.dice[0] === 6 && x.dice[1] === 6)?.equity ?? 0;
    const twoOne = map.find((x) => x.dice[0] === 2 && x.dice[1] === 1)?.equity ?? 0;
    expect(sixes).toBeGreaterThan(twoOne);
    expect(Math.abs(averageEquity(map))).toBeLessThan(0.3);
  }, 30_000);
});

describe('the other games', () => {
  it.each(GAME_IDS.filter((g) => g !== 'backgammon'))(
    '%s: a map of 21 rolls, pips, no cube',
    async (game) => {
      const q = opening(game, 0);
      const map = await temperatureRolls(q);
      if (!map.ok) throw new Error(map.error.message);
      expect(map.value).toHaveLength(21);
      const a = await analysePosition(q, null);
      if (!a.ok) throw new Error(a.error.message);
      expect(a.value).toMatchObject({ cube: null, cubeful: false, plays: null });
      expect(a.value.pips[0]).toBe(a.value.pips[1]);
    },
    30_000,
  );

  it('refuses a finished game and dice a gul bara run does not roll', async () => {
    const plakoto = rulesFor('plakoto');
    const over = {
      ...opening('plakoto', 0),
      position: { ...plakoto.start(), ended: { winner: 'onRoll', kind: 'single', points: 1 } },
    } as BoardQuery;
    const ended = await analysePosition(over, null);
    expect(ended.ok ? 'ok' : ended.error.code).toBe('ERR_GAME_OVER');
    const gul = opening('gul-bara', 0);
    const run = { ...gul, position: { ...gul.position, run: 3 } };
    const wrong = await analysePosition(run, [6, 4]);
    expect(wrong.ok ? 'ok' : wrong.error.code).toBe('ERR_DICE');
  });
});
