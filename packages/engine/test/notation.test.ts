import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BAR,
  type Dice,
  formatPlay,
  GAME_IDS,
  type GameId,
  matchPlay,
  type Play,
  type Position,
  parsePlay,
  rulesFor,
  samePosition,
  THEM,
} from '../src/index.js';
import { build } from './support/build.js';

const bg = rulesFor('backgammon');

/** Checkers per point in the side's own numbering; key 25 is the bar. */
type Side = Readonly<Record<number, number>>;

function bgPosition(mine: Side, theirs: Side): Position {
  const spec = (s: Side) => {
    const { [BAR]: bar = 0, ...points } = s;
    return { points, bar };
  };
  return build('backgammon', spec(mine), spec(theirs));
}

/**
 * The mover's board after single-die moves, applied by hand and independently of the
 * engine: a landing on a lone opposing checker sends it to the bar.
 */
function boardAfter(pos: Position, tuple: readonly number[]): number[] {
  const b = Array.from(pos.board);
  for (let i = 0; i < tuple.length; i += 2) {
    const from = tuple[i] as number;
    const to = tuple[i + 1] as number;
    b[from] = (b[from] ?? 0) - 1;
    b[to] = (b[to] ?? 0) + 1;
    const theirs = THEM + 25 - to;
    if (to > 0 && b[theirs] === 1) {
      b[theirs] = 0;
      b[THEM + BAR] = (b[THEM + BAR] ?? 0) + 1;
    }
  }
  return b;
}

/** The legal play that ends where the moves end. */
function playOf(pos: Position, dice: Dice, tuple: readonly number[]): Play {
  const want = boardAfter(pos, tuple).join(',');
  const found = bg.legalPlays(pos, dice).find((p) => Array.from(bg.swapSides(p.next).board).join(',') === want);
  if (!found) throw new Error(`no legal play of ${dice} gives ${JSON.stringify(tuple)}`);
  return found;
}

const START: Side = { 24: 2, 13: 5, 8: 3, 6: 5 };
const BLOT_ON_MY_10: Side = { 24: 2, 15: 1, 13: 4, 8: 3, 6: 5 };
const BLOT_ON_MY_7: Side = { 24: 2, 18: 1, 13: 4, 8: 3, 6: 5 };
const ON_BAR: Side = { 25: 1, 24: 1, 13: 5, 8: 3, 6: 5 };
const BLOT_ON_MY_22: Side = { 24: 2, 13: 4, 8: 3, 6: 5, 3: 1 };
const HOME: Side = { 6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2 };
const OUTSIDE: Side = { 13: 5, 8: 5, 6: 5 };

/** Position, dice, the play as gnubg's move tuple (from, to, from, to, ...), text, source. */
type Row = readonly [Side, Side, Dice, readonly number[], string, string];

// Every expected text is gnubg 1.07's `gnubg.movetupletostring` for the same position (set
// by XGID) and the same move tuple; each row names the notation form it covers.
const GNUBG = 'gnubg 1.07 movetupletostring';
const GOLDEN: readonly Row[] = [
  [START, START, [3, 1], [8, 5, 6, 5], '8/5 6/5', `${GNUBG}; two checkers to one point`],
  [START, BLOT_ON_MY_10, [3, 1], [13, 10, 6, 5], '13/10* 6/5', `${GNUBG}; hit`],
  [START, BLOT_ON_MY_7, [6, 3], [13, 7, 7, 4], '13/7*/4', `${GNUBG}; hit on the way`],
  [ON_BAR, BLOT_ON_MY_22, [3, 6], [25, 22, 13, 7], 'bar/22* 13/7', `${GNUBG}; entering with a hit`],
  [ON_BAR, BLOT_ON_MY_22, [3, 6], [25, 22, 22, 16], 'bar/22*/16', `${GNUBG}; enter, hit, go on`],
  [ON_BAR, { 24: 2, 13: 5, 8: 3, 6: 4 }, [3, 6], [25, 22, 24, 18], 'bar/22 24/18', `${GNUBG}; entering`],
  [HOME, OUTSIDE, [6, 5], [6, 0, 5, 0], '6/off 5/off', `${GNUBG}; bearing off`],
  [HOME, OUTSIDE, [6, 6], [6, 0, 6, 0, 5, 0, 5, 0], '6/off(2) 5/off(2)', `${GNUBG}; bear-off repeats`],
  [{ 3: 1, 2: 4, 1: 2 }, OUTSIDE, [6, 5], [3, 0, 2, 0], '3/off 2/off', `${GNUBG}; larger dice bear off`],
  [START, START, [6, 6], [24, 18, 24, 18, 13, 7, 13, 7], '24/18(2) 13/7(2)', `${GNUBG}; 6-6 repeats`],
  [START, START, [6, 5], [24, 18, 18, 13], '24/13', `${GNUBG}; one checker, merged`],
  [START, START, [1, 1], [8, 7, 8, 7, 6, 5, 6, 5], '8/7(2) 6/5(2)', `${GNUBG}; 1-1 repeats`],
  [START, START, [4, 4], [24, 20, 24, 20, 20, 16, 20, 16], '24/16(2)', `${GNUBG}; merged and repeated`],
  [START, START, [4, 4], [13, 9, 13, 9, 6, 2, 6, 2], '13/9(2) 6/2(2)', `${GNUBG}; 4-4 repeats`],
  [START, BLOT_ON_MY_7, [6, 6], [24, 18, 24, 18, 13, 7, 13, 7], '24/18(2) 13/7*(2)', `${GNUBG}; hit in a repeat`],
  [START, BLOT_ON_MY_10, [3, 3], [13, 10, 10, 7, 7, 4, 6, 3], '13/10*/4 6/3', `${GNUBG}; 3-3 hit on the way`],
  [START, START, [6, 4], [24, 18, 24, 20], '24/20 24/18', `${GNUBG}; same from-point, smaller first step first`],
  [START, START, [2, 2], [13, 11, 11, 9, 13, 11, 6, 4], '13/9 13/11 6/4', `${GNUBG}; one merged of two`],
  [START, START, [5, 5], [13, 8, 13, 8, 8, 3, 8, 3], '13/3(2)', `${GNUBG}; through an own point`],
];

