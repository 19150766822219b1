import {
  BOARD_LENGTH,
  type Dice,
  formatPlay,
  type GameId,
  type Play,
  type Position,
  type Rules,
  rulesFor,
  sameBoard,
  swapHalves,
} from '@zar/engine';
import { type Agent, type Decision, doubleRefusal, type MatchState, other, type Player, rulesOf } from '@zar/match';
import { baselineAgent } from '../baseline/agent.js';
import { type CubeContext, contextOf } from '../cube/context.js';
import { type CubeDecision, createCubeSearch, cubeLife } from '../cube/decision.js';
import { cubefulValue, outcomeValue } from '../cube/janowski.js';
import { LEVELS, type Level, type LevelSpec } from '../levels.js';
import { flipProbabilities, OUTPUTS } from '../probabilities.js';
import { gaussian, type NoiseSeed, type Random, randomOf } from '../random.js';
import type { Evaluator } from './evaluator.js';
import { createPlySearch } from './search.js';

/** The game the neural evaluator plays, with any of its options (players.ts says so for the bot). */
export const NEURAL_GAME: GameId = 'backgammon';

export type TakeAnswer = 'take' | 'drop' | 'beaver';

/** The neural bot's decisions, each from the deciding side's view, under one set of rules. */
export interface NeuralBot {
  readonly level: LevelSpec;
  /** The rules it plays: their legal plays, and their scoring for its equities. */
  readonly rules: Rules;
  /** The play for `dice` (one of `legalPlays`), or null when the roll cannot be played. */
  choosePlay(pos: Position, dice: Dice): Play | null;
  /** Whether the side on roll of `board` doubles, in context `ctx` (its view). */
  chooseDouble(board: Int8Array, ctx: CubeContext): boolean;
  /** The answer to a double from the side on roll of `board` (the doubler), `ctx` being the doubler's. */
  chooseTake(board: Int8Array, ctx: CubeContext): TakeAnswer;
  /** The cube analysis behind the last two (without noise). */
  cubeDecision(board: Int8Array, ctx: CubeContext): CubeDecision;
}

/**
 * The neural bot at `level` for backgammon under `rules` (international unless given): plays
 * are ranked by the equity of the rules' scoring. Its cube decisions take the scoring from
 * the context they are given (`contextOf` reads it from the match).
 */
export function createNeuralBot(
  ev: Evaluator,
  level: Level | LevelSpec,
  seed: NoiseSeed = 1,
  rules: Rules = rulesFor(NEURAL_GAME),
): NeuralBot {
  const spec: LevelSpec = typeof level === 'string' ? LEVELS[level] : level;
  const search = createPlySearch(ev, rules.scoring);
  const cube = createCubeSearch(ev);
  const random: Random = randomOf(seed);
  const noise = () => (spec.noise > 0 ? spec.noise * gaussian(random) : 0);
  const view = new Int8Array(BOARD_LENGTH);

  const choosePlay = (pos: Position, dice: Dice): Play | null => {
    const plays = rules.legalPlays(pos, dice);
    if (plays.length <= 1) return plays[0] ?? null;
    const ranked = search.rankPlays(pos.board, dice[0], dice[1], spec.plies);
    let best = ranked[0];
    let top = Number.NEGATIVE_INFINITY;
    for (const r of ranked) {
      // Noise only at 0-ply levels, where every play has a value of the same depth.
      const e = r.equity + (r.plies === 0 ? noise() : 0);
      if (e > top) {
        top = e;
        best = r;
      }
    }
    if (best === undefined) return null;
    view.set(best.board);
    swapHalves(view);
    return plays.find((p) => sameBoard(p.next.board, view)) ?? (plays[0] as Play);
  };

  const cubeDecision = (board: Int8Array, ctx: CubeContext) => cube.decide(board, ctx, spec.cubePlies);

  return {
    level: spec,
    rules,
    choosePlay,
    cubeDecision,
    chooseDouble(board, ctx) {
      const d = cubeDecision(board, ctx);
      return d.mayDouble && Math.min(d.doubleTake, d.doubleDrop) + noise() > d.noDouble;
    },
    chooseTake(board, ctx) {
      const d = cubeDecision(board, ctx);
      // The taker's view: his equity after taking is minus the doubler's.
      const takeMinusDrop = d.doubleDrop - d.doubleTake + noise();
      if (takeMinusDrop < 0) return 'drop';
      return d.beaver ? 'beaver' : 'take';
    },
  };
}

