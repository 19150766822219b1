/**
 * JellyFish / gnubg `.mat` match text (backgammon.md §13). `exportMat` writes the layout of
 * gnubg 1.07's `export match mat` (checked against files gnubg wrote; see
 * test/fixtures/mat/README.md); `importMat` (mat-import.ts) reads gnubg's and JellyFish's
 * variants back into a MatchRecord.
 *
 * What a .mat file cannot hold, and what Zar does about it:
 * - Resignations: gnubg writes only the winner's "Wins n points" line after the last move
 *   (with the resigner's dice when he had rolled); so does Zar, for timeouts too. A declined
 *   resignation leaves no trace. On import, "Wins" before the game is over is read as a
 *   resignation by the player on roll at n ÷ cube (1 single, 2 gammon, 3 backgammon).
 * - Timeouts: the format has no word for them. A timeout loses the match (match.ts,
 *   bookTimeout), so in a match its line says the points that made the winner's score the
 *   match length; on import, such a line that cannot be a resignation there (n ÷ cube is not
 *   1, 2 or 3, or the loser could not resign then) is read as the loser's timeout. One that can
 *   is read as that resignation: the same final score and winner, but the result says `resign`.
 *   A money session ended by a timeout reads back as a resignation of the game's points, and
 *   the session as still going on.
 * - Beavers, raccoons and automatic doubles: not exported (ERR_MAT_UNREPRESENTABLE).
 * - Games other than backgammon, and the dice of the opening roll and of cube actions.
 */
import { type Dice, matchPlay, ok, type Step } from '@zar/engine';
import { type MatResult, matError } from './mat-error.js';
import type { MatchSettings, MatchState } from './match.js';
import { type MatchRecord, replay } from './record.js';
import { rulesOf } from './rules-cache.js';
import { type GameAction, type GameResult, other, type Player } from './types.js';

/** The left cell of a move line: gnubg's "%3d) %-27s ". */
const leftCell = (n: number, text: string): string => `${String(n).padStart(3)}) ${text.padEnd(27)} `;
const EMPTY_LEFT = `  1)${' '.repeat(29)}`;
const LEFT_WINS = ' '.repeat(6);
const RIGHT_WINS = ' '.repeat(34);
const winsText = (n: number): string => `Wins ${n} point${n === 1 ? '' : 's'}`;

/** One checker step per die, 25 for the bar and 0 for off, as FormatMovePlain writes them. */
export function formatMatMoves(steps: readonly Step[]): string {
  return steps.map((s, i) => `${s.from}/${s.to}${s.hit ? '*' : ''}${i < 3 ? ' ' : ''}`).join('');
}

const diceText = (d: Dice): string => `${d[0]}${d[1]}: `;

/** Writes one game's cells the way gnubg lays them out: left and right columns, numbered lines. */
class GameWriter {
  private out = '';
  /** Half-lines written: even = the next cell is the left one. */
  private i = 0;

  constructor(number: number, names: readonly [string, string], score: readonly [number, number]) {
    this.out = ` Game ${number}\n ${`${names[0]} : ${score[0]}`.padEnd(31)}${names[1]} : ${score[1]}\n`;
  }

  cell(side: Player, text: string): void {
    if (this.i === 0 && side === 1) {
      this.out += EMPTY_LEFT;
      this.i = 1;
    }
    if ((this.i & 1) !== side) throw new Error(`.mat cells must alternate; player ${side} wrote twice`);
    this.out += this.i & 1 ? `${text}\n` : leftCell((this.i >> 1) + 1, text);
    this.i++;
  }

  /** The winner's line after the last cell. */
  wins(winner: Player, points: number): void {
    if (this.i & 1) this.out += '\n';
    this.out += `${winner === 0 ? LEFT_WINS : RIGHT_WINS}${winsText(points)}\n\n`;
    this.i = 0;
  }

  drop(side: Player, points: number): void {
    const text = side === 1 ? ` Drops\n${LEFT_WINS}${winsText(points)}` : ` Drops${' '.repeat(23)}${winsText(points)}`;
    this.cell(side, text);
    this.out += side === 1 ? '\n' : '\n\n';
    this.i = 0;
  }

  /** gnubg's form when a player rolled and then resigned (or ran out of time). */
  rolledAndLost(side: Player, dice: Dice, points: number): void {
    if (this.i === 0 && side === 1) {
      this.out += EMPTY_LEFT;
      this.i = 1;
    }
    if (side === 1) this.out += `${diceText(dice)}\n${LEFT_WINS}${winsText(points)}\n\n`;
    else
      this.out += `${String((this.i >> 1) + 1).padStart(3)}) ${diceText(dice)}${' '.repeat(24)}${winsText(points)}\n\n`;
    this.i = 0;
  }

  text(): string {
    return this.i & 1 ? `${this.out}\n` : this.out;
  }
}

const UNREPRESENTABLE: Partial<Record<GameAction['type'], string>> = {
  beaver: 'a beaver',
  raccoon: 'a raccoon',
};

