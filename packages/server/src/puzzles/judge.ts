import type { Puzzle, PuzzleTheme } from '@zar/bot';
import { createRules, err, formatPlay, matchPlay, ok, parseZarPosition, type Result, samePosition } from '@zar/engine';
import type { PuzzleThemeName, PuzzleView } from '@zar/protocol';
import type { PuzzleRow } from '../store/types.js';

// The protocol's themes and the bot's are one list: a theme either side lacks fails here.
const sameThemes: [PuzzleTheme, PuzzleThemeName] extends [PuzzleThemeName, PuzzleTheme] ? true : never = true;
void sameThemes;

/** The cube's choices in the order a page lists them (not the ranking, which would tell the answer). */
const CUBE_ORDER = ['no-double', 'double', 'take', 'drop', 'beaver'];

/** An answer judged: which ranked answer it is (-1: a legal play the bot did not rank) and its text as ranked. */
export interface Judged {
  readonly rank: number;
  readonly answer: string;
}

export type JudgeResult = Result<Judged, 'ERR_PUZZLE_ANSWER'>;

const notAnswer = (message: string): JudgeResult => err('ERR_PUZZLE_ANSWER', message);

/**
 * Which of the puzzle's ranked answers `text` is. A cube puzzle's answer is one of its choices
 * by name. A play is read against the legal plays of the dice (engine matchPlay, so '8/2 6/2'
 * and '6/2 8/2' are one play) and found among the ranked ones by the position it leaves; a
 * legal play the bot did not rank is a miss (rank -1), in the notation of the engine.
 */
export function judgeAnswer(puzzle: Puzzle, text: string): JudgeResult {
  if (puzzle.dice === null) {
    const rank = puzzle.answers.findIndex((a) => a.answer === text.trim());
    return rank < 0 ? notAnswer(`"${text}" is none of this puzzle's choices`) : ok({ rank, answer: text.trim() });
  }
  const rules = createRules(puzzle.game, puzzle.options);
  const pos = parseZarPosition(puzzle.position);
  // The stored puzzles were checked when they were added: a failure here is a broken invariant.
  if (!rules.ok || !pos.ok) throw new Error(`puzzle ${puzzle.id} cannot be read`);
  const legal = rules.value.legalPlays(pos.value, puzzle.dice);
  const mine = matchPlay(legal, text);
  if (!mine.ok) return notAnswer(mine.error.message);
  const rank = puzzle.answers.findIndex((a) => {
    const ranked = matchPlay(legal, a.answer);
    return ranked.ok && samePosition(ranked.value.next, mine.value.next);
  });
  return ok({ rank, answer: rank < 0 ? formatPlay(mine.value.steps) : (puzzle.answers[rank]?.answer ?? '') });
}

/** A puzzle as it is shown before a try: never its answers' ranking or equities. */
export function puzzleView(row: PuzzleRow): PuzzleView {
  const p = row.puzzle;
  const names = new Set(p.answers.map((a) => a.answer));
  return {
    id: p.id,
    game: p.game,
    options: p.options,
    position: p.position,
    dice: p.dice,
    kind: p.kind,
    context: { ...p.context },
    choices: p.dice === null ? CUBE_ORDER.filter((c) => names.has(c)) : null,
    themes: p.themes,
    rating: { rating: row.rating.rating, deviation: row.rating.deviation },
  };
}
