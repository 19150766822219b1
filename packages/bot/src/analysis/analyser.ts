import { err, ok, type Result, type Rules } from '@zar/engine';
import { type MatchRecord, type MatchState, type Player, replay, rulesOf } from '@zar/match';
import { whyNotAnalysable } from '../players.js';
import { backgammonJudge } from './backgammon-judge.js';
import type { AnalysisOptions, DecisionAnalysis, MatchAnalysis, PlayerReport } from './decisions.js';
import { gameNetJudge } from './game-net-judge.js';
import { type Judge, type JudgeDepth, type Judges, judgeNetOf, missingJudge } from './judge.js';
import type { RollLuck } from './luck.js';
import { errorRate, type Mark, performanceRating } from './marks.js';

/** What one action of a record adds to its match's analysis. */
export interface ActionAnalysis {
  /** The decision it made, when it made one worth judging. */
  readonly decision: DecisionAnalysis | null;
  /** The luck of the dice it threw, when it threw any. */
  readonly luck: RollLuck | null;
}

/**
 * A match's analysis made an action at a time, so that a caller can spread it over small jobs
 * (each step is one decision: milliseconds, up to a few hundred for a 2-ply backgammon move).
 */
export interface MatchAnalyser {
  /** The actions of the record. */
  readonly total: number;
  /** The actions analysed so far. */
  readonly done: number;
  /** Analyses the next action; null once every action is. */
  step(): ActionAnalysis | null;
  /** The analysis of the actions analysed so far: the match's, once `done` is `total`. */
  finish(): MatchAnalysis;
}

/** The options' depths with their defaults. */
export function depthOf(options: AnalysisOptions): JudgeDepth {
  return {
    plies: options.plies ?? 1,
    cubePlies: options.cubePlies ?? 1,
    keep: options.alternatives ?? 3,
    closeCube: options.closeCube ?? 0.16,
  };
}

/**
 * An analyser of `record` (finished or not) with `judges`: refused with ERR_ANALYSIS_GAME and
 * the reason when players.ts says its rules cannot be analysed (any game of its cycle) or when
 * the net a game of the cycle needs is not among `judges`. Each action is judged by its own
 * game's judge (judge.ts). `done`: the first actions' analyses, made before (a queue keeps
 * them between jobs); the analyser goes on after them.
 */
export function createMatchAnalyser(
  record: MatchRecord,
  judges: Judges,
  options: AnalysisOptions = {},
  done: readonly ActionAnalysis[] = [],
): Result<MatchAnalyser> {
  if (done.length > record.actions.length) {
    throw new RangeError(`${done.length} actions analysed, but the record has ${record.actions.length}`);
  }
  const refused = whyNotAnalysable(record.settings);
  if (refused !== null) return err('ERR_ANALYSIS_GAME', refused);
  for (const choice of record.settings.cycle) {
    const missing = missingJudge(judges, rulesOf(choice));
    if (missing !== null) return err('ERR_ANALYSIS_GAME', missing);
  }
  const r = replay(record);
  if (!r.ok) return r;
  const states = r.value.states;
  const depth = depthOf(options);
  const judgeOf = judgesByRules(judges);
  const actions: ActionAnalysis[] = [...done];
  return ok({
    total: record.actions.length,
    get done() {
      return actions.length;
    },
    step() {
      const i = actions.length;
      const action = record.actions[i];
      if (action === undefined) return null;
      const state = states[i] as MatchState;
      const judge = judgeOf(rulesOf(state.game.settings));
      const luck = judge.luck(state, action);
      const decision =
        action.type === 'play' ? judge.move(state, action, i, depth) : judge.cube(state, action, i, depth);
      const made: ActionAnalysis = { decision, luck };
      actions.push(made);
      return made;
    },
    finish: () => matchReport(record, depth, actions),
  });
}

/** Each rules' judge, made on first use (a judge holds the scratch of its searches). */
function judgesByRules(judges: Judges): (rules: Rules) => Judge {
  const made = new Map<Rules, Judge>();
  let backgammon: ((rules: Rules) => Judge) | null = null;
  return (rules) => {
    let judge = made.get(rules);
    if (judge !== undefined) return judge;
    const net = judgeNetOf(rules);
    if (net === 'backgammon') {
      if (judges.backgammon === undefined) throw new Error('no backgammon judge: createMatchAnalyser checks');
      backgammon ??= backgammonJudge(judges.backgammon);
      judge = backgammon(rules);
    } else {
      const gameNet = judges.nets?.[net];
      if (gameNet === undefined) throw new Error(`no ${net} judge: createMatchAnalyser checks`);
      judge = gameNetJudge(gameNet, rules);
    }
    made.set(rules, judge);
    return judge;
  };
}

/**
 * The analysis of a match from what its actions added, in the record's order (any prefix of
 * them): each player's decisions, equity lost, error rate, PR, marks and luck.
 */
export function matchReport(
  record: MatchRecord,
  depth: Pick<JudgeDepth, 'plies' | 'cubePlies'>,
  actions: readonly ActionAnalysis[],
): MatchAnalysis {
  const decisions: DecisionAnalysis[] = [];
  const luck = [0, 0];
  for (const a of actions) {
    if (a.luck) luck[a.luck.player] = (luck[a.luck.player] as number) + a.luck.luck;
    if (a.decision) decisions.push(a.decision);
  }
  const report = (p: Player): PlayerReport => {
    const mine = decisions.filter((d) => d.player === p);
    const lost = mine.reduce((s, d) => s + d.loss, 0);
    const count = (m: Mark) => mine.filter((d) => d.mark === m).length;
    return {
      name: record.players[p],
      decisions: mine.length,
      moves: mine.filter((d) => d.kind === 'move').length,
      cubeDecisions: mine.filter((d) => d.kind === 'cube').length,
      equityLost: lost,
      errorRate: errorRate(lost, mine.length),
      pr: performanceRating(lost, mine.length),
      marks: { doubtful: count('doubtful'), error: count('error'), blunder: count('blunder') },
      luck: luck[p] as number,
    };
  };
  return {
    length: record.settings.length,
    plies: depth.plies,
    cubePlies: depth.cubePlies,
    players: [report(0), report(1)],
    decisions,
  };
}
