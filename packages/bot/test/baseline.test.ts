import { GAME_IDS, makePosition, rulesFor, THEM } from '@zar/engine';
import { MATCH_DEFAULTS, type MatchState, newMatch, seededDice, step } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { type BaselineLevel, baselineAgent, isRace, shouldDouble, shouldTake } from '../src/index.js';

async function playMatch(
  game: (typeof GAME_IDS)[number],
  seed: number,
  a: BaselineLevel,
  b: BaselineLevel,
  length = 3,
) {
  let m: MatchState = newMatch({ ...MATCH_DEFAULTS, length, cycle: [{ game }] });
  const dice = seededDice(`baseline-${game}-${seed}`);
  const agents = [baselineAgent(a, seed), baselineAgent(b, seed + 1000)] as const;
  let actions = 0;
  while (m.winner === null) {
    const r = await step(m, agents, dice);
    if (!r.ok) throw new Error(`${game}: ${r.error.code} ${r.error.message}`);
    m = r.value.match;
    actions++;
    if (actions > 20_000) throw new Error('match did not end');
  }
  return m;
}

describe('baseline bot', () => {
  it.each(GAME_IDS)('plays whole %s matches with only legal actions', async (game) => {
    for (let seed = 1; seed <= 2; seed++) {
      const m = await playMatch(game, seed, 'club', 'casual');
      expect(m.winner === 0 || m.winner === 1).toBe(true);
      expect(Math.max(...m.score)).toBe(3);
    }
  });

  it('the expert level beats the beginner level over ten fixed-seed backgammon matches', async () => {
    let expertWins = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const m = await playMatch('backgammon', seed, seed % 2 ? 'expert' : 'beginner', seed % 2 ? 'beginner' : 'expert');
      if (m.winner === (seed % 2 ? 0 : 1)) expertWins++;
    }
    expect(expertWins).toBeGreaterThanOrEqual(8);
  });

  it('uses the cube in backgammon matches', async () => {
    let doubles = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const m = await playMatch('backgammon', seed, 'club', 'club', 7);
      doubles += m.results.filter((r) => r.points >= 2 || r.kind === 'drop').length;
    }
    expect(doubles).toBeGreaterThan(0);
  });
});

describe('baseline cube decisions', () => {
  const bg = rulesFor('backgammon');
  const race = (mine: number, theirs: number) => {
    // A race: all my checkers on my 6 and 5, all of his on his; pips set by the split.
    const b = new Int8Array(52);
    const fill = (base: number, pips: number) => {
      const sixes = Math.max(0, Math.min(15, pips - 75));
      b[base + 6] = sixes;
      b[base + 5] = 15 - sixes;
    };
    fill(0, mine);
    fill(THEM, theirs);
    return makePosition('backgammon', b);
  };
  const money = newMatch({ ...MATCH_DEFAULTS, length: 0 });

  it('recognises a race', () => {
    expect(isRace(bg, race(80, 85))).toBe(true);
    expect(isRace(bg, bg.start())).toBe(false);
  });

  it('doubles a race with a 10% lead and takes it; passes at 25%', () => {
    const p = race(80, 88);
    expect(bg.pips(p)).toEqual([80, 88]);
    expect(shouldDouble(bg, p, money, 0)).toBe(true);
    expect(shouldTake(bg, p, money, 1)).toBe(true);
    const q = race(76, 90);
    expect(shouldTake(bg, q, money, 1)).toBe(false);
  });

  it('does not double an even start', () => {
    expect(shouldDouble(bg, bg.start(), money, 0)).toBe(false);
  });

  it('post-Crawford: the trailer doubles at once and the leader takes', () => {
    const m = { ...newMatch({ ...MATCH_DEFAULTS, length: 5 }), score: [1, 4] as const, crawford: 'done' as const };
    expect(shouldDouble(bg, bg.start(), m, 0)).toBe(true);
    expect(shouldTake(bg, bg.start(), m, 1)).toBe(true);
  });
});
