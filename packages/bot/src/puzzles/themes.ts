import {
  createRules,
  type Dice,
  err,
  matchPlay,
  ok,
  type Play,
  type Position,
  parseZarPosition,
  type Result,
  type Rules,
} from '@zar/engine';
import type { Puzzle, PuzzleAnswer, PuzzleTheme } from './puzzle.js';
import { anchorsOf, bearingOff, countBits, inContact, type SideIndex, trapLength } from './shapes.js';

/*
 * Themes told by rule from the position and the plays (docs/puzzles.md gives each rule and
 * why). They read the rules' facts (a bar, pins, direction), never the game's name, so a
 * theme shows up in every game where its rule makes sense.
 */

/** A block or prime this long (points in a row) traps a checker: the priming and block themes. */
export const TRAP_LENGTH = 4;
/** A back game: two points or more in the other side's home board while this far behind in the race. */
export const BACK_GAME_POINTS = 2;
export const BACK_GAME_PIPS = 50;

type ThemeRules = Pick<Rules, 'direction' | 'hasBar' | 'hasPins' | 'theirPointToMine' | 'pips' | 'swapSides'>;

/**
 * The position after a play, seen from the side that played it: the play's result has the
 * opponent on roll, unless a gul bara doubles run goes on (a run die is left).
 */
export function afterPlay(rules: Pick<Rules, 'swapSides'>, play: Play): Position {
  return play.next.run !== 0 ? play.next : rules.swapSides(play.next);
}

/** Themes of the position alone (a play or a cube puzzle): race, bear-off, back game. */
export function positionThemes(rules: ThemeRules, pos: Position): PuzzleTheme[] {
  const themes: PuzzleTheme[] = [];
  if (!inContact(rules, pos)) themes.push('race');
  if (bearingOff(pos, 0)) themes.push('bear-off');
  if (backGame(rules, pos, 0) || backGame(rules, pos, 1)) themes.push('back-game');
  return themes;
}

/** `side` holds two points or more of the other side's home board and trails the race by 50 pips or more. */
export function backGame(rules: ThemeRules, pos: Position, side: SideIndex): boolean {
  if (countBits(anchorsOf(rules, pos, side)) < BACK_GAME_POINTS) return false;
  const pips = rules.pips(pos);
  const behind = side === 0 ? pips[0] - pips[1] : pips[1] - pips[0];
  return behind >= BACK_GAME_PIPS;
}

const hits = (play: Play): boolean => play.steps.some((s) => s.hit);

/**
 * Themes of a play puzzle. `ranked`: the legal plays the answers name, best first (two or more).
 * - hit / no-hit (games with a bar): the best play hits; or it does not while another answer does.
 * - pin (games with pins): an answer pins a checker.
 * - priming (sides travel opposite ways) / block (the same way): after the best play, either
 *   side holds 4 points in a row in front of a checker of the other.
 * - anchor (opposite ways): the best play changes which points of the opponent's home board
 *   the mover holds, or keeps one that the second-best gives up.
 */
export function playThemes(rules: ThemeRules, pos: Position, ranked: readonly Play[]): PuzzleTheme[] {
  const themes = positionThemes(rules, pos);
  const best = ranked[0];
  if (best === undefined) return themes;
  if (rules.hasBar) {
    if (hits(best)) themes.push('hit');
    else if (ranked.some(hits)) themes.push('no-hit');
  }
  if (rules.hasPins && ranked.some(hits)) themes.push('pin');
  const after = afterPlay(rules, best);
  if (Math.max(trapLength(rules, after, 0), trapLength(rules, after, 1)) >= TRAP_LENGTH) {
    themes.push(rules.direction === 'same' ? 'block' : 'priming');
  }
  const second = ranked[1];
  if (rules.direction === 'opposite') {
    const anchors = anchorsOf(rules, after);
    const changed = anchors !== anchorsOf(rules, pos);
    const kept = second !== undefined && (anchors & ~anchorsOf(rules, afterPlay(rules, second))) !== 0;
    if (changed || kept) themes.push('anchor');
  }
  return themes;
}

/** Themes of a cube puzzle: the position's, the block or prime it holds, and 'cube'. */
export function cubeThemes(rules: ThemeRules, pos: Position): PuzzleTheme[] {
  const themes = positionThemes(rules, pos);
  if (Math.max(trapLength(rules, pos, 0), trapLength(rules, pos, 1)) >= TRAP_LENGTH) {
    themes.push(rules.direction === 'same' ? 'block' : 'priming');
  }
  themes.push('cube');
  return themes;
}

/**
 * The themes of a play puzzle from its ranked answers (the player's own play among them): null
 * when an answer names no legal play of the dice.
 */
export function answerThemes(
  rules: ThemeRules & Pick<Rules, 'legalPlays'>,
  pos: Position,
  dice: Dice,
  answers: readonly PuzzleAnswer[],
): PuzzleTheme[] | null {
  const legal = rules.legalPlays(pos, dice);
  const ranked: Play[] = [];
  for (const a of answers) {
    const p = matchPlay(legal, a.answer);
    if (!p.ok) return null;
    ranked.push(p.value);
  }
  return playThemes(rules, pos, ranked);
}

/**
 * The themes of a stored puzzle, told again by the rules as they stand (a set kept from before
 * a theme's rule changed).
 */
export function puzzleThemes(
  p: Pick<Puzzle, 'game' | 'options' | 'position' | 'dice' | 'answers'>,
): Result<PuzzleTheme[]> {
  const rules = createRules(p.game, p.options);
  if (!rules.ok) return rules;
  const pos = parseZarPosition(p.position);
  if (!pos.ok) return pos;
  if (p.dice === null) return ok(cubeThemes(rules.value, pos.value));
  const themes = answerThemes(rules.value, pos.value, p.dice, p.answers);
  return themes === null
    ? err('ERR_PUZZLES', `${p.position}: an answer is not a legal play of ${p.dice.join('-')}`)
    : ok(themes);
}
