import { readFileSync } from 'node:fs';
import { makePositionId } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GameAction, MATCH_DEFAULTS, type MatchState, matchReducer, newMatch } from '../src/index.js';
import { type MatchIdInfo, makeMatchId, matchIdOf, parseMatchId } from '../src/match-id.js';

interface Step {
  readonly action: GameAction;
  readonly matchId: string;
  readonly positionId: string;
}
interface Scenario {
  readonly name: string;
  readonly settings: { length: number; jacoby?: boolean; beaver?: boolean; raccoon?: boolean };
  readonly steps: readonly Step[];
}

const fixture = JSON.parse(readFileSync(new URL('./fixtures/match-ids.json', import.meta.url), 'utf8')) as {
  scenarios: Scenario[];
};

const decode = (id: string): MatchIdInfo => {
  const r = parseMatchId(id);
  if (!r.ok) expect.fail(r.error.message);
  return r.value;
};

describe('Match IDs printed by gnubg 1.07 (fixtures/match-ids.json, tools/gnubg-match-ids.py)', () => {
  it('has four scenarios with over 700 steps between them', () => {
    expect(fixture.scenarios).toHaveLength(4);
    expect(fixture.scenarios.reduce((n, s) => n + s.steps.length, 0)).toBeGreaterThan(700);
  });

  for (const scenario of fixture.scenarios) {
    it(`Zar's state after every action has gnubg's Match ID: ${scenario.name}`, () => {
      let m: MatchState = newMatch({ ...MATCH_DEFAULTS, ...scenario.settings });
      scenario.steps.forEach((step, i) => {
        const r = matchReducer(m, step.action);
        if (!r.ok) expect.fail(`step ${i} ${JSON.stringify(step.action)}: ${r.error.message}`);
        m = r.value;
        // After a raccoon is taken the beaver side owns the cube, as in gnubg.
        expect(matchIdOf(m), `step ${i} ${JSON.stringify(step.action)}`).toBe(step.matchId);
        if (decode(step.matchId).gameState === 'playing') {
          expect(makePositionId(m.game.position), `step ${i}`).toBe(step.positionId);
        }
      });
      expect(scenario.steps.length).toBeGreaterThan(0);
    });
  }

  it('decodes the first Crawford opening: 3-point match, 0-2, player 1 rolled 5-2', () => {
    // Hand-checked from the fixture's scenario 1, step 12: opening 2 (player 0) against 5.
    expect(decode('8IlqAAAAEAAE')).toEqual({
      cube: 1,
      cubeOwner: null,
      onRoll: 1,
      toDecide: 1,
      crawford: true,
      gameState: 'playing',
      doubled: false,
      resigned: 0,
      dice: [5, 2],
      matchLength: 3,
      score: [0, 2],
      jacoby: false,
    });
  });

  it('sets bit 66 when the Jacoby rule is not in force: the same money state with and without it', () => {
    // gnubg printed these after `new session` and an opening 3-1, with `set jacoby on` / `off`.
    expect(decode('MIEFAAAAAAAA').jacoby).toBe(true);
    expect(decode('MIEFAAAAAAAE').jacoby).toBe(false);
  });

  it('reads every fixture ID back to itself', () => {
    for (const s of fixture.scenarios)
      for (const step of s.steps) expect(makeMatchId(decode(step.matchId))).toBe(step.matchId);
  });
});

const info: fc.Arbitrary<MatchIdInfo> = fc
  .record({
    cube: fc.integer({ min: 0, max: 15 }).map((e) => 2 ** e),
    cubeOwner: fc.constantFrom(null, 0 as const, 1 as const),
    onRoll: fc.constantFrom(0 as const, 1 as const),
    toDecide: fc.constantFrom(0 as const, 1 as const),
    crawford: fc.boolean(),
    gameState: fc.constantFrom(
      'none' as const,
      'playing' as const,
      'over' as const,
      'resigned' as const,
      'dropped' as const,
    ),
    doubled: fc.boolean(),
    resigned: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
    dice: fc.option(
      fc
        .tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }))
        .map(([a, b]) => [Math.max(a, b), Math.min(a, b)] as const),
    ),
    matchLength: fc.integer({ min: 0, max: 0x7fff }),
    score: fc.tuple(fc.integer({ min: 0, max: 0x7fff }), fc.integer({ min: 0, max: 0x7fff })),
    jacoby: fc.boolean(),
  })
  .map((x) => ({
    ...x,
    crawford: x.matchLength > 0 && x.crawford,
    score: (x.matchLength > 0 ? x.score.map((s) => s % (x.matchLength + 1)) : x.score) as [number, number],
  }));

describe('Match ID round trip', () => {
  it('parseMatchId(makeMatchId(x)) is x', () => {
    fc.assert(
      fc.property(info, (x) => {
        const r = parseMatchId(makeMatchId(x));
        expect(r.ok && r.value).toEqual(x);
      }),
    );
  });

  it('writes the larger die first, as gnubg does', () => {
    const base = decode('8IlqAAAAEAAE');
    expect(makeMatchId({ ...base, dice: [2, 5] })).toBe('8IlqAAAAEAAE');
  });
});

describe('bad Match IDs are errors', () => {
  const cases: [string, RegExp][] = [
    ['MIFlAAAAAAA', /12 characters/],
    ['MIFlAAAAAAA!', /not Base64/],
    // hand-made: cube owner bits 4-5 = 2 (first byte 0x20 → "IA...")
    ['IAAAAAAAAAAA', /cube owner is 2/],
    // game state bits 8-10 = 7
    ['AAcAAAAAAAAA', /game state 7/],
    // die 1 = 7 (bits 15-17): byte 1 bit 7 and byte 2 bits 0-1
    ['AIADAAAAAAAA', /dice 7/],
    // only die 2 (bits 18-20) = 1: byte 2 bit 2
    ['AAAEAAAAAAAA', /one die/],
    // money play (length 0) with the Crawford bit 7
    ['gAAAAAAAAAAA', /no Crawford/],
    // length 1, score 0 = 2: bits 21 and 37
    ['AAAgAACAAAAA', /past the match length/],
    // bit 67 set (last character, value 8)
    ['AAAAAAAAAAAI', /unused/],
  ];
  for (const [id, message] of cases) {
    it(`${id}: ${message.source}`, () => {
      const r = parseMatchId(id);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('ERR_MATCH_ID');
        expect(r.error.message).toMatch(message);
      }
    });
  }
});

describe('matchIdOf outside gnubg scenarios', () => {
  it('before the first opening roll: gnubg\'s "no game" state with the match length', () => {
    const x = decode(matchIdOf(newMatch({ ...MATCH_DEFAULTS, length: 7 })));
    expect(x).toMatchObject({ gameState: 'none', matchLength: 7, score: [0, 0], cube: 1, cubeOwner: null, dice: null });
  });
});
