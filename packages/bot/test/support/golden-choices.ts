import {
  type Dice,
  formatPlay,
  type GameId,
  makeZarPosition,
  type Position,
  parseZarPosition,
  rulesFor,
} from '@zar/engine';
import {
  type Agent,
  actorOf,
  type Decision,
  type GameAction,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
  rulesOf,
  seededDice,
  toAction,
} from '@zar/match';
import {
  agentFor,
  committedGameNet,
  createNeuralBot,
  GAME_NET_GAMES,
  gameNetAgentFrom,
  isLevel,
  LEVEL_NAMES,
  type Level,
  neuralAgent,
  trainedBackgammonEvaluator,
} from '../../src/index.js';

/**
 * What the golden "same choices" test compares (test/golden-choices.test.ts): the plays the
 * committed weights choose, at every level, on positions drawn once from seeded self-play and
 * kept in test/fixtures/golden-choices.json. Written by test/support/write-golden-choices.ts;
 * only the public API (src/index.ts) is used, so that the code behind it may be rearranged
 * freely while the choices stay the same.
 */

/** A position with its roll, as the fixture keeps it (Zar's text form, from the side on roll). */
export interface GoldenCase {
  readonly position: string;
  readonly dice: readonly [number, number];
}

/** The choices of one game: per way of choosing, one answer per case (the first `n` cases only for the slow ones). */
export interface GoldenGame {
  readonly game: GameId;
  readonly cases: readonly GoldenCase[];
  readonly choices: Record<string, readonly string[]>;
}

export const GOLDEN_GAMES: readonly GameId[] = ['backgammon', ...GAME_NET_GAMES];

/** Cases per game, and how many of them the slowest ways of choosing answer. */
export const CASES: Record<string, number> = { backgammon: 150 };
export const GAME_NET_CASES = 80;
/** Backgammon master searches 2-ply; game nets' master 1-ply over 6 candidates. */
export const MASTER_CASES: Record<string, number> = { backgammon: 8 };
export const GAME_NET_MASTER_CASES = 25;
/** Backgammon's cube decisions (1-ply at expert) on this many cases. */
export const CUBE_CASES = 40;

const AGENT_SEED = 7;

/** Positions where the mover has two or more plays, every other one of seeded self-play between beginners. */
export async function collectCases(game: GameId, count: number, seed: number): Promise<GoldenCase[]> {
  const cases: GoldenCase[] = [];
  let seen = 0;
  for (let m = 0; cases.length < count; m++) {
    const settings = parseMatchSettings({ length: 1, cycle: [{ game }] });
    if (!settings.ok) throw new Error(settings.error.message);
    let match: MatchState = newMatch(settings.value);
    const dice = seededDice(`golden-${game}-${seed}-${m}`);
    const players = [
      agentFor(rulesFor(game), 'beginner', seed + 2 * m),
      agentFor(rulesFor(game), 'beginner', seed + 2 * m + 1),
    ] as const;
    for (let i = 0; i < 5000 && match.winner === null && cases.length < count; i++) {
      const g = match.game;
      const actor = actorOf(g);
      if (g.phase === 'move' && g.dice && rulesOf(g.settings).legalPlays(g.position, g.dice).length >= 2) {
        if (seen++ % 2 === 0) cases.push({ position: makeZarPosition(g.position), dice: [g.dice[0], g.dice[1]] });
      }
      let action: GameAction;
      if (actor === null) action = { type: 'opening', dice: dice.openingRoll() };
      else action = toAction(await players[actor].decide(match, actor), actor, dice);
      const r = matchReducer(match, action);
      if (!r.ok) throw new Error(`${game} self-play: ${r.error.code} ${r.error.message}`);
      match = r.value;
    }
  }
  return cases;
}

function positionOf(c: GoldenCase): Position {
  const p = parseZarPosition(c.position);
  if (!p.ok) throw new Error(`${c.position}: ${p.error.message}`);
  return p.value;
}

/** The match state of a case: player 0 on roll in phase `phase`, money play with beavers. */
function stateOf(game: GameId, c: GoldenCase, phase: 'move' | 'roll' | 'doubled'): MatchState {
  const settings = parseMatchSettings(
    game === 'backgammon' ? { length: 0, beaver: true } : { length: 1, cycle: [{ game }] },
  );
  if (!settings.ok) throw new Error(settings.error.message);
  const base = newMatch(settings.value);
  const dice: Dice | null = phase === 'move' ? [c.dice[0], c.dice[1]] : null;
  return {
    ...base,
    game: { ...base.game, phase, turn: 0, position: positionOf(c), dice, stake: phase === 'doubled' ? 1 : 0 },
  };
}

const text = (d: Decision): string => (d.type === 'play' ? `play ${d.play}` : d.type);

/** One agent's answers to the first `n` cases in `phase`, asked in order (a noisy level's stream runs on). */
async function answers(
  agent: Agent,
  game: GameId,
  cases: readonly GoldenCase[],
  n: number,
  phase: 'move' | 'roll' | 'doubled',
): Promise<string[]> {
  const out: string[] = [];
  // In 'doubled' player 0 has doubled and player 1 answers.
  const me = phase === 'doubled' ? 1 : 0;
  for (const c of cases.slice(0, n)) out.push(text(await agent.decide(stateOf(game, c, phase), me)));
  return out;
}

/** The ways of choosing of `game` that the fixture keeps, in its order. */
export function waysOf(game: GameId): string[] {
  const extra = game === 'backgammon' ? ['0-ply', 'cube expert', 'take expert', 'cube club'] : ['0-ply'];
  return [...LEVEL_NAMES, ...extra];
}

/** What one way of choosing of `game` answers on `cases` (each way with an agent of its own). */
export async function choiceOf(game: GameId, way: string, cases: readonly GoldenCase[]): Promise<string[]> {
  const all = cases.length;
  if (isLevel(way)) {
    const n = way === 'master' ? (MASTER_CASES[game] ?? GAME_NET_MASTER_CASES) : all;
    return answers(agentFor(rulesFor(game), way, AGENT_SEED), game, cases, n, 'move');
  }
  if (game === 'backgammon') {
    const ev = await trainedBackgammonEvaluator();
    if (way === '0-ply') {
      const bot = createNeuralBot(ev, { plies: 0, cubePlies: 0, noise: 0 });
      return cases.map((c) => {
        const play = bot.choosePlay(positionOf(c), [c.dice[0], c.dice[1]]);
        return play ? `play ${formatPlay(play.steps)}` : 'play ';
      });
    }
    const [question, level] = way.split(' ') as [string, Level];
    return answers(
      neuralAgent(ev, level, AGENT_SEED),
      game,
      cases,
      CUBE_CASES,
      question === 'take' ? 'doubled' : 'roll',
    );
  }
  const net = await committedGameNet(game);
  if (net === null) throw new Error(`no committed net for ${game}`);
  const zero = gameNetAgentFrom(net, { plies: 0, candidates: 1, window: 0, noise: 0 }, AGENT_SEED);
  return answers(zero, game, cases, all, 'move');
}

/** Every way of choosing of `game` that the fixture keeps, on `cases`. */
export async function choicesOf(game: GameId, cases: readonly GoldenCase[]): Promise<Record<string, string[]>> {
  const choices: Record<string, string[]> = {};
  for (const way of waysOf(game)) choices[way] = await choiceOf(game, way, cases);
  return choices;
}
