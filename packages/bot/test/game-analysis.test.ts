import { type Dice, formatPlay, type GameId, parseZarPosition, rulesFor } from '@zar/engine';
import { type MatchRecord, type MatchState, newMatch, parseMatchSettings, replay, rulesOf } from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseMatch } from '../src/analysis/analyse-match.js';
import { type ActionAnalysis, createMatchAnalyser } from '../src/analysis/analyser.js';
import type { MoveAnalysis } from '../src/analysis/decisions.js';
import { gameNetJudge } from '../src/analysis/game-net-judge.js';
import type { JudgeDepth, Judges } from '../src/analysis/judge.js';
import { MARK_THRESHOLDS_BY_GAME, markIn, markOf } from '../src/analysis/marks.js';
import { createBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { createEvaluator } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { contextOf } from '../src/cube/context.js';
import { cubefulValue, outcomeValue, toEquity } from '../src/cube/janowski.js';
import { committedGameNet, GAME_NET_GAMES } from '../src/game-net/load.js';
import { type Network, randomNetwork } from '../src/nn/network.js';
import { whyNotAnalysable } from '../src/players.js';
import { OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';
import { clubRecord } from './support/club-match.js';

const nets: Partial<Record<GameId, Network>> = {};
let judges: Judges;
beforeAll(async () => {
  for (const game of GAME_NET_GAMES) nets[game] = (await committedGameNet(game)) ?? undefined;
  const random = seededRandom(5);
  const backgammon = createEvaluator(
    { contact: randomNetwork(INPUTS, 4, OUTPUTS, random), race: randomNetwork(INPUTS, 4, OUTPUTS, random) },
    createBearoffDatabase(),
  );
  judges = { backgammon, nets };
}, 60_000);

const ONE_PLY: JudgeDepth = { plies: 1, cubePlies: 0, keep: 3, closeCube: 0.16 };
const ZERO_PLY: JudgeDepth = { ...ONE_PLY, plies: 0 };

function settingsOf(input: Record<string, unknown>) {
  const s = parseMatchSettings(input);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/** Player 0 to play `dice` in `text` (Zar text), in a match of `length` at `score`. */
function stateAt(game: GameId, text: string, dice: Dice, length = 0, score: [number, number] = [0, 0]): MatchState {
  const pos = parseZarPosition(text);
  if (!pos.ok) throw new Error(pos.error.message);
  const m = newMatch(settingsOf({ length, cycle: [{ game }] }));
  return { ...m, score, game: { ...m.game, position: pos.value, phase: 'move', turn: 0, dice } };
}

function judgeOf(game: GameId) {
  const net = nets[game];
  if (net === undefined) throw new Error(`no ${game} net`);
  return gameNetJudge(net, rulesFor(game));
}

describe('the analysis of the game nets’ games', () => {
  // The last two checkers against the opponent's last one: 6-1 bears both off and wins, 6/5/off
  // leaves one behind and the opponent bears his last off with any roll. The rules make the
  // second a blunder at any depth; at 0-ply the net has to see it too.
  for (const game of GAME_NET_GAMES) {
    it(`${game}: marks the bear-off that leaves a checker behind a blunder, the one that wins none`, () => {
      const state = stateAt(game, `${game}:6,1,offx13/1,offx14:turns=30.30`, [6, 1]);
      const rules = rulesFor(game);
      const plays = rules.legalPlays(state.game.position, [6, 1]);
      const winning = plays.find((p) => rules.outcome(p.next) !== null);
      const losing = plays.find((p) => rules.outcome(p.next) === null);
      if (!winning || !losing) throw new Error(`${game}: expected a winning and a losing play`);
      const judge = judgeOf(game);
      for (const depth of [ZERO_PLY, ONE_PLY]) {
        const act = (play: string) => judge.move(state, { type: 'play', player: 0, play }, 7, depth) as MoveAnalysis;
        const bad = act(formatPlay(losing.steps));
        expect(bad.mark, `${game} at ${depth.plies}-ply`).toBe('blunder');
        expect(bad.loss).toBeGreaterThan(1);
        expect(bad).toMatchObject({ kind: 'move', action: 7, player: 0, gameId: game, dice: [6, 1] });
        expect(bad.position).toBe(`${game}:6,1,offx13/1,offx14:turns=30.30`);
        expect(bad.positionId).toBeUndefined();
        const good = act(formatPlay(winning.steps));
        expect(good.mark).toBe('none');
        expect(good.loss).toBe(0);
        // Winning a single game in money play is worth exactly 1.
        expect(good.equityBest).toBeCloseTo(1, 12);
      }
    });
  }

  it('values a plakoto draw in a match as the score standing, not as an even chance of winning', () => {
    // My mother (my 24) is pinned; pinning his (my 1) with the 2 draws the game.
    const text = 'plakoto:24p,6x12,3x2/24,6x13,1';
    const state = stateAt('plakoto', text, [2, 5], 5, [2, 0]);
    const rules = rulesFor('plakoto');
    const plays = rules.legalPlays(state.game.position, [2, 5]);
    const draw = plays.find((p) => rules.outcome(p.next)?.winner === null);
    if (!draw) throw new Error('expected a play that draws');
    const ctx = contextOf(state, 0);
    const standing = toEquity(ctx, outcomeValue(ctx, 0));
    const even = toEquity(ctx, cubefulValue([0.5, 0, 0, 0, 0], ctx, 0));
    // 3 away against 5 away, the two differ by a tenth of a game and more (normalised equity).
    expect(Math.abs(standing - even)).toBeGreaterThan(0.05);
    for (const depth of [ZERO_PLY, ONE_PLY]) {
      const d = judgeOf('plakoto').move(
        state,
        { type: 'play', player: 0, play: formatPlay(draw.steps) },
        0,
        depth,
      ) as MoveAnalysis;
      expect(d.equityPlayed).toBeCloseTo(standing, 12);
    }
  });

  it('judges a forced play as no decision', () => {
    // Only the 6 can be played (6/off); the 1 has no checker left to move.
    const state = stateAt('long-nardy', 'long-nardy:6,offx14/1,offx14:turns=30.30', [6, 1]);
    expect(rulesFor('long-nardy').legalPlays(state.game.position, [6, 1]).length).toBe(1);
    expect(judgeOf('long-nardy').move(state, { type: 'play', player: 0, play: '6/off' }, 0, ONE_PLY)).toBeNull();
  });
});

/** Every action of `record` analysed at 0-ply, with the state before it. */
function stepsOf(record: MatchRecord): { state: MatchState; done: ActionAnalysis }[] {
  const analyser = createMatchAnalyser(record, judges, { plies: 0, cubePlies: 0 });
  if (!analyser.ok) throw new Error(analyser.error.message);
  const r = replay(record);
  if (!r.ok) throw new Error(r.error.message);
  const out: { state: MatchState; done: ActionAnalysis }[] = [];
  for (let done = analyser.value.step(); done !== null; done = analyser.value.step()) {
    out.push({ state: r.value.states[out.length] as MatchState, done });
  }
  expect(analyser.value.done).toBe(record.actions.length);
  return out;
}

describe('matches of every game, analysed action by action', () => {
  it('gul bara: a doubles run judged block by block as played, its luck the roll’s, forced blocks no decision', async () => {
    const record = await clubRecord({
      settings: { length: 0, cycle: [{ game: 'gul-bara' }] },
      diceSeed: 11,
      botSeeds: [3, 4],
      going: (m) => m.gameNumber === 1,
    });
    let blocks = 0;
    for (const { state, done } of stepsOf(record)) {
      const g = state.game;
      if (g.phase !== 'move' || g.position.run === 0) continue;
      // A block after the first of a run: thrown by nobody, its dice the run's.
      expect(done.luck).toBeNull();
      const legal = rulesOf(g.settings).legalPlays(g.position, g.dice as Dice).length;
      if (legal <= 1) expect(done.decision).toBeNull();
      else {
        blocks++;
        expect(done.decision).toMatchObject({
          kind: 'move',
          gameId: 'gul-bara',
          dice: [g.position.run, g.position.run],
        });
      }
    }
    expect(blocks).toBeGreaterThan(0);
  }, 120_000);

  it('a cycle of portes, plakoto and fevga: each game by its own judge, luck for each roll', async () => {
    const record = await clubRecord({
      settings: { length: 5, cycle: [{ preset: 'portes' }, { preset: 'plakoto' }, { preset: 'fevga' }] },
      diceSeed: 5,
      botSeeds: [1, 2],
      going: (m) => m.winner === null && m.gameNumber <= 3,
    });
    const a = analyseMatch(record, judges, { plies: 0, cubePlies: 0 });
    if (!a.ok) throw new Error(a.error.message);
    const seen = new Set(a.value.decisions.map((d) => d.gameId));
    expect([...seen].sort()).toEqual(['backgammon', 'fevga', 'plakoto']);
    const states = replay(record);
    if (!states.ok) throw new Error(states.error.message);
    for (const d of a.value.decisions) {
      const state = states.value.states[d.action] as MatchState;
      expect(d.gameId).toBe(rulesOf(state.game.settings).game);
      expect(d.position.startsWith(`${d.gameId}:`)).toBe(true);
      expect(d.positionId !== undefined).toBe(d.gameId === 'backgammon');
      if (d.kind === 'move') expect(d.alternatives.length).toBeGreaterThan(1);
    }
    for (const p of a.value.players) {
      expect(p.decisions).toBeGreaterThan(0);
      expect(Number.isFinite(p.luck) && p.luck !== 0).toBe(true);
    }
  }, 120_000);

  it('refuses the presets no net values exactly with the same reason, and a game whose net is not given', () => {
    const settings = settingsOf({ length: 3, cycle: [{ preset: 'gul-bara-global' }] });
    const a = analyseMatch({ version: 1, settings, players: ['a', 'b'], actions: [] }, judges);
    expect(a.ok).toBe(false);
    if (!a.ok) {
      expect(a.error.code).toBe('ERR_ANALYSIS_GAME');
      expect(a.error.message).toBe(whyNotAnalysable(settings));
    }
    const nardy = settingsOf({ length: 3, cycle: [{ game: 'long-nardy' }] });
    const b = analyseMatch({ version: 1, settings: nardy, players: ['a', 'b'], actions: [] }, { nets: {} });
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.error.message).toBe('long-nardy cannot be analysed here: the long-nardy net is not loaded');
  });
});

describe('an analysis in pieces', () => {
  it('goes on from the actions analysed before, to the same analysis as in one go', async () => {
    const record = await clubRecord({
      settings: { length: 3, cycle: [{ game: 'fevga' }] },
      diceSeed: 9,
      botSeeds: [5, 6],
      going: (m) => m.winner === null && m.gameNumber === 1,
    });
    const whole = analyseMatch(record, judges, { plies: 0 });
    const first = createMatchAnalyser(record, judges, { plies: 0 });
    if (!whole.ok || !first.ok) throw new Error('refused');
    const kept: ActionAnalysis[] = [];
    for (let k = 0; k < 40; k++) kept.push(first.value.step() as ActionAnalysis);
    // A later job: a new analyser with the kept steps, as a queue would hold them.
    const rest = createMatchAnalyser(record, judges, { plies: 0 }, kept);
    if (!rest.ok) throw new Error(rest.error.message);
    expect(rest.value.done).toBe(40);
    while (rest.value.step() !== null);
    expect(rest.value.finish()).toEqual(whole.value);
  }, 60_000);
});

describe('marks per game', () => {
  it('marks a loss by the thresholds of its game, gnubg’s in backgammon', () => {
    expect([0.03, 0.05, 0.09, 0.13, 0.2].map((l) => markIn(l, 'backgammon'))).toEqual(
      [0.03, 0.05, 0.09, 0.13, 0.2].map(markOf),
    );
    expect(markIn(0.13, 'fevga')).toBe('blunder');
    expect(markIn(0.13, 'plakoto')).toBe('error');
    for (const [game, t] of Object.entries(MARK_THRESHOLDS_BY_GAME)) {
      expect(t.doubtful < t.error && t.error < t.blunder, game).toBe(true);
    }
  });
});
