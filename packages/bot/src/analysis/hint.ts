import { type Dice, err, formatPlay, ok, type Play, type Position, type Result, type Rules } from '@zar/engine';
import { actorOf, doubleRefusal, type MatchState, type Player, rulesOf } from '@zar/match';
import type { Evaluator } from '../backgammon-net/evaluator.js';
import { trainedBackgammonEvaluator } from '../backgammon-net/trained.js';
import { type CubeContext, contextOf } from '../cube/context.js';
import { createCubeSearch, cubeLife } from '../cube/decision.js';
import { cubefulValue, toEquity } from '../cube/janowski.js';
import { GAME_NET_LEVELS } from '../game-net/index.js';
import { committedGameNet } from '../game-net/load.js';
import { playerFor } from '../players.js';
import { equityOf } from '../probabilities.js';
import type { SearchedPlay } from '../search/n-ply.js';
import type { CubeAction } from './analyse-match.js';
import {
  BACKGAMMON_FILTERS,
  backgammonSearchOf,
  boardKey,
  clampDepth,
  type GameNetSearcher,
  gameSearchOf,
  positionsAfter,
  rankStages,
  searchStages,
} from './searchers.js';

/*
 * A hint: the bot's view of the decision a player is to make now, for the rules the bot's
 * players table values exactly. Every legal play of the roll is valued and ranked, so that a
 * page can say how much the play a player made lost; the best few are searched deeper, as the
 * bot's own levels do. The types fit @zar/protocol's HintSchema (the server checks).
 */

/**
 * How deep a hint searches. Measured with the defaults on a shared 2-core machine, 20 positions
 * a game, bearoff database warm: backgammon 2-ply 0.1-0.3 s a hint on average (under 0.9 s at
 * most); the game nets at 1-ply 0.02-0.2 s; a cube decision 0.01 s.
 */
export interface HintOptions {
  /** Backgammon play search depth (0, 1 or 2); 2 unless given (the master level's). */
  readonly plies?: number;
  /** Backgammon cube decision depth (0 or 1); 1 unless given. */
  readonly cubePlies?: number;
  /** The game nets' depth (0 or 1); 1 unless given (their master level's filter). */
  readonly gamePlies?: 0 | 1;
  /** The most plays listed; 200 unless given. */
  readonly maxPlays?: number;
}

export const HINT_DEFAULTS = { plies: 2, cubePlies: 1, gamePlies: 1, maxPlays: 200 } as const;

export interface HintPlay {
  readonly play: string;
  /** The position after the play, the mover still on roll (the engine's currentPosition), in Zar text. */
  readonly position: string;
  readonly equity: number;
  readonly loss: number;
  readonly plies: number;
}

export interface PlaysHint {
  readonly kind: 'plays';
  readonly bot: string;
  readonly plies: number;
  readonly dice: Dice;
  readonly plays: readonly HintPlay[];
  readonly legal: number;
  readonly cubeful: boolean;
}

export type ProperCubeAction = 'no-double' | 'double-take' | 'double-drop' | 'too-good' | 'take' | 'drop' | 'beaver';

export interface CubeHint {
  readonly kind: 'cube';
  readonly bot: string;
  readonly plies: number;
  readonly decision: 'double' | 'take';
  readonly proper: ProperCubeAction;
  readonly equities: { readonly noDouble: number; readonly doubleTake: number; readonly doubleDrop: number };
  readonly choices: readonly { readonly action: CubeAction; readonly equity: number; readonly loss: number }[];
}

export type Hint = PlaysHint | CubeHint;

/** Why `asker` may not have a hint now (ERR_PHASE, ERR_HINT_RULES), or null when he may. */
export function whyNoHint(
  state: MatchState,
  asker: Player,
): { code: 'ERR_PHASE' | 'ERR_HINT_RULES'; message: string } | null {
  const g = state.game;
  if (state.winner !== null || g.phase === 'over') return { code: 'ERR_PHASE', message: 'the game is over' };
  if (actorOf(g) !== asker)
    return { code: 'ERR_PHASE', message: 'hints are for your own decisions: wait for your turn' };
  const decides = g.phase === 'move' || g.phase === 'doubled' || (g.phase === 'roll' && doubleRefusal(g) === null);
  if (!decides) {
    const message =
      g.phase === 'roll'
        ? 'there is nothing to decide before this roll: you may not double'
        : 'hints cover plays, doubles and takes';
    return { code: 'ERR_PHASE', message };
  }
  const { player, inexact } = playerFor(rulesOf(g.settings));
  if (inexact !== null)
    return { code: 'ERR_HINT_RULES', message: `no hint for these rules: ${player.name} ${inexact}` };
  return null;
}

/**
 * The hint for `asker`'s decision now in `state`: loads the net of the game's player on first
 * use (the committed weights), then searches synchronously (tens to hundreds of milliseconds).
 */
export async function hintOf(state: MatchState, asker: Player, options: HintOptions = {}): Promise<Result<Hint>> {
  const refused = whyNoHint(state, asker);
  if (refused !== null) return err(refused.code, refused.message);
  const rules = rulesOf(state.game.settings);
  const { player } = playerFor(rules);
  if (player.values?.game === 'backgammon') {
    const ev = await trainedBackgammonEvaluator();
    return ok(backgammonHint(ev, player.name, state, asker, rules, options));
  }
  const net = await committedGameNet(rules.game);
  if (net === null) return err('ERR_HINT_RULES', `no committed net for ${rules.game}`);
  return ok(gameNetHint(gameSearchOf(net, rules), player.name, state, rules, options));
}

