import { type Dice, type GameId, makeZarPosition, ok, type Result } from '@zar/engine';
import { type MatchRecord, type MatchState, other, replay, rulesOf } from '@zar/match';
import type { CubeAnalysis, MoveAnalysis } from '../analysis/analyse-match.js';
import { MARK_THRESHOLDS_BY_GAME } from '../analysis/marks.js';
import { type Puzzle, type PuzzleAnswer, type PuzzleContext, type PuzzleKind, puzzleId } from './puzzle.js';
import { answerThemes, cubeThemes } from './themes.js';

/**
 * How much better, in normalised equity, the best choice must be than the second for a
 * decision of `game` to make a puzzle: the game's "error" mark (marks.ts; 0.08 in backgammon,
 * gnubg's). Taking the second-best is then an error by the analysis' own marks, a gap several
 * times what a deeper search usually moves a 1-ply ranking by, so the answer does not hang on
 * the depth (docs/puzzles.md).
 */
export function puzzleMargin(game: GameId): number {
  return MARK_THRESHOLDS_BY_GAME[game].error;
}

/** What selection reads of an analysed move (analysis/analyse-match.ts). */
export type AnalysedMove = Pick<
  MoveAnalysis,
  'kind' | 'action' | 'player' | 'loss' | 'dice' | 'played' | 'alternatives' | 'equityPlayed'
>;
/** What selection reads of an analysed cube decision. */
export type AnalysedCube = Pick<CubeAnalysis, 'kind' | 'action' | 'player' | 'loss' | 'chosen' | 'equities'>;

/**
 * The puzzles of an analysed match: every decision where the best choice beats the second by
 * the game's margin (puzzleMargin, unless `margin` is given) and the player chose worse than
 * the best. Plays of every game, and the cube decisions of games with a cube (to double or
 * not; to take, drop or beaver). `match` names the match in each puzzle's source. The record is replayed to read each decision's position,
 * dice, rules and score, so any analysis of it serves.
 */
export function selectPuzzles(
  record: MatchRecord,
  analysis: { readonly decisions: readonly (AnalysedMove | AnalysedCube)[] },
  match: string,
  margin?: number,
): Result<Puzzle[]> {
  const r = replay(record);
  if (!r.ok) return r;
  const puzzles: Puzzle[] = [];
  for (const d of analysis.decisions) {
    const state = r.value.states[d.action];
    if (state === undefined || d.loss <= 0) continue;
    const least = margin ?? puzzleMargin(state.game.position.game);
    const found = d.kind === 'move' ? playPuzzle(state, d, least) : cubePuzzle(state, d, least);
    if (found === null) continue;
    const { kind, dice, answers, themes } = found;
    const g = state.game;
    const base = {
      game: g.position.game,
      options: g.settings.options,
      position: makeZarPosition(g.position),
      dice,
      kind,
      context: contextOf(state),
    };
    const chose = d.kind === 'move' ? d.played : d.chosen;
    const source = { match, action: d.action, player: record.players[d.player], chose };
    puzzles.push({ id: puzzleId(base), ...base, answers, themes, source });
  }
  return ok(puzzles);
}

/** Whether the best answer beats the second by the margin. */
function clearlyBest(answers: readonly PuzzleAnswer[], margin: number): boolean {
  const [best, second] = answers;
  return best !== undefined && second !== undefined && best.equity - second.equity >= margin;
}

type Found = Pick<Puzzle, 'kind' | 'dice' | 'answers' | 'themes'>;

function playPuzzle(state: MatchState, d: AnalysedMove, margin: number): Found | null {
  const answers = d.alternatives.map((a) => ({ answer: a.play, equity: a.equity }));
  if (!answers.some((a) => a.answer === d.played)) answers.push({ answer: d.played, equity: d.equityPlayed });
  // Checked with the player's play among the answers: a play the search's filter left out is
  // valued apart, and may come out second after all.
  if (!clearlyBest(rankAnswers(answers), margin)) return null;
  const rules = rulesOf(state.game.settings);
  // Every answer names a legal play (the analysis formats them from the generator's).
  const themes = answerThemes(rules, state.game.position, d.dice, answers);
  if (themes === null) return null;
  const dice: Dice = [d.dice[0], d.dice[1]];
  return { kind: 'play', dice, answers, themes };
}

function cubePuzzle(state: MatchState, d: AnalysedCube, margin: number): Found | null {
  const g = state.game;
  const e = d.equities;
  let kind: PuzzleKind;
  let answers: PuzzleAnswer[];
  if (d.chosen === 'double' || d.chosen === 'no-double') {
    kind = 'double';
    answers = [
      { answer: 'no-double', equity: e.noDouble },
      // The opponent answers a double as suits him: the doubler gets the lesser of the two.
      { answer: 'double', equity: Math.min(e.doubleTake, e.doubleDrop) },
    ];
  } else {
    // The taker's equities are minus the doubler's; a beaver doubles the take's.
    kind = 'take';
    answers = [
      { answer: 'take', equity: -e.doubleTake },
      { answer: 'drop', equity: -e.doubleDrop },
    ];
    if (g.settings.cube.beaver) answers.push({ answer: 'beaver', equity: -2 * e.doubleTake });
  }
  answers = rankAnswers(answers);
  if (!clearlyBest(answers, margin) || answers[0]?.answer === d.chosen) return null;
  return { kind, dice: null, answers, themes: cubeThemes(rulesOf(g.settings), g.position) };
}

/** Best first; equal equities keep their order. */
function rankAnswers(answers: PuzzleAnswer[]): PuzzleAnswer[] {
  return answers.sort((a, b) => b.equity - a.equity);
}

/** The score and cube from the seat of the side on roll (in a take puzzle, the doubler). */
function contextOf(state: MatchState): PuzzleContext {
  const g = state.game;
  const me = g.turn;
  const owner = g.cube.owner === null ? null : g.cube.owner === me ? 'onRoll' : 'opponent';
  return {
    length: state.settings.length,
    score: [state.score[me], state.score[other(me)]],
    cube: g.cube.value,
    owner,
    crawford: g.settings.crawford,
  };
}
