/**
 * Simulated tournaments, pure: a seeded generator stands in for the matches (the
 * stronger player wins as often as the rating gap says, and a few matches are forfeited), and
 * every round is checked as it is drawn. The server-level run with bots comes with the server.
 */
import { unwrap } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import {
  createKnockout,
  type Knockout,
  knockoutFinished,
  knockoutPending,
  knockoutPodium,
  knockoutWinner,
  pairSwissRound,
  recordKnockoutResult,
  recordSwissResult,
  type SwissGame,
  type SwissStanding,
  standingOrder,
  swissRoundGames,
  swissStandings,
  type TournamentPlayer,
  type TournamentResultKind,
} from '../src/tournament/index.js';
import { randomSource } from './support/random-match.js';

function entrants(n: number, random: () => number): TournamentPlayer[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: Math.round(1200 + random() * 900) }));
}

/** A match between a and b: the winner by the FIBS-style win chance, 1 in 20 decided by forfeit. */
function playMatch(a: TournamentPlayer, b: TournamentPlayer, random: () => number): [string, TournamentResultKind] {
  const aWins = 1 / (1 + 10 ** ((b.rating - a.rating) / 2000));
  const winner = random() < aWins ? a.id : b.id;
  return [winner, random() < 0.05 ? 'forfeit' : 'win'];
}

const pairKey = (a: string, b: string) => [a, b].sort().join('+');

function runSwiss(seed: number, n: number, rounds: number, withdrawAfter: number) {
  const random = randomSource(seed);
  const players = entrants(n, random);
  const byId = new Map(players.map((p) => [p.id, p]));
  let active = players.map((p) => p.id);
  let games: SwissGame[] = [];
  const met = new Set<string>();
  const byes = new Set<string>();
  for (let round = 1; round <= rounds; round++) {
    const draw = unwrap(pairSwissRound(players, games, active));
    expect(draw.round).toBe(round);
    const seated = [...draw.pairs.flat(), ...(draw.bye === null ? [] : [draw.bye])];
    expect([...seated].sort()).toEqual([...active].sort());
    expect(draw.bye === null).toBe(active.length % 2 === 0);
    if (draw.bye !== null) {
      expect(byes.has(draw.bye)).toBe(false);
      byes.add(draw.bye);
    }
    for (const [a, b] of draw.pairs) {
      expect(a).not.toBe(b);
      expect(met.has(pairKey(a, b))).toBe(false);
      met.add(pairKey(a, b));
    }
    // Dutch: players meet their own score group; only an odd group sends one player down.
    const before = unwrap(swissStandings(players, games));
    const score = new Map(before.map((s) => [s.id, s.score]));
    const groups = new Set(active.map((id) => score.get(id)));
    const across = draw.pairs.filter(([a, b]) => score.get(a) !== score.get(b));
    expect(across.length).toBeLessThanOrEqual(groups.size - 1);
    games = [...games, ...swissRoundGames(draw)];
    for (const [a, b] of draw.pairs) {
      const [winner, kind] = playMatch(byId.get(a)!, byId.get(b)!, random);
      games = unwrap(recordSwissResult(games, round, winner, kind));
    }
    const table = unwrap(swissStandings(players, games));
    checkStandings(table, players, games.length);
    if (round === withdrawAfter) active = active.filter((id) => id !== table[0]!.id);
  }
  return { players, games, table: unwrap(swissStandings(players, games)) };
}

function checkStandings(table: readonly SwissStanding[], players: readonly TournamentPlayer[], points: number) {
  expect(table.map((s) => s.id).sort()).toEqual(players.map((p) => p.id).sort());
  expect(table.map((s) => s.rank)).toEqual(players.map((_, i) => i + 1));
  for (let i = 1; i < table.length; i++) expect(standingOrder(table[i - 1]!, table[i]!)).toBeLessThan(0);
  expect(table.reduce((sum, s) => sum + s.score, 0)).toBe(points);
}

describe('a 64-player Swiss of 7 rounds', () => {
  it.each([1, 2, 3])('runs to the end with seed %i: every round valid, no repeats, byes once', (seed) => {
    // The leader after round 3 withdraws: 63 play on, so rounds 4 to 7 each have a bye.
    const { games, table } = runSwiss(seed, 64, 7, 3);
    expect(games.filter((g) => g.b === null)).toHaveLength(4);
    expect(table[0]!.score).toBeGreaterThanOrEqual(5);
    expect(table.every((s) => s.score <= 7 && s.played + s.byes <= 7)).toBe(true);
    const withdrawn = table.find((s) => s.played + s.byes === 3);
    expect(withdrawn?.score).toBe(3);
  });

  it('is deterministic: the same seed gives the same draws and standings', () => {
    expect(runSwiss(7, 64, 7, 0).table).toEqual(runSwiss(7, 64, 7, 0).table);
  });
});

describe('a Swiss longer than a round robin', () => {
  it('still draws every round validly when repeats can no longer be avoided', () => {
    const random = randomSource(11);
    const players = entrants(12, random);
    let games: SwissGame[] = [];
    for (let round = 1; round <= 14; round++) {
      const draw = unwrap(pairSwissRound(players, games));
      const seated = draw.pairs.flat();
      expect([...seated].sort()).toEqual(players.map((p) => p.id).sort());
      expect(draw.pairs.every(([a, b]) => a !== b)).toBe(true);
      games = [...games, ...swissRoundGames(draw)];
      for (const [a] of draw.pairs) games = unwrap(recordSwissResult(games, round, a, 'win'));
    }
    const pairings = new Set(games.map((g) => [g.a, g.b].sort().join('+')));
    expect(pairings.size).toBeGreaterThanOrEqual(60); // most of the 66 possible pairings were used
    checkStandings(unwrap(swissStandings(players, games)), players, games.length);
  });
});

describe('a 32-player knock-out', () => {
  function runKnockout(seed: number): Knockout {
    const random = randomSource(seed);
    const players = entrants(32, random);
    const byId = new Map(players.map((p) => [p.id, p]));
    let k = unwrap(createKnockout(players, { thirdPlace: true }));
    const sizes: number[] = [];
    for (let pending = knockoutPending(k); pending.length > 0; pending = knockoutPending(k)) {
      sizes.push(pending.length);
      const seated = pending.flatMap((m) => [m.a!, m.b!]);
      expect(new Set(seated).size).toBe(seated.length);
      for (const m of pending) {
        const [winner, kind] = playMatch(byId.get(m.a!)!, byId.get(m.b!)!, random);
        k = unwrap(recordKnockoutResult(k, m.id, winner, kind));
      }
    }
    expect(sizes).toEqual([16, 8, 4, 2, 2]); // the final and the third-place match together
    return k;
  }

  it.each([1, 2, 3])('runs to one winner in 5 rounds with seed %i, with a third-place match', (seed) => {
    const k = runKnockout(seed);
    expect(k.rounds.map((r) => r.length)).toEqual([16, 8, 4, 2, 1]);
    expect(knockoutFinished(k)).toBe(true);
    const winner = knockoutWinner(k)!;
    expect(k.rounds.every((r) => r.some((m) => m.winner === winner))).toBe(true);
    const podium = knockoutPodium(k)!;
    expect(new Set([podium.first, podium.second, podium.third]).size).toBe(3);
    const semiLosers = k.rounds[3]!.map((m) => (m.winner === m.a ? m.b : m.a));
    expect(semiLosers).toContain(podium.third);
  });
});