/**
 * An agent for @zar/match's driver at a named level, for backgammon under the rules of the game
 * it is asked about (one bot per set of rules, each made on first use: a portes game ranks its
 * plays by portes' scoring). Games other than backgammon are played by the baseline bot at the
 * nearest level, since the evaluator only knows backgammon.
 */
export function neuralAgent(ev: Evaluator, level: Level, seed: NoiseSeed = 1): Agent {
  const bots = new Map<Rules, NeuralBot>();
  const botFor = (rules: Rules): NeuralBot => {
    let bot = bots.get(rules);
    if (bot === undefined) {
      bot = createNeuralBot(ev, level, seed, rules);
      bots.set(rules, bot);
    }
    return bot;
  };
  const fallback = baselineAgent(level === 'master' ? 'expert' : level, seed);
  const board = new Int8Array(BOARD_LENGTH);
  const probs = new Float32Array(OUTPUTS);
  const mine = new Float64Array(OUTPUTS);

  /** The board from `me`'s view. */
  const boardOf = (match: MatchState, me: Player): Int8Array => {
    board.set(match.game.position.board.subarray(0, BOARD_LENGTH));
    if (match.game.turn !== me) swapHalves(board);
    return board;
  };

  return {
    decide(match: MatchState, me: Player): Decision {
      const g = match.game;
      const rules = rulesOf(g.settings);
      if (rules.game !== NEURAL_GAME) return fallback.decide(match, me) as Decision;
      const bot = botFor(rules);
      switch (g.phase) {
        case 'roll':
          return doubleRefusal(g) === null && bot.chooseDouble(boardOf(match, me), contextOf(match, me))
            ? { type: 'double' }
            : { type: 'roll' };
        case 'doubled': {
          const answer = bot.chooseTake(boardOf(match, g.turn), contextOf(match, g.turn));
          if (answer === 'beaver' && g.settings.cube.beaver) return { type: 'beaver' };
          return answer === 'drop' ? { type: 'drop' } : { type: 'take' };
        }
        case 'beavered': {
          // Accepting leaves the beaver side owning 4x; dropping loses 2x.
          const ctx: CubeContext = { ...contextOf(match, me), value: 2 * g.stake, owner: 'centre' };
          const d = bot.cubeDecision(boardOf(match, me), ctx);
          if (d.doubleTake < -1) return { type: 'drop' };
          return g.settings.cube.raccoon && d.doubleTake > 0 ? { type: 'raccoon' } : { type: 'take' };
        }
        case 'raccooned':
          return { type: 'take' };
        case 'resigning': {
          // Accept when the offer is worth at least what playing on is worth to me; an offer
          // above what the game can be worth (a backgammon where it counts 2) is worth that most.
          const offer = Math.min(g.resign?.level ?? 1, rules.maxPoints);
          const ctx = contextOf(match, me);
          board.set(g.position.board.subarray(0, BOARD_LENGTH));
          ev.evaluate(board, probs, 0);
          for (let i = 0; i < OUTPUTS; i++) mine[i] = probs[i] as number;
          if (g.turn !== me) flipProbabilities(mine);
          const keep = cubefulValue(mine, ctx, cubeLife(board));
          return outcomeValue(ctx, offer * g.cube.value) >= keep ? { type: 'accept' } : { type: 'decline' };
        }
        case 'move': {
          const play = bot.choosePlay(g.position, g.dice as Dice);
          return { type: 'play', play: play ? formatPlay(play.steps) : '' };
        }
        default:
          throw new Error(`the neural bot was asked to act in phase ${g.phase} (player ${me}, opponent ${other(me)})`);
      }
    },
  };
}
