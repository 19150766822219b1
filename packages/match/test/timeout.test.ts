import { GAME_IDS } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockTurn,
  type GameAction,
  MATCH_DEFAULTS,
  type MatchRecord,
  type MatchSettings,
  type MatchState,
  matchReducer,
  newMatch,
  other,
  type Player,
  replay,
} from '../src/index.js';
import { importMat, writeMat } from '../src/mat.js';
import { apply, firstPlay, openingFor, resignGame } from './support/drive.js';
import { randomMatch } from './support/random-match.js';

/** Running out of time loses the match (match.ts, bookTimeout). */

const settingsFor = (over: Partial<MatchSettings>): MatchSettings => ({ ...MATCH_DEFAULTS, ...over });
const timeout = (player: Player): GameAction => ({ type: 'timeout', player });

const timedOut = (m: MatchState, player: Player): MatchState => apply(m, timeout(player));

/** The match is over: nothing more is accepted, and no one's clock runs. */
function expectOver(m: MatchState): void {
  const r = matchReducer(m, { type: 'roll', player: m.game.turn, dice: [3, 1] });
  expect(r.ok ? 'accepted' : r.error.code).toBe('ERR_MATCH_OVER');
  expect(clockTurn(m).player).toBeNull();
}

describe('a timeout in a match to N', () => {
  it.each(GAME_IDS)('%s: at 0-0 in a 7-point match, the opponent wins it 7-0', (game) => {
    for (const loser of [0, 1] as const) {
      const m = apply(newMatch(settingsFor({ length: 7, cycle: [{ game }] })), openingFor(loser));
      const after = timedOut(m, loser);
      const won = other(loser);
      expect(after.winner).toBe(won);
      expect(after.score[won]).toBe(7);
      expect(after.score[loser]).toBe(0);
      // The game's own line still says how it ended and what the game was worth.
      const result = after.results.at(-1);
      expect(result?.kind).toBe('timeout');
      expect(result?.winner).toBe(won);
      expect(after.previous?.result).toEqual(result);
      expect(after.gameNumber).toBe(1);
      expectOver(after);
    }
  });

  it('ends the match at any moment of any game, whoever is behind, and keeps the loser’s score', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_IDS),
        fc.constantFrom(1, 3, 5, 7),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.nat(400),
        fc.constantFrom(0, 1),
        (game, length, seed, cut, loser: Player) => {
          const played = randomMatch(settingsFor({ length, cycle: [{ game }] }), seed, 400);
          // A state before the match ended (the last one may be the end).
          const live = played.states.filter((s) => s.winner === null);
          const m = live[cut % live.length] as MatchState;
          const after = timedOut(m, loser);
          expect(after.winner).toBe(other(loser));
          expect(after.score[other(loser)]).toBe(length);
          expect(after.score[loser]).toBe(m.score[loser]);
          expect(after.results).toHaveLength(m.results.length + 1);
          expect(after.results.at(-1)?.kind).toBe('timeout');
          expectOver(after);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('Crawford and post-Crawford do not matter: the trailer who keeps his time wins the match', () => {
    // 5-point match: player 1 reaches 4 (Crawford game next), then player 0 reaches 4 too.
    let m = resignGame(newMatch(settingsFor({ length: 5 })), 0, 2);
    m = resignGame(m, 0, 2);
    expect(m.score).toEqual([0, 4]);
    expect(m.crawford).toBe('active');
    const crawford = timedOut(apply(m, openingFor(1)), 1);
    expect([crawford.score, crawford.winner]).toEqual([[5, 4], 0]);
    // The trailer's own timeout in the Crawford game: the leader wins, at 5, not at 4 + 2.
    const leaderWins = timedOut(apply(m, openingFor(0)), 0);
    expect([leaderWins.score, leaderWins.winner]).toEqual([[0, 5], 1]);
    m = resignGame(m, 1, 1); // the Crawford game
    m = resignGame(m, 1, 2);
    m = resignGame(m, 1, 1);
    expect([m.score, m.crawford]).toEqual([[4, 4], 'done']);
    const post = timedOut(apply(m, openingFor(0), firstPlay(apply(m, openingFor(0)))), 1);
    expect([post.score, post.winner]).toEqual([[5, 4], 0]);
  });

  it('a timeout with the cube turned: the game is worth the cube times a gammon, the match still N', () => {
    let m = apply(newMatch(settingsFor({ length: 7 })), openingFor(0));
    m = apply(m, firstPlay(m), { type: 'double', player: 1 }, { type: 'take', player: 0 });
    expect(m.game.cube).toEqual({ value: 2, owner: 0 });
    const after = timedOut(m, 1);
    expect(after.score).toEqual([7, 0]);
    expect(after.results.at(-1)).toEqual({ winner: 0, kind: 'timeout', points: 4 });
  });
});

describe('a timeout in a money session', () => {
  it.each(GAME_IDS)('%s: books the game’s points and ends the session, the opponent its winner', (game) => {
    let m = newMatch(settingsFor({ length: 0, cycle: [{ game }] }));
    m = resignGame(m, 0, 1);
    const before = m.score;
    if (m.game.phase === 'opening') m = apply(m, openingFor(1));
    const after = timedOut(m, m.game.turn);
    const result = after.results.at(-1);
    expect(result?.kind).toBe('timeout');
    const won = other(m.game.turn);
    expect(result?.winner).toBe(won);
    expect(after.score[won]).toBe(before[won] + (result?.points ?? Number.NaN));
    expect(after.score[m.game.turn]).toBe(before[m.game.turn]);
    expect(result?.points).toBeGreaterThan(0);
    expect(after.winner).toBe(won);
    expectOver(after);
  });
});

describe('.mat files and timeouts (mat.ts, "Timeouts")', () => {
  const recordOf = (settings: MatchSettings, actions: readonly GameAction[]): MatchRecord => ({
    version: 1,
    settings,
    players: ['Left', 'Right'],
    actions,
  });
  const finalOf = (record: MatchRecord): MatchState => {
    const r = replay(record);
    if (!r.ok) expect.fail(r.error.message);
    return r.value.states.at(-1) as MatchState;
  };

  it('a match ended by a timeout reads back with the same games, score and winner', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 3, 5, 7, 11),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.nat(600),
        (length, seed, cut) => {
          const settings = settingsFor({ length });
          const played = randomMatch(settings, seed, 600);
          const live = played.states.filter((s) => s.winner === null).length;
          const k = cut % live;
          // The one whose clock runs loses on time (at the opening roll, nobody's: either).
          const m = played.states[k] as MatchState;
          const loser = clockTurn(m).player ?? m.game.turn;
          const record = recordOf(settings, [...played.actions.slice(0, k), timeout(loser)]);
          const written = writeMat(record);
          if (!written.ok) expect.fail(written.error.message);
          const back = importMat(written.value);
          if (!back.ok) expect.fail(`${back.error.code}: ${back.error.message}\n${written.value}`);
          const [a, b] = [finalOf(record), finalOf(back.value)];
          expect([b.score, b.winner, b.gameNumber]).toEqual([a.score, a.winner, a.gameNumber]);
          expect(b.results.slice(0, -1)).toEqual(a.results.slice(0, -1));
          // The last line reads as the timeout, or as a resignation worth what the timeout gave.
          const last = b.results.at(-1);
          if (last?.kind !== 'timeout') {
            const credited = length - m.score[other(loser)];
            expect(last).toEqual({ winner: other(loser), kind: 'resign', points: credited });
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('at 0-0 of a 7-point match the line says "Wins 7 points" and reads back as the timeout', () => {
    const settings = settingsFor({ length: 7 });
    const record = recordOf(settings, [openingFor(0), timeout(0)]);
    const written = writeMat(record);
    if (!written.ok) expect.fail(written.error.message);
    expect(written.value).toContain('Wins 7 points');
    const back = importMat(written.value);
    if (!back.ok) expect.fail(back.error.message);
    expect(back.value.actions.at(-1)).toEqual(timeout(0));
    expect(finalOf(back.value).results).toEqual(finalOf(record).results);
  });

  it('a money session ended on time reads back as a resignation of the same points (the limit mat.ts states)', () => {
    const record = recordOf(settingsFor({ length: 0 }), [openingFor(0), timeout(0)]);
    const written = writeMat(record);
    if (!written.ok) expect.fail(written.error.message);
    const back = importMat(written.value);
    if (!back.ok) expect.fail(back.error.message);
    const [a, b] = [finalOf(record), finalOf(back.value)];
    expect(b.score).toEqual(a.score);
    expect(b.results).toEqual([{ ...a.results[0], kind: 'resign' }]);
    expect([a.winner, b.winner]).toEqual([1, null]);
  });
});
