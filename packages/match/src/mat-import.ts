/**
 * Reads a .mat file into a MatchRecord by replaying every game through the match reducer:
 * what the reducer refuses is reported with the file's line number.
 *
 * A .mat file has no dice for the opening roll nor for cube actions, so the actions are
 * rebuilt: each game's opening is won by the player who moves first, with the two dice of
 * that first move (international rule: the winner plays both opening dice, so they are
 * never a double). When some game starts with a double, or with a cube action, the file
 * was played under another rule (the opening winner rolls again): the whole match is then
 * read under backgammon's `openingRoll: 'winner-rolls-again'`, each game starting with an
 * opening of 2-1 for the first mover (those two dice are invented: the file does not have
 * them) and his written roll after it.
 */

import { type MatErrorCode, type MatErrorParams, type MatResult, matError } from './mat-error.js';
import { type MatCell, type MatFile, type MatGame, readMatFile } from './mat-lines.js';
import {
  MATCH_DEFAULTS,
  type MatchSettings,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
} from './match.js';
import type { MatchRecord } from './record.js';
import { type GameAction, type GameResult, other, type Player } from './types.js';

export interface MatImportOptions {
  /** Accept a file that stops before the match is won (a match in progress). */
  readonly allowUnfinished?: boolean;
}

const PLAY_ERRORS = new Set(['ERR_ILLEGAL_PLAY', 'ERR_AMBIGUOUS_PLAY', 'ERR_NOTATION']);
const NAMES = ['left', 'right'] as const;

/** The file's word for an action, as a reader's sentence quotes it. */
const WORDS: Readonly<Record<GameAction['type'], string>> = {
  opening: 'Game',
  roll: 'rolls',
  play: 'plays',
  double: 'Doubles',
  take: 'Takes',
  drop: 'Drops',
  beaver: 'Beavers',
  raccoon: 'Raccoons',
  resign: 'Wins',
  accept: 'Wins',
  decline: 'Wins',
  timeout: 'Wins',
};

function describe(a: GameAction): string {
  if (a.type === 'play') return `${NAMES[a.player]} plays ${JSON.stringify(a.play)}`;
  if (a.type === 'roll') return `${NAMES[a.player]} rolls ${a.dice.join('-')}`;
  if (a.type === 'opening') return `opening roll ${a.dice.join('-')}`;
  return `${NAMES[a.player]} ${a.type}s`;
}

/** The match so far and the actions that built it. */
class Builder {
  readonly actions: GameAction[] = [];
  /** The players' names in the game being read, for the errors. */
  names: readonly [string, string] = ['', ''];

  constructor(public m: MatchState) {}

  /** `dice`: the roll a play is made with, for its error. */
  apply(action: GameAction, line: number, dice?: readonly number[]): MatResult<MatchState> {
    const r = matchReducer(this.m, action);
    if (!r.ok) {
      const code: MatErrorCode = PLAY_ERRORS.has(r.error.code) ? 'ERR_MAT_ILLEGAL_MOVE' : 'ERR_MAT_ILLEGAL_ACTION';
      const player = this.name('player' in action ? action.player : this.m.game.turn);
      const params: MatErrorParams =
        action.type === 'play'
          ? { player, dice: (dice ?? []).join('-'), move: action.play }
          : { player, action: WORDS[action.type] };
      return matError(code, line, `${describe(action)}: ${r.error.message}`, params);
    }
    this.m = r.value;
    this.actions.push(action);
    return { ok: true, value: r.value };
  }

  name(side: Player): string {
    return this.names[side];
  }
}

/** Whether the file needs the "winner rolls again" reading (see the top of this file). */
function rollsAgain(file: MatFile): boolean {
  return file.games.some((g) => {
    const first = g.cells[0];
    return first !== undefined && (first.kind !== 'roll' || first.dice[0] === first.dice[1]);
  });
}

function settingsOf(file: MatFile, again: boolean): MatResult<MatchSettings> {
  const on = (tag: string) => /^on$/i.test(file.tags[tag] ?? '');
  // XG's tag for the other starting positions (NackGammon, HyperGammon, LongGammon): its moves
  // would replay from the wrong board, so it is refused by its name.
  const variation = file.tags.variation;
  if (variation !== undefined && !/^backgammon$/i.test(variation.trim())) {
    return matError('ERR_MAT_HEADER', null, `the file plays ${JSON.stringify(variation)}, not backgammon`, {
      found: `Variation "${variation}"`,
    });
  }
  const money = file.length === 0;
  const parsed = parseMatchSettings({
    ...MATCH_DEFAULTS,
    length: file.length,
    cycle: [again ? { game: 'backgammon', options: { openingRoll: 'winner-rolls-again' } } : { game: 'backgammon' }],
    jacoby: money && on('jacoby'),
  });
  if (!parsed.ok) {
    return matError('ERR_MAT_HEADER', null, `${parsed.error.message}, not ${file.length}`, {
      found: `${file.length} point match`,
    });
  }
  return { ok: true, value: parsed.value };
}