/**
 * The result a game's "Wins" line gives. A timeout in a match wins the match (match.ts,
 * bookTimeout), so its line says the points that took the winner to the match length, not the
 * game's own worth: summed, the lines still make the score, and importMat reads it back as a
 * timeout. In a money session it says the game's points.
 */
function writtenResult(settings: MatchSettings, before: MatchState, after: MatchState): GameResult {
  const result = after.results[after.results.length - 1] as GameResult;
  if (result.kind !== 'timeout' || settings.length === 0 || result.winner === null) return result;
  return { ...result, points: after.score[result.winner] - before.score[result.winner] };
}

/** Ends a game: the winner's line, in the form gnubg uses for how the game ended. */
function writeEnd(w: GameWriter, before: MatchState, action: GameAction, result: GameResult): void {
  const winner = result.winner as Player;
  const g = before.game;
  if (action.type === 'drop') {
    w.drop(action.player, result.points);
    return;
  }
  const rolled = g.dice !== null && (g.phase === 'move' || (g.phase === 'resigning' && g.resign?.resume === 'move'));
  if (action.type !== 'play' && rolled) {
    if (g.turn === other(winner)) {
      w.rolledAndLost(g.turn, g.dice as Dice, result.points);
      return;
    }
    w.cell(g.turn, diceText(g.dice as Dice));
  }
  w.wins(winner, result.points);
}

/**
 * Whether a .mat file can hold every match played under these settings: backgammon in every
 * game of the cycle, and none of what the format has no line for (beavers, raccoons,
 * automatic doubles) allowed. A server offers the download from this, before any file is written.
 */
export function matHolds(settings: MatchSettings): boolean {
  return (
    settings.cycle.every((c) => c.game === 'backgammon') &&
    !settings.beaver &&
    !settings.raccoon &&
    settings.automaticDoubles === 0
  );
}

/**
 * The match as gnubg writes it with `export match mat`, for a record known to fit the format
 * (Zar's own backgammon matches without beavers, raccoons or automatic doubles). Throws
 * otherwise; `writeMat` returns the reason instead.
 */
export function exportMat(record: MatchRecord): string {
  const r = writeMat(record);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/**
 * The match as gnubg writes it, or why it cannot be written: a record that does not replay
 * (ERR_MAT_RECORD), or what the format cannot hold (ERR_MAT_UNREPRESENTABLE: games other
 * than backgammon, beavers, raccoons, automatic doubles).
 */
export function writeMat(record: MatchRecord): MatResult<string> {
  const replayed = replay(record);
  if (!replayed.ok) return matError('ERR_MAT_RECORD', null, `the record does not replay: ${replayed.error.message}`);
  const states = replayed.value.states;
  const names = record.players.map((n, i) => (n.trim() === '' ? `Player ${i + 1}` : n.trim())) as [string, string];
  let out = ` ${record.settings.length} point match\n\n`;
  let writer: GameWriter | null = null;
  for (let i = 0; i < record.actions.length; i++) {
    const action = record.actions[i] as GameAction;
    const before = states[i] as MatchState;
    const after = states[i + 1] as MatchState;
    const g = before.game;
    if (g.settings.game !== 'backgammon') {
      return matError('ERR_MAT_UNREPRESENTABLE', null, `.mat files hold backgammon, not ${g.settings.game}`);
    }
    const what = UNREPRESENTABLE[action.type];
    if (what) return matError('ERR_MAT_UNREPRESENTABLE', null, `action ${i + 1}: a .mat file cannot hold ${what}`);
    if (action.type === 'opening' && after.game.cube.value !== g.cube.value) {
      return matError('ERR_MAT_UNREPRESENTABLE', null, `action ${i + 1}: a .mat file cannot hold an automatic double`);
    }
    writer ??= new GameWriter(before.gameNumber, names, before.score);
    const ended = after.gameNumber !== before.gameNumber || after.winner !== null;
    if (action.type === 'play') {
      const plays = rulesOf(g.settings).legalPlays(g.position, g.dice as Dice);
      const play = matchPlay(plays, action.play);
      if (!play.ok) throw new Error(`a replayed play no longer matches: ${play.error.message}`);
      writer.cell(action.player, diceText(g.dice as Dice) + formatMatMoves(play.value.steps));
    } else if (action.type === 'roll' && !(after.game.phase === 'move' && after.game.turn === action.player)) {
      writer.cell(action.player, diceText(action.dice)); // a dance: the roll passed at once
    } else if (action.type === 'double') {
      writer.cell(action.player, ` Doubles => ${g.cube.value * 2}`);
    } else if (action.type === 'take') {
      writer.cell(action.player, ' Takes');
    }
    if (ended) {
      writeEnd(writer, before, action, writtenResult(record.settings, before, after));
      out += writer.text();
      writer = null;
    }
  }
  if (writer) out += writer.text();
  return ok(out);
}

export * from './mat-error.js';
export { importMat, type MatImportOptions } from './mat-import.js';
export { importSgf } from './sgf-import.js';
