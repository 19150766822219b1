import { describe, expect, it } from 'vitest';
import table from '../data/met-kazaross-xg2.json' with { type: 'json' };
import {
  type CrawfordFlags,
  empcToEquity,
  equityToEmpc,
  MET_MAX_AWAY,
  type MetScore,
  matchEquity,
  metScore,
} from '../src/met.js';

function me(a: number, b: number, flags: CrawfordFlags = {}): number {
  const r = matchEquity(a, b, flags);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function score(a: number, b: number, flags: CrawfordFlags = {}): MetScore {
  const r = metScore(a, b, flags);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const CRAWFORD = { crawford: true };
const POST = { postCrawford: true };
const aways = Array.from({ length: MET_MAX_AWAY }, (_, i) => i + 1);

describe('Kazaross-XG2 table', () => {
  it('names its source', () => {
    expect(table.source).toContain('Kazaross-XG2.xml');
    expect(table.generatedBy).toBe('packages/match/tools/import-met.py');
    expect(table.notice).toContain('Neil Kazaross');
  });

  it('matches cells read by hand from /usr/share/gnubg/met/Kazaross-XG2.xml', () => {
    // [awayMe, awayThem, flags, value, where in the XML]
    const anchors: [number, number, CrawfordFlags, number, string][] = [
      [1, 2, CRAWFORD, 0.67736, 'line 35: pre-Crawford row 1, entry 2'],
      [2, 1, CRAWFORD, 0.32264, 'line 62: pre-Crawford row 2, entry 1'],
      [2, 3, {}, 0.59947, 'line 64: pre-Crawford row 2, entry 3'],
      [3, 5, {}, 0.64795, 'line 94: pre-Crawford row 3, entry 5'],
      [7, 3, {}, 0.23791, 'line 204: pre-Crawford row 7, entry 3'],
      [25, 1, CRAWFORD, 0.00095, 'line 706: pre-Crawford row 25, entry 1'],
      [2, 1, POST, 0.48803, 'line 738: post-Crawford entry 2'],
      [5, 1, POST, 0.19012, 'line 741: post-Crawford entry 5'],
      [1, 5, POST, 1 - 0.19012, 'line 741, seen by the leader'],
    ];
    for (const [a, b, flags, value] of anchors) expect(me(a, b, flags)).toBeCloseTo(value, 10);
  });

  it('1-away 1-away is 0.5 (double match point)', () => {
    expect(me(1, 1, POST)).toBe(0.5);
    expect(me(1, 1)).toBe(0.5);
  });
});

describe('matchEquity', () => {
  it('is symmetric: E(a, b) + E(b, a) = 1 at every score', () => {
    for (const a of aways) {
      for (const b of aways) {
        const oneAway = a === 1 || b === 1;
        const phases = oneAway ? (a === b ? [POST] : [CRAWFORD, POST]) : [{}];
        for (const flags of phases) expect(me(a, b, flags) + me(b, a, flags)).toBeCloseTo(1, 12);
      }
    }
  });

  it('falls as I need more points and rises as the opponent does', () => {
    for (const a of aways.slice(1, -1)) {
      for (const b of aways.slice(1)) {
        expect(me(a + 1, b)).toBeLessThan(me(a, b));
        expect(me(b, a + 1)).toBeGreaterThan(me(b, a));
      }
    }
    for (const b of aways.slice(1, -1)) {
      expect(me(b + 1, 1, POST)).toBeLessThanOrEqual(me(b, 1, POST));
      expect(me(b + 1, 1, CRAWFORD)).toBeLessThan(me(b, 1, CRAWFORD));
    }
  });

  it('0 away (or less) means the match is won', () => {
    expect(me(0, 5)).toBe(1);
    expect(me(-2, 5)).toBe(1);
    expect(me(5, 0)).toBe(0);
    expect(me(0, 40)).toBe(1);
  });

  it('rejects scores and phases that cannot be looked up', () => {
    const bad: [number, number, CrawfordFlags, string][] = [
      [26, 3, {}, 'ERR_MET_AWAY'],
      [3, 26, {}, 'ERR_MET_AWAY'],
      [2.5, 3, {}, 'ERR_MET_AWAY'],
      [Number.NaN, 3, {}, 'ERR_MET_AWAY'],
      [0, 0, {}, 'ERR_MET_AWAY'],
      [0, 2.5, {}, 'ERR_MET_AWAY'],
      [1, 3, {}, 'ERR_MET_PHASE'],
      [3, 4, CRAWFORD, 'ERR_MET_PHASE'],
      [3, 4, POST, 'ERR_MET_PHASE'],
      [1, 1, CRAWFORD, 'ERR_MET_PHASE'],
      [1, 3, { crawford: true, postCrawford: true }, 'ERR_MET_PHASE'],
    ];
    for (const [a, b, flags, code] of bad) {
      const r = matchEquity(a, b, flags);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(code);
    }
  });
});

describe('equity and EMPC', () => {
  it('maps -1 / 0 / +1 to losing, the midpoint and winning one cube', () => {
    // 4-away 4-away, cube 1: win -> 3a-4a = 0.5715, lose -> 4a-3a = 0.4285 (XML rows 3 and 4).
    const s = score(4, 4);
    const at = (eq: number) => {
      const r = equityToEmpc(eq, s, 1);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    expect(at(1)).toBeCloseTo(0.5715, 10);
    expect(at(-1)).toBeCloseTo(0.4285, 10);
    expect(at(0)).toBeCloseTo(0.5, 10);
  });

  it('the game after the first arrival at 1 away is the Crawford game', () => {
    // 3a-2a, I win 2 points: 1a-2a in the Crawford game = 0.67736, not post-Crawford 0.51197.
    const r = equityToEmpc(1, score(3, 2), 2);
    expect(r.ok && r.value).toBeCloseTo(0.67736, 10);
  });

  it('round-trips through empcToEquity', () => {
    for (const [a, b, cube] of [
      [4, 4, 1],
      [7, 3, 2],
      [2, 5, 4],
    ] as const) {
      for (const eq of [-2.5, -1, -0.3, 0, 0.7, 1, 2.2]) {
        const m = equityToEmpc(eq, score(a, b), cube);
        if (!m.ok) throw new Error(m.error.message);
        const back = empcToEquity(m.value, score(a, b), cube);
        expect(back.ok && back.value).toBeCloseTo(eq, 10);
      }
    }
  });

  it('rejects a cube that is not a power of two', () => {
    const r = equityToEmpc(0, score(4, 4), 3);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_MET_CUBE');
  });
});