const ended = (b: Builder, gameNumber: number): boolean => b.m.gameNumber !== gameNumber || b.m.winner !== null;
const plural = (n: number): string => `${n} point${n === 1 ? '' : 's'}`;

/** A cell as the file writes it, for an error that quotes it. */
function cellText(cell: Exclude<MatCell, { kind: 'wins' }>): string {
  if (cell.kind === 'roll') return `${cell.dice.join('')}: ${cell.moves}`.trim();
  if (cell.kind === 'double') return `Doubles => ${cell.value}`;
  return cell.kind === 'take' ? 'Takes' : 'Drops';
}

/** A roll cell: the roll (or the opening it stands for) and its play. */
function roll(b: Builder, cell: Extract<MatCell, { kind: 'roll' }>, next: MatCell | undefined): MatResult<unknown> {
  const rolled = b.apply({ type: 'roll', player: cell.side, dice: cell.dice }, cell.line);
  if (!rolled.ok) return rolled;
  const after = rolled.value.game;
  return play(b, cell, after.phase === 'move' && after.turn === cell.side, next);
}

function play(
  b: Builder,
  cell: Extract<MatCell, { kind: 'roll' }>,
  toPlay: boolean,
  next: MatCell | undefined,
): MatResult<unknown> {
  const { side, line, dice, moves } = cell;
  const roll = `${NAMES[side]}'s ${dice.join('-')}`;
  const params = { player: b.name(side), dice: dice.join('-'), move: moves };
  if (!toPlay) {
    if (moves === '') return { ok: true, value: null };
    return matError(
      'ERR_MAT_ILLEGAL_MOVE',
      line,
      `${roll} cannot be played, yet the file plays ${JSON.stringify(moves)}`,
      params,
    );
  }
  if (moves === '') {
    // Rolled and then resigned: gnubg writes the dice, no move, and the opponent's win. His own
    // win there is the opponent's timeout while he answered a resignation (wins() checks it).
    if (next?.kind === 'wins') return { ok: true, value: null };
    return matError('ERR_MAT_ILLEGAL_MOVE', line, `${roll} can be played, but the file shows no move`, params);
  }
  return b.apply({ type: 'play', player: side, play: moves }, line, dice);
}

/** The first cell of a game: the opening roll, rebuilt from the first move's dice. */
function opening(b: Builder, cell: MatCell, again: boolean, next: MatCell | undefined): MatResult<unknown> {
  const side = cell.side;
  if (again) {
    const started = b.apply({ type: 'opening', dice: side === 0 ? [2, 1] : [1, 2] }, cell.line);
    if (!started.ok) return started;
    return step(b, cell, next);
  }
  if (cell.kind !== 'roll') throw new Error('only a roll opens a game under the international rule');
  const [hi, lo] = [Math.max(...cell.dice), Math.min(...cell.dice)];
  const started = b.apply({ type: 'opening', dice: side === 0 ? [hi, lo] : [lo, hi] }, cell.line);
  if (!started.ok) return started;
  return play(b, cell, true, next);
}

/** A "Wins" cell: the end of the game (checked against the reducer), or a resignation. */
function wins(b: Builder, cell: Extract<MatCell, { kind: 'wins' }>, gameNumber: number): MatResult<unknown> {
  const { side, line, points } = cell;
  const who = NAMES[side];
  const said = { player: b.name(side), points };
  if (ended(b, gameNumber)) {
    const result = b.m.results[b.m.results.length - 1] as GameResult;
    if (result.winner !== side || result.points !== points) {
      const actual = `${NAMES[result.winner as Player]} won ${plural(result.points)}`;
      return matError('ERR_MAT_RESULT', line, `the file says ${who} wins ${plural(points)}, but ${actual}`, said);
    }
    return { ok: true, value: null };
  }
  // The game is not over: the player on roll resigned and the winner accepted, or (mat.ts,
  // "Timeouts") the loser ran out of time, which gave the winner the match.
  const g = b.m.game;
  const loser = other(side);
  const level = points / g.cube.value;
  const canResign = g.turn === loser && (g.phase === 'roll' || g.phase === 'move');
  const resignable = canResign && (level === 1 || level === 2 || level === 3);
  if (!resignable && b.m.settings.length > 0 && points === b.m.settings.length - (b.m.score[side] ?? 0)) {
    return b.apply({ type: 'timeout', player: loser }, line);
  }
  if (!canResign) {
    return matError(
      'ERR_MAT_RESULT',
      line,
      `${who} wins ${plural(points)} before the game is over, and ${NAMES[loser]} cannot resign now`,
      said,
    );
  }
  if (level !== 1 && level !== 2 && level !== 3) {
    const cube = g.cube.value;
    return matError(
      'ERR_MAT_RESULT',
      line,
      `${who} wins ${plural(points)} by resignation: with the cube at ${cube} that is not 1, 2 or 3 times the cube`,
      said,
    );
  }
  const resigned = b.apply({ type: 'resign', player: loser, level }, line);
  if (!resigned.ok) return resigned;
  const accepted = b.apply({ type: 'accept', player: side }, line);
  if (!accepted.ok) return accepted;
  const result = b.m.results[b.m.results.length - 1] as GameResult;
  if (result.points !== points) {
    return matError(
      'ERR_MAT_RESULT',
      line,
      `a resignation at this level is worth ${plural(result.points)} here, not ${points}`,
      said,
    );
  }
  return { ok: true, value: null };
}