function backgammonHint(
  ev: Evaluator,
  bot: string,
  state: MatchState,
  asker: Player,
  rules: Rules,
  options: HintOptions,
): Hint {
  const g = state.game;
  if (g.phase === 'move') {
    const dice = g.dice as Dice;
    const search = backgammonSearchOf(ev, rules);
    const plays = rules.legalPlays(g.position, dice);
    const root = search.evaluator.expansion();
    const n = search.evaluator.expand(g.position.board, dice[0], dice[1], root);
    const depth = clampDepth(options.plies ?? HINT_DEFAULTS.plies, 2);
    const stages = searchStages(search, search.rank(root, n), depth, BACKGAMMON_FILTERS);
    // The fast generator's plays are the engine's; each is found by the board it leaves.
    const byBoard = new Map(plays.map((p) => [boardKey(p.next.board), p]));
    const ctx = contextOf(state, asker);
    const value = (r: SearchedPlay<Int8Array>) => toEquity(ctx, cubefulValue(r.probs, ctx, cubeLife(r.next)));
    return playsHint(bot, g.position, dice, rules, plays, stages, value, (r) => byBoard.get(boardKey(r.next)), {
      cubeful: ctx.enabled,
      max: options.maxPlays ?? HINT_DEFAULTS.maxPlays,
    });
  }
  return cubeHint(ev, bot, state, options.cubePlies ?? HINT_DEFAULTS.cubePlies);
}

function gameNetHint(s: GameNetSearcher, bot: string, state: MatchState, rules: Rules, options: HintOptions): Hint {
  const g = state.game;
  const dice = g.dice as Dice;
  const plays = rules.legalPlays(g.position, dice);
  const root = s.evaluator.expansion();
  const n = s.evaluator.expandPlays(plays, root);
  const depth = clampDepth(options.gamePlies ?? HINT_DEFAULTS.gamePlies, 1);
  const { candidates, window } = GAME_NET_LEVELS.master;
  const stages = searchStages(s.search, s.search.rank(root, n), depth, [{ count: candidates, width: window }]);
  return playsHint(
    bot,
    g.position,
    dice,
    rules,
    plays,
    stages,
    (r) => equityOf(r.probs),
    (r) => plays[r.index],
    {
      cubeful: false,
      max: options.maxPlays ?? HINT_DEFAULTS.maxPlays,
    },
  );
}

/** The ranked plays as a hint lists them (searchers.ts ranks them). */
function playsHint<P>(
  bot: string,
  pos: Position,
  dice: Dice,
  rules: Rules,
  plays: readonly Play[],
  stages: readonly SearchedPlay<P>[][],
  value: (r: SearchedPlay<P>) => number,
  playOf: (r: SearchedPlay<P>) => Play | undefined,
  opts: { cubeful: boolean; max: number },
): PlaysHint {
  const ranking = rankStages(stages, value, playOf);
  const positions = positionsAfter(rules, pos, dice);
  return {
    kind: 'plays',
    bot,
    plies: ranking.plies,
    dice,
    plays: ranking.plays.slice(0, opts.max).map(({ r, play, loss }) => ({
      play: formatPlay(play.steps),
      position: positions(play),
      equity: ranking.top - loss,
      loss,
      plies: r.plies,
    })),
    legal: plays.length,
    cubeful: opts.cubeful,
  };
}

/** The cube decision of the player on roll (whether to double) or of the player doubled (how to answer). */
function cubeHint(ev: Evaluator, bot: string, state: MatchState, cubePlies: number): CubeHint {
  const g = state.game;
  // The doubler is on roll in both phases; the decision is his context's.
  const doubler = g.turn;
  const ctx: CubeContext = contextOf(state, doubler);
  const d = createCubeSearch(ev).decide(g.position.board, ctx, clampDepth(cubePlies, 1));
  const equities = { noDouble: d.noDouble, doubleTake: d.doubleTake, doubleDrop: d.doubleDrop };
  const ranked = (choices: { action: CubeAction; equity: number }[]) => {
    const sorted = choices.sort((a, b) => b.equity - a.equity);
    const top = (sorted[0] as { equity: number }).equity;
    return sorted.map((c) => ({ ...c, loss: top - c.equity }));
  };
  if (g.phase === 'roll') {
    const proper: ProperCubeAction = d.double
      ? d.take
        ? 'double-take'
        : 'double-drop'
      : d.take
        ? 'no-double'
        : 'too-good';
    const choices = ranked([
      { action: 'no-double', equity: d.noDouble },
      { action: 'double', equity: Math.min(d.doubleTake, d.doubleDrop) },
    ]);
    return { kind: 'cube', bot, plies: d.plies, decision: 'double', proper, equities, choices };
  }
  // The taker: his equity is minus the doubler's. A beaver keeps the cube he would own at
  // twice its value, so (money play, no cube limit in the way) it doubles his take's equity.
  const beaver = ctx.match === null && ctx.beaver && 4 * g.cube.value <= ctx.limit;
  const options: { action: CubeAction; equity: number }[] = [
    { action: 'take', equity: -d.doubleTake },
    { action: 'drop', equity: -d.doubleDrop },
  ];
  if (beaver) options.push({ action: 'beaver', equity: -2 * d.doubleTake });
  const choices = ranked(options);
  const proper = (choices[0] as { action: 'take' | 'drop' | 'beaver' }).action;
  return { kind: 'cube', bot, plies: d.plies, decision: 'take', proper, equities, choices };
}
