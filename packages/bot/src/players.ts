import {
  type GameId,
  type GameOptions,
  LATER_GAMES_VALUES,
  OPENING_ROLL_VALUES,
  type OptionValues,
  type Rules,
  rulesFor,
  type Scoring,
} from '@zar/engine';
import type { Agent, MatchSettings } from '@zar/match';
import { rulesOf } from '@zar/match';
import { neuralAgent } from './backgammon-net/agent.js';
import { trainedBackgammonEvaluator } from './backgammon-net/trained.js';
import { gameNetAgentFrom } from './game-net/agent.js';
import { committedGameNet } from './game-net/load.js';
import type { Level } from './levels.js';
import type { NoiseSeed } from './random.js';

/*
 * The one table of the bot's players: what each plays, which rules it values exactly, and
 * which it analyses. A player is chosen by the rules of the game (its game and options), not
 * by the game's name: a tabla game is backgammon with a backgammon worth 2 and no cube, and a
 * net trained on long nardy's default block rule does not value the lenient one exactly.
 */

/** Makes a player's agent at a level, once its weights are loaded. */
export type AgentMaker = (level: Level, seed: NoiseSeed) => Agent;

/** What a player's values assume of a game's rules, for one game. */
interface ValuationOf<G extends GameId> {
  readonly game: G;
  /**
   * The scoring its equities are in: 'rules' when it weighs its win, gammon and backgammon
   * chances by the rules' own scoring (any `Scoring`); else the one scoring it was trained on.
   */
  readonly scoring: 'rules' | Scoring;
  /** Whether it makes cube decisions from its values (a player without can value only games without a cube). */
  readonly cube: boolean;
  /**
   * For every option of the game, the values under which its values hold: all of an option's
   * values where the option does not change what a position is worth (who starts the next
   * game) or where the player follows it (the scoring, the cube); else those it was trained
   * with. A new option of a game does not compile until each of its rows says.
   */
  readonly options: OptionValues<GameOptions[G]>;
}

/** What a player values exactly, for whichever game it plays. */
export type Valuation = { readonly [G in GameId]: ValuationOf<G> }[GameId];

export interface BotPlayer {
  readonly id: string;
  /** How messages name it. */
  readonly name: string;
  /** The rules it values exactly; null: none (the baseline bot scores positions by a heuristic, not in equity). */
  readonly values: Valuation | null;
  /** Whether it analyses matches of the rules it values exactly. */
  readonly analyses: boolean;
  /** Loads its weights, once, on first use (they are big and most processes never need them); null: it needs none. */
  readonly load: (() => Promise<AgentMaker>) | null;
}

/** Both values of a flag, for options a player follows whichever way they are set. */
const EITHER: readonly boolean[] = [true, false];

const gameNet = (game: GameId) => async (): Promise<AgentMaker> => {
  const net = await committedGameNet(game);
  if (net === null) throw new Error(`no committed net for ${game}`);
  return (level, seed) => gameNetAgentFrom(net, level, seed);
};

/*
 * The game nets value their game as they were trained: on its default options (the lab's
 * rulesFor(game)), its own scoring, no cube. Their equities are the standard formula of their
 * outputs: no outcome of theirs is worth 3, so their backgammon outputs were trained towards 0
 * (below 0.001 on self-play positions).
 */
const gameNetScoring = (game: GameId): Scoring => rulesFor(game).scoring;

/**
 * Every net, in the order `playerFor` looks: the first that values a game's rules exactly plays
 * it, else the first of its game; the baseline bot (below) is the last resort.
 */