/** Any cell after the first. */
function step(b: Builder, cell: MatCell, next: MatCell | undefined): MatResult<unknown> {
  switch (cell.kind) {
    case 'roll':
      return roll(b, cell, next);
    case 'double': {
      const expected = b.m.game.cube.value * 2;
      if (cell.value !== expected) {
        return matError(
          'ERR_MAT_CUBE',
          cell.line,
          `Doubles => ${cell.value}, but the cube is at ${b.m.game.cube.value}: expected ${expected}`,
          { value: cell.value, expected },
        );
      }
      return b.apply({ type: 'double', player: cell.side }, cell.line);
    }
    case 'take':
      return b.apply({ type: 'take', player: cell.side }, cell.line);
    case 'drop':
      return b.apply({ type: 'drop', player: cell.side }, cell.line);
    case 'wins':
      throw new Error('wins cells are handled by the game loop');
  }
}

function replayGame(
  b: Builder,
  game: MatGame,
  again: boolean,
  last: boolean,
  options: MatImportOptions,
): MatResult<unknown> {
  const number = b.m.gameNumber;
  b.names = game.names;
  const found = { found: `Game ${game.number}` };
  if (b.m.winner !== null) {
    return matError('ERR_MAT_SYNTAX', game.line, `game ${game.number} comes after the match was won`, found);
  }
  if (game.number !== number)
    return matError('ERR_MAT_SYNTAX', game.line, `expected game ${number}, found game ${game.number}`, found);
  const [a, c] = b.m.score;
  if (game.score[0] !== a || game.score[1] !== c) {
    return matError(
      'ERR_MAT_SCORE',
      game.scoreLine,
      `the file gives the score as ${game.score.join('-')}; the games before make it ${a}-${c}`,
      { given: game.score.join('-'), expected: `${a}-${c}` },
    );
  }
  for (let k = 0; k < game.cells.length; k++) {
    const cell = game.cells[k] as MatCell;
    const next = game.cells[k + 1];
    if (cell.kind === 'wins') {
      const r = wins(b, cell, number);
      if (!r.ok) return r;
      continue;
    }
    if (ended(b, number)) {
      return matError('ERR_MAT_SYNTAX', cell.line, `game ${game.number} is already over`, { found: cellText(cell) });
    }
    const r = k === 0 ? opening(b, cell, again, next) : step(b, cell, next);
    if (!r.ok) return r;
  }
  if (!ended(b, number) && !(last && options.allowUnfinished)) {
    return matError('ERR_MAT_TRUNCATED', game.lastLine, `game ${game.number} stops before anyone has won it`, {
      game: game.number,
    });
  }
  return { ok: true, value: null };
}

/** Reads a .mat file (gnubg's or JellyFish's) into a MatchRecord that replays. */
export function importMat(text: string, options: MatImportOptions = {}): MatResult<MatchRecord> {
  if (typeof text !== 'string') return matError('ERR_MAT_EMPTY', null, 'a .mat file is text');
  const file = readMatFile(text);
  return file.ok ? replayMatFile(file.value, options) : file;
}

/**
 * Replays a match file read into games and cells (a .mat's, or another format's put in the
 * same shape, as sgf-import.ts does) into a MatchRecord: what the rules refuse is reported
 * with the file's line.
 */
export function replayMatFile(file: MatFile, options: MatImportOptions = {}): MatResult<MatchRecord> {
  const again = rollsAgain(file);
  const settings = settingsOf(file, again);
  if (!settings.ok) return settings;
  const b = new Builder(newMatch(settings.value));
  const games = file.games;
  for (let i = 0; i < games.length; i++) {
    const r = replayGame(b, games[i] as MatGame, again, i === games.length - 1, options);
    if (!r.ok) return r;
  }
  const { length } = settings.value;
  if (length > 0 && b.m.winner === null && !options.allowUnfinished) {
    const last = games[games.length - 1] as MatGame;
    return matError(
      'ERR_MAT_TRUNCATED',
      last.lastLine,
      `the match to ${length} stops at ${b.m.score.join('-')} without a winner`,
      { game: last.number },
    );
  }
  const first = games[0] as MatGame;
  return {
    ok: true,
    value: { version: 1, settings: settings.value, players: [first.names[0], first.names[1]], actions: b.actions },
  };
}
