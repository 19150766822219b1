import { averageEquity, playerFor, TEMPERATURE_ROLLS, type TemperatureRoll } from '@zar/bot';
import { err, ok, rulesFor } from '@zar/engine';
import { linkTextOf, type PositionText } from '@zar/match';
import {
  BOARD_MAX_PLAYS,
  type BoardEvaluateRequest,
  type BoardEvaluation,
  type BoardTemperatureRequest,
  type TemperatureMap,
} from '@zar/protocol';
import type { BoardAnswer, BoardRunner, BoardWork, BotOwner } from '../bots/index.js';
import { type BoardResult, setupOf, viewOf } from './setup.js';

/*
 * The analysis board: what a person pasted read into a setup here (cheap, and refused before
 * any worker is asked), the valuing done in the bots' threads (bots/board-work.ts). Answers
 * are kept a while by setup: a shared link brings many visitors to one position.
 */

/** A temperature map is asked of the workers in this many pieces of rolls (7 rolls a piece). */
const TEMPERATURE_PIECES = 3;
/** Answers kept, by setup and depth. */
const KEPT = 128;

export class BoardService {
  private readonly kept = new Map<string, Promise<BoardResult<unknown>>>();

  constructor(private readonly bots: BoardRunner) {}

  /** The position valued, with the plays of its dice ranked when it has dice. */
  evaluate(req: BoardEvaluateRequest, owner: BotOwner): Promise<BoardResult<BoardEvaluation>> {
    const setup = setupOf(req.position, req.dice);
    if (!setup.ok) return Promise.resolve(setup);
    const s = setup.value;
    const key = `evaluate:${req.plies ?? '-'}:${s.form}:${linkTextOf(s)}`;
    return this.keep(key, async () => {
      const work: BoardWork = { t: 'evaluate', setup: s, dice: s.dice, plies: req.plies };
      const answer = await this.bots.board(work, owner);
      if (!answer.ok) return answer;
      if (answer.value.t !== 'evaluate') return unexpected(answer);
      const { game: _, plays, ...analysis } = answer.value.analysis;
      const listed = plays === null ? null : plays.slice(0, BOARD_MAX_PLAYS);
      // The bot's analysis must fit the contract's: a compile error here otherwise.
      const sent: BoardEvaluation = { ...analysis, setup: viewOf(s), plays: listed };
      return ok(sent);
    });
  }

  /** The best play of each of the 21 rolls, asked of the workers in pieces. */
  temperature(req: BoardTemperatureRequest, owner: BotOwner): Promise<BoardResult<TemperatureMap>> {
    const setup = setupOf(req.position, undefined);
    if (!setup.ok) return Promise.resolve(setup);
    const s: PositionText = { ...setup.value, dice: null };
    const plies = req.plies ?? 1;
    const key = `temperature:${plies}:${s.form}:${linkTextOf(s)}`;
    return this.keep(key, async () => {
      const size = Math.ceil(TEMPERATURE_ROLLS.length / TEMPERATURE_PIECES);
      const pieces = Array.from({ length: TEMPERATURE_PIECES }, (_, i) =>
        this.bots.board(
          { t: 'temperature', setup: s, rolls: TEMPERATURE_ROLLS.slice(i * size, (i + 1) * size), plies },
          owner,
        ),
      );
      const rolls: TemperatureRoll[] = [];
      for (const answer of await Promise.all(pieces)) {
        if (!answer.ok) return answer;
        if (answer.value.t !== 'temperature') return unexpected(answer);
        rolls.push(...answer.value.rolls);
      }
      const rules = rulesFor(s.game);
      return ok({
        setup: viewOf(s),
        bot: playerFor(rules).player.name,
        plies,
        cubeful: s.cube !== null,
        rolls,
        equity: averageEquity(rolls),
      });
    });
  }

  /** The answer kept for `key`, or `ask`'s, kept unless the workers could not give one. */
  private keep<T>(key: string, ask: () => Promise<BoardResult<T>>): Promise<BoardResult<T>> {
    const known = this.kept.get(key) as Promise<BoardResult<T>> | undefined;
    if (known !== undefined) {
      // The most recently asked last, so that the oldest goes first.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    const answer = ask();
    this.kept.set(key, answer);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value as string);
    void answer.then((a) => {
      if (!a.ok && a.error.code === 'ERR_BOARD_UNAVAILABLE' && this.kept.get(key) === answer) this.kept.delete(key);
    });
    return answer;
  }
}

const unexpected = (answer: BoardAnswer): BoardResult<never> =>
  err('ERR_BOARD_UNAVAILABLE', `the bot answered ${answer.ok ? answer.value.t : answer.error.code} work unasked`);
