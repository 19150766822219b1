import { type Dice, formatPlay, GAME_IDS } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AllowedActions,
  actorOf,
  allowedActions,
  cubeInPlay,
  type Decision,
  type DiceSource,
  MATCH_DEFAULTS,
  type MatchSettings,
  type MatchState,
  matchReducer,
  NOTHING_ALLOWED,
  newMatch,
  type Player,
  rulesOf,
  toAction,
} from '../src/index.js';
import { apply, openingFor, resignGame, toRollPhase } from './support/drive.js';
import { randomMatch, randomSettings, randomSource } from './support/random-match.js';

/** The actions with no argument but the seat, by the flag that offers them. */
const SIMPLE = ['roll', 'double', 'take', 'drop', 'beaver', 'raccoon', 'accept', 'decline'] as const;

/** Any roll does: whether a roll is allowed does not depend on its dice. */
const DICE: DiceSource = { roll: () => [3, 1], openingRoll: () => [3, 1] };

const accepts = (m: MatchState, seat: Player, decision: Decision): boolean =>
  matchReducer(m, toAction(decision, seat, DICE)).ok;

/** The match after `seat` resigns at `level` and his opponent accepts; null if refused. */
function acceptedResignation(m: MatchState, seat: Player, level: 1 | 2 | 3): MatchState | null {
  const offered = matchReducer(m, toAction({ type: 'resign', level }, seat, DICE));
  if (!offered.ok) return null;
  const accepted = matchReducer(offered.value, toAction({ type: 'accept' }, seat === 0 ? 1 : 0, DICE));
  return accepted.ok ? accepted.value : null;
}

/** The points the opponent scores when `seat` resigns at `level` and he accepts; null if refused. */
function scoredIfAccepted(m: MatchState, seat: Player, level: 1 | 2 | 3): number | null {
  return acceptedResignation(m, seat, level)?.results.at(-1)?.points ?? null;
}

/** What the opponent gets from an accepted resignation: the match, or so many points. */
function gainIfAccepted(m: MatchState, seat: Player, level: 1 | 2 | 3): string | null {
  const after = acceptedResignation(m, seat, level);
  if (after === null) return null;
  return after.winner !== null ? 'the match' : `${after.results.at(-1)?.points} points`;
}

/** A play the seat could send: a legal one while someone has dice, else the empty play. */
function somePlay(m: MatchState): Decision {
  const g = m.game;
  const plays = g.dice === null ? [] : rulesOf(g.settings).legalPlays(g.position, g.dice as Dice);
  return { type: 'play', play: plays[0] ? formatPlay(plays[0].steps) : '' };
}

/** Every way `allowed` and the reducer disagree for one seat in one state; [] when they agree. */
function disagreements(m: MatchState, seat: Player): string[] {
  const allowed = allowedActions(m, seat);
  const out: string[] = [];
  const check = (what: string, offered: boolean, accepted: boolean) => {
    if (offered !== accepted) out.push(`${what}: offered ${offered}, accepted ${accepted}`);
  };
  for (const type of SIMPLE) check(type, allowed[type], accepts(m, seat, { type }));
  check('play', allowed.play, accepts(m, seat, somePlay(m)));
  // Every level offered is accepted; the reducer also takes levels above what the game is
  // worth (scored at its most), and levels that give the opponent what the one below does
  // (the match, or as many points), which are not offered.
  const most = rulesOf(m.game.settings).maxPoints ?? 2;
  const gains = new Map<number, string | null>();
  const gain = (level: 1 | 2 | 3) => {
    if (!gains.has(level)) gains.set(level, gainIfAccepted(m, seat, level));
    return gains.get(level);
  };
  for (const level of [1, 2, 3] as const) {
    const choice = allowed.resign.find((c) => c.level === level);
    const accepted = level <= most && accepts(m, seat, { type: 'resign', level });
    const sameAsBelow = level > 1 && accepted && gain(level) === gain((level - 1) as 1 | 2);
    check(`resign ${level}`, choice !== undefined, accepted && !sameAsBelow);
    // The points offered are what the accepted resignation scores.
    const scored = choice ? scoredIfAccepted(m, seat, level) : null;
    if (choice && scored !== choice.points) out.push(`resign ${level}: says ${choice.points}, scores ${scored}`);
  }
  if (allowed.doubleUseless && !allowed.double) out.push('a useless double that is not allowed');
  // What is offered is also what the server lets through: the seat is the one to act.
  if (allowed !== NOTHING_ALLOWED && actorOf(m.game) !== seat) out.push('offered to a seat not to act');
  return out;
}