describe('formatPlay golden table', () => {
  it.each(GOLDEN)('%#: %j %j %j %j -> %s (%s)', (mine, theirs, dice, moves, text) => {
    const pos = bgPosition(mine, theirs);
    expect(bg.validate(pos).ok).toBe(true);
    expect(formatPlay(playOf(pos, dice, moves).steps)).toBe(text);
  });

  it('a pass is the empty string', () => {
    // hand-checked: my checker on the bar faces a closed board, so 6-6 has no play.
    const pos = bgPosition({ 25: 1, 24: 14 }, { 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3 });
    expect(bg.legalPlays(pos, [6, 6])).toEqual([]);
    expect(formatPlay([])).toBe('');
  });
});

describe('parsePlay', () => {
  const same = (a: string, b: string) => {
    const pa = parsePlay(a);
    const pb = parsePlay(b);
    if (!pa.ok || !pb.ok) throw new Error(`${a} / ${b} did not parse`);
    const key = (s: typeof pa.value) => s.map((x) => `${x.from}/${x.to}${x.hit ? '*' : ''}`).sort();
    expect(key(pa.value)).toEqual(key(pb.value));
  };

  it('reads chains, hits and repeats', () => {
    expect(parsePlay('13/7*/4')).toEqual({
      ok: true,
      value: [
        { from: 13, to: 7, hit: true },
        { from: 7, to: 4, hit: false },
      ],
    });
    expect(parsePlay('24/18(2)')).toEqual({
      ok: true,
      value: [
        { from: 24, to: 18, hit: false },
        { from: 24, to: 18, hit: false },
      ],
    });
  });

  it('accepts JellyFish numbers, any case, any order, extra spaces and commas', () => {
    same('25/20 6/0', 'bar/20 6/off');
    same('BAR/22* 13/7', 'Bar/22*,13/7');
    same('  6/OFF ,, 24/18 ', '24/18 6/off');
    same('13/7 * / 4', '13/7*/4');
    same('24/18 (2)', '24/18 24/18');
    same('', '  ');
  });

  const ERRORS: readonly [string, number, string][] = [
    ['13-7', 3, 'unexpected'],
    ['13/15', 4, 'backwards'],
    ['8/5 6', 5, 'needs a destination'],
    ['bar/off/3', 9, 'nothing can follow off'],
    ['13/7(5)', 5, 'repeat count is 1 to 4'],
    ['13/7(2', 5, 'repeat count is written'],
    ['13*/7', 3, 'after the point where'],
    ['6/off*', 6, 'bearing off cannot hit'],
    ['13/26', 4, 'no point 26'],
    ['off/3', 1, 'cannot start from off'],
    ['13/bar', 4, 'cannot move to bar'],
    ['8/', 2, 'must follow'],
    ['8/5(2)(2)', 7, 'only one repeat'],
  ];
  it.each(ERRORS)('%j fails at character %i (%s)', (text, at, words) => {
    const r = parsePlay(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('ERR_NOTATION');
    expect(r.error.message).toContain(words);
    expect(r.error.message).toContain(`at character ${at})`);
  });
});

describe('matchPlay', () => {
  const start = bg.start();

  it('finds one play from merged, split and chained texts', () => {
    const plays = bg.legalPlays(start, [6, 5]);
    const picks = ['24/13', '24/18 18/13', '24/18/13', '18/13 24/18', '24/19/13'].map((t) => matchPlay(plays, t));
    const first = picks[0];
    if (!first?.ok) throw new Error('24/13 did not match');
    for (const p of picks) expect(p.ok && p.value === first.value).toBe(true);
    expect(formatPlay(first.value.steps)).toBe('24/13');
  });

  it('tells illegal, ambiguous and syntax errors apart', () => {
    const plays = bg.legalPlays(start, [6, 5]);
    expect(matchPlay(plays, '24/12').ok).toBe(false);
    const illegal = matchPlay(plays, '24/12');
    expect(!illegal.ok && illegal.error.code).toBe('ERR_ILLEGAL_PLAY');
    const syntax = matchPlay(plays, '24/x');
    expect(!syntax.ok && syntax.error.code).toBe('ERR_NOTATION');
    const none = matchPlay(plays, '');
    expect(!none.ok && none.error.code).toBe('ERR_ILLEGAL_PLAY');
    // A hit mark where the play cannot hit: 13/7 lands on an empty point at the start.
    const wrongHit = matchPlay(bg.legalPlays(start, [6, 1]), '13/7* 8/7');
    expect(!wrongHit.ok && wrongHit.error.code).toBe('ERR_ILLEGAL_PLAY');
  });

  it('is ambiguous only when the text leaves a hit open', () => {
    // hand-checked: blots on my 18 and my 19 (their 7 and 6); with 6-5 the checker from
    // 24 to 13 must hit one of them on the way, and "24/13" does not say which.
    const pos = bgPosition(START, { 24: 2, 13: 5, 8: 3, 7: 1, 6: 1, 5: 3 });
    const plays = bg.legalPlays(pos, [6, 5]);
    const open = matchPlay(plays, '24/13');
    expect(!open.ok && open.error.code).toBe('ERR_AMBIGUOUS_PLAY');
    const via18 = matchPlay(plays, '24/18*/13');
    const via19 = matchPlay(plays, '24/19/13');
    expect(via18.ok && formatPlay(via18.value.steps)).toBe('24/18*/13');
    expect(via19.ok && formatPlay(via19.value.steps)).toBe('24/19*/13');
  });

  it('prefers the play that does not hit where the text does not land', () => {
    // hand-checked: a blot on my 18 (their 7), my 19 (their 6) empty; 24/13 can go by
    // 19 (no hit) or by 18 (hit).
    const pos = bgPosition(START, { 24: 2, 13: 5, 8: 3, 7: 1, 5: 4 });
    const plays = bg.legalPlays(pos, [6, 5]);
    const quiet = matchPlay(plays, '24/13');
    const hit = matchPlay(plays, '24/18/13');
    expect(quiet.ok && formatPlay(quiet.value.steps)).toBe('24/13');
    expect(hit.ok && formatPlay(hit.value.steps)).toBe('24/18*/13');
  });

  it('reports a pass when no play exists', () => {
    const r = matchPlay([], '');
    expect(!r.ok && r.error.message).toContain('passes');
  });
});

/** Walks a random game; calls `check` with every position reached and its legal plays. */
function walk(game: GameId, rolls: readonly Dice[], picks: readonly number[], check: (plays: Play[]) => void) {
  const rules = rulesFor(game);
  let pos = rules.start();
  for (let i = 0; i < rolls.length && !rules.outcome(pos); i++) {
    const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : (rolls[i] as Dice);
    const plays = rules.legalPlays(pos, dice);
    check(plays);
    const pick = plays[(picks[i] ?? 0) % Math.max(1, plays.length)];
    pos = pick ? pick.next : rules.pass(pos, dice);
  }
}

const die = fc.integer({ min: 1, max: 6 });

describe.each(GAME_IDS)('%s: every legal play survives format -> matchPlay', (game) => {
  it('maps back to the same play', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(die, die), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
        (rolls, picks) => {
          walk(game, rolls as Dice[], picks, (plays) => {
            for (const play of plays) {
              const text = formatPlay(play.steps);
              const back = matchPlay(plays, text);
              if (!back.ok) throw new Error(`${text}: ${back.error.code} ${back.error.message}`);
              expect(samePosition(back.value.next, play.next)).toBe(true);
            }
          });
        },
      ),
      { numRuns: game === 'backgammon' ? 60 : 25 },
    );
  });
});