export const PLAYERS: readonly BotPlayer[] = [
  {
    id: 'backgammon-net',
    name: 'the backgammon net',
    // Its five outputs weighed by the rules' scoring (as gnubg weighs its nets' by gammon
    // prices); the cube through the cube context; tabla's rules change nothing else.
    values: {
      game: 'backgammon',
      scoring: 'rules',
      cube: true,
      options: {
        triple: ['standard', 'none'],
        cube: EITHER,
        openingRoll: OPENING_ROLL_VALUES,
        laterGames: LATER_GAMES_VALUES,
      },
    },
    analyses: true,
    load: async () => {
      const ev = await trainedBackgammonEvaluator();
      return (level, seed) => neuralAgent(ev, level, seed);
    },
  },
  {
    id: 'long-nardy-net',
    name: 'the long-nardy net',
    values: {
      game: 'long-nardy',
      scoring: gameNetScoring('long-nardy'),
      cube: false,
      options: { blockCheck: ['every-step'], openingRoll: OPENING_ROLL_VALUES, laterGames: LATER_GAMES_VALUES },
    },
    analyses: true,
    load: gameNet('long-nardy'),
  },
  {
    id: 'plakoto-net',
    name: 'the plakoto net',
    values: {
      game: 'plakoto',
      scoring: gameNetScoring('plakoto'),
      cube: false,
      // Street rules (a pinned mother always loses 2) end games the net saw go on. Both mothers
      // pinned is worth 0 whether the game counts nothing or is played again.
      options: {
        motherException: [true],
        draw: ['counts-nothing', 'replay'],
        openingRoll: OPENING_ROLL_VALUES,
        laterGames: LATER_GAMES_VALUES,
      },
    },
    analyses: true,
    load: gameNet('plakoto'),
  },
  {
    id: 'fevga-net',
    name: 'the fevga net',
    values: {
      game: 'fevga',
      scoring: gameNetScoring('fevga'),
      cube: false,
      options: {
        prime: ['must-open'],
        restrictionCheck: ['every-step'],
        openingRoll: OPENING_ROLL_VALUES,
        laterGames: LATER_GAMES_VALUES,
      },
    },
    analyses: true,
    load: gameNet('fevga'),
  },
  {
    id: 'gul-bara-net',
    name: 'the gul bara net',
    values: {
      game: 'gul-bara',
      scoring: gameNetScoring('gul-bara'),
      cube: false,
      options: {
        normalDoublesTurns: [3],
        normalDoublesScope: ['per-player'],
        remainder: ['lose'],
        openingRoll: OPENING_ROLL_VALUES,
        laterGames: LATER_GAMES_VALUES,
      },
    },
    analyses: true,
    load: gameNet('gul-bara'),
  },
];

/** Plays every game through `Rules`, at the nearest of its levels; values none in equity. */
export const BASELINE_PLAYER: BotPlayer = {
  id: 'baseline',
  name: 'the baseline bot',
  values: null,
  analyses: false,
  load: null,
};

const scoringText = (s: Scoring): string => `a single ${s.single}, a gammon ${s.gammon}, a backgammon ${s.backgammon}`;

/** Why `v` does not value `rules` exactly, or null when it does. */
export function inexactness(v: Valuation, rules: Rules): string | null {
  if (v.game !== rules.game) return `plays ${v.game}, not ${rules.game}`;
  const s = rules.scoring;
  if (
    v.scoring !== 'rules' &&
    (v.scoring.single !== s.single || v.scoring.gammon !== s.gammon || v.scoring.backgammon !== s.backgammon)
  ) {
    return `counts ${scoringText(v.scoring)}; these rules count ${scoringText(s)}`;
  }
  if (rules.hasCube && !v.cube) return 'makes no cube decisions, and these rules have a cube';
  // The row's option names are its game's own (typed by GameOptions), so the rules of that game have them.
  const options = rules.options as Readonly<Record<string, unknown>>;
  for (const [name, values] of Object.entries(v.options) as [string, readonly unknown[]][]) {
    const value = options[name];
    if (!values.includes(value)) {
      const trained = values.map((x) => JSON.stringify(x)).join(' or ');
      return `was trained with ${name} ${trained}, not ${JSON.stringify(value)}`;
    }
  }
  return null;
}

/** The player for a game's rules, and whether it values them exactly (why not, when it does not). */
export interface PlayerChoice {
  readonly player: BotPlayer;
  /** null when `player` values the rules exactly. */
  readonly inexact: string | null;
}

/**
 * The player of a game under `rules`: the first of the table that values them exactly; else
 * the first that plays their game (the nearest: a game net trained on the default options
 * playing another preset); else the baseline bot.
 */
export function playerFor(rules: Rules): PlayerChoice {
  let nearest: PlayerChoice | null = null;
  for (const player of PLAYERS) {
    if (player.values === null || player.values.game !== rules.game) continue;
    const inexact = inexactness(player.values, rules);
    if (inexact === null) return { player, inexact };
    nearest ??= { player, inexact };
  }
  return (
    nearest ?? {
      player: BASELINE_PLAYER,
      inexact: `values no position in equity (no net of Zar's plays ${rules.game})`,
    }
  );
}

/**
 * Why matches with these settings cannot be analysed, from the table, or null when they can:
 * every game of the cycle must be valued exactly by a player that analyses.
 */
export function whyNotAnalysable(settings: Pick<MatchSettings, 'cycle'>): string | null {
  const analysers = PLAYERS.filter((p) => p.analyses).map((p) => p.name);
  for (const choice of settings.cycle) {
    const rules = rulesOf(choice);
    const { player, inexact } = playerFor(rules);
    if (inexact !== null) return `${rules.game} with these options cannot be analysed: ${player.name} ${inexact}`;
    if (!player.analyses) {
      return `${rules.game} cannot be analysed yet: ${player.name} does not analyse matches (${analysers.join(', ')} does)`;
    }
  }
  return null;
}

/** Whether matches with these settings can be analysed (`whyNotAnalysable` says why not). */
export function analysable(settings: Pick<MatchSettings, 'cycle'>): boolean {
  return whyNotAnalysable(settings) === null;
}