describe('allowed actions', () => {
  it('offer exactly what the reducer accepts from each seat, through random matches of every game', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GAME_IDS), fc.integer({ min: 1, max: 1_000_000 }), (game, seed) => {
        const played = randomMatch(randomSettings(game, randomSource(seed)), seed, 250);
        for (const [i, m] of played.states.entries()) {
          for (const seat of [0, 1] as const) {
            const wrong = disagreements(m, seat);
            if (wrong.length > 0) expect.fail(`${game} seed ${seed} state ${i} seat ${seat}: ${wrong.join('; ')}`);
          }
          expect(allowedActions(m, null)).toBe(NOTHING_ALLOWED);
        }
      }),
      { numRuns: 40 },
    );
  });

  const match = (over: Partial<MatchSettings> = {}): MatchState => newMatch({ ...MATCH_DEFAULTS, ...over });
  const flags = (a: AllowedActions): string[] =>
    Object.entries(a)
      .filter(([, v]) => v === true)
      .map(([k]) => k);

  it('the player on roll may roll, double and resign; his opponent nothing', () => {
    const m = toRollPhase(match(), 0);
    expect(flags(allowedActions(m, 0))).toEqual(['roll', 'double']);
    expect(allowedActions(m, 0).resign).toEqual([
      { level: 1, points: 1 },
      { level: 2, points: 2 },
      { level: 3, points: 3 },
    ]);
    expect(allowedActions(m, 1)).toBe(NOTHING_ALLOWED);
  });

  it('nobody acts while the opening roll is due', () => {
    const m = match();
    expect(allowedActions(m, 0)).toBe(NOTHING_ALLOWED);
    expect(allowedActions(m, 1)).toBe(NOTHING_ALLOWED);
  });

  it('a money double may be beavered, then raccooned, when the session allows it', () => {
    let m = toRollPhase(match({ length: 0, beaver: true, raccoon: true }), 0);
    m = apply(m, { type: 'double', player: 0 });
    expect(flags(allowedActions(m, 1))).toEqual(['take', 'drop', 'beaver']);
    m = apply(m, { type: 'beaver', player: 1 });
    expect(flags(allowedActions(m, 0))).toEqual(['take', 'drop', 'raccoon']);
    m = apply(m, { type: 'raccoon', player: 0 });
    expect(flags(allowedActions(m, 1))).toEqual(['take', 'drop']);
    expect(allowedActions(m, 0)).toBe(NOTHING_ALLOWED);
  });

  it('a resignation gives away its level times the cube, single only under Jacoby while the cube is unturned', () => {
    const points = (m: MatchState, seat: Player) => allowedActions(m, seat).resign.map((c) => c.points);
    const doubled = apply(
      toRollPhase(match({ length: 0 }), 0),
      { type: 'double', player: 0 },
      { type: 'take', player: 1 },
    );
    expect(points(doubled, 0)).toEqual([2, 4, 6]);
    // Under Jacoby a gammon or a backgammon gives away the single's point: one choice.
    expect(points(toRollPhase(match({ length: 0, jacoby: true }), 0), 0)).toEqual([1]);
  });

  it('in a 1-point match, or a point from the end, resigning is one choice: every level gives the match', () => {
    const one = toRollPhase(match({ length: 1 }), 0);
    expect(allowedActions(one, 0).resign).toEqual([{ level: 1, points: 1 }]);
    // 3-point match at 0-2: a single gives the leader the match, so a gammon is the same choice.
    const leaderNeedsOne = toRollPhase(resignGame(match({ length: 3 }), 0, 2), 0);
    expect(leaderNeedsOne.score).toEqual([0, 2]);
    expect(allowedActions(leaderNeedsOne, 0).resign.map((c) => c.level)).toEqual([1]);
    // The trailer needs 3: a single, a gammon and a backgammon still differ for his opponent.
    const trailerToResign = toRollPhase(resignGame(match({ length: 3 }), 0, 2), 1);
    expect(allowedActions(trailerToResign, 1).resign.map((c) => c.level)).toEqual([1, 2, 3]);
  });

  it('the cube is in play only where it can be turned or has been', () => {
    expect(cubeInPlay(toRollPhase(match({ length: 7 }), 0).game)).toBe(true);
    expect(cubeInPlay(toRollPhase(match({ length: 0 }), 0).game)).toBe(true);
    // A 1-point match: the cube limit is 1, no double is ever offered.
    expect(cubeInPlay(toRollPhase(match({ length: 1 }), 0).game)).toBe(false);
    // Games played without a cube.
    expect(cubeInPlay(toRollPhase(match({ cycle: [{ game: 'plakoto' }] }), 0).game)).toBe(false);
    // The Crawford game, then the game after it.
    const crawford = resignGame(match({ length: 3 }), 1, 2);
    expect(cubeInPlay(toRollPhase(crawford, 0).game)).toBe(false);
    expect(cubeInPlay(toRollPhase(resignGame(crawford, 0, 1), 0).game)).toBe(true);
    // Both a point away: no double can change the match.
    const dmp = resignGame(resignGame(match({ length: 3 }), 1, 2), 0, 2);
    expect(dmp.score).toEqual([2, 2]);
    expect(cubeInPlay(toRollPhase(dmp, 0).game)).toBe(false);
  });

  it('games without backgammons resign at single or gammon', () => {
    const m = toRollPhase(match({ cycle: [{ game: 'long-nardy' }] }), 1);
    expect(allowedActions(m, 1).resign.map((c) => c.level)).toEqual([1, 2]);
    expect(allowedActions(m, 1).double).toBe(false);
  });

  it('the post-Crawford leader may double, but the double is useless; the trailer’s is not', () => {
    let m = resignGame(match({ length: 3 }), 1, 2);
    expect(m.crawford).toBe('active');
    m = resignGame(m, 0, 1);
    expect(m.score).toEqual([2, 1]);
    const leader = toRollPhase(m, 0);
    expect(allowedActions(leader, 0)).toMatchObject({ double: true, doubleUseless: true });
    const trailer = toRollPhase(apply(m, openingFor(0)), 1);
    expect(allowedActions(trailer, 1)).toMatchObject({ double: true, doubleUseless: false });
  });

  it('the Crawford game has no double', () => {
    const m = toRollPhase(resignGame(match({ length: 3 }), 1, 2), 0);
    expect(allowedActions(m, 0)).toMatchObject({ roll: true, double: false, doubleUseless: false });
  });
});
