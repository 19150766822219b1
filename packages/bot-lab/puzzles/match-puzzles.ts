import {
  analyseMatch,
  baselineAgent,
  baselineLevelOf,
  type Level,
  loadJudges,
  matchAgent,
  type Puzzle,
  selectPuzzles,
} from '@zar/bot';
import {
  type Agent,
  type GameAction,
  type MatchRecord,
  newMatch,
  parseMatchSettings,
  seededDice,
  step,
} from '@zar/match';

/** A seat: Zar's net for the game, or the baseline heuristic bot (which errs as a novice does), at a level. */
export interface Seat {
  readonly bot: 'net' | 'baseline';
  readonly level: Level;
}

/** One match of the starting set: its game, length, the two seats and its seeds. */
export interface MatchSpec {
  readonly game: string;
  readonly length: number;
  readonly seats: readonly [Seat, Seat];
  /** The bots' noise; the dice are seeded by `name`. */
  readonly seed: number;
  /** Names the match in each puzzle's source, and its file in the work folder. */
  readonly name: string;
}

/** A match that has not ended after this many actions is cut there (bots never stall, but a bound is cheap). */
const MAX_ACTIONS = 6000;

const agentOf = (seat: Seat, seed: number): Agent =>
  seat.bot === 'net' ? matchAgent(seat.level, seed) : baselineAgent(baselineLevelOf(seat.level), seed);

export const seatName = (seat: Seat): string => `${seat.bot} ${seat.level}`;

/** The record of a seeded match between two bot levels. */
export async function playBotMatch(spec: MatchSpec): Promise<MatchRecord> {
  const settings = parseMatchSettings({ length: spec.length, cycle: [{ game: spec.game }] });
  if (!settings.ok) throw new Error(settings.error.message);
  let match = newMatch(settings.value);
  const agents = [agentOf(spec.seats[0], spec.seed), agentOf(spec.seats[1], spec.seed + 1)] as const;
  const dice = seededDice(spec.name);
  const actions: GameAction[] = [];
  for (let i = 0; i < MAX_ACTIONS && match.winner === null; i++) {
    const r = await step(match, agents, dice);
    if (!r.ok) throw new Error(`${spec.name}, action ${i}: ${r.error.message}`);
    match = r.value.match;
    actions.push(r.value.action);
  }
  const players: [string, string] = [seatName(spec.seats[0]), seatName(spec.seats[1])];
  return { version: 1, settings: settings.value, players, dice: { source: 'seeded', seed: spec.name }, actions };
}

/** Plays the match, analyses it (1-ply, five best plays kept per move) and cuts its puzzles. */
export async function puzzlesOfMatch(spec: MatchSpec): Promise<Puzzle[]> {
  const record = await playBotMatch(spec);
  const analysis = analyseMatch(record, await loadJudges(record.settings), { alternatives: 5 });
  if (!analysis.ok) throw new Error(`${spec.name}: ${analysis.error.message}`);
  const puzzles = selectPuzzles(record, analysis.value, spec.name);
  if (!puzzles.ok) throw new Error(`${spec.name}: ${puzzles.error.message}`);
  return puzzles.value;
}
