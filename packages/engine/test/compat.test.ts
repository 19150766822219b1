import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRules,
  currentPosition,
  type Dice,
  destinations,
  diceOf,
  formatPlay,
  GAME_IDS,
  isComplete,
  matchPlay,
  move,
  mustPass,
  type Play,
  type Position,
  play,
  type Rules,
  rulesFor,
  type Step,
  sources,
  startTurn,
  stepsOf,
  THEM,
  type Turn,
  undo,
  unwrap,
} from '../src/index.js';
import { build } from './support/build.js';

/** Every game with its defaults, and the options that move a rule between step and play. */
const VARIANTS: readonly (readonly [string, Rules])[] = [
  ...GAME_IDS.map((g) => [g, rulesFor(g)] as const),
  ['long-nardy final', unwrap(createRules('long-nardy', { blockCheck: 'final' }))],
  ['fevga final', unwrap(createRules('fevga', { restrictionCheck: 'final' }))],
  ['fevga long-nardy prime', unwrap(createRules('fevga', { prime: 'long-nardy' }))],
  ['fevga no prime rule', unwrap(createRules('fevga', { prime: 'none' }))],
  ['plakoto street', unwrap(createRules('plakoto', { motherException: false }))],
];

/** A position reached by random plays, and a roll to play from it. */
function randomSpot(rules: Rules, rolls: readonly Dice[], picks: readonly number[], last: Dice): [Position, Dice] {
  let pos = rules.start();
  for (let i = 0; i < rolls.length; i++) {
    if (rules.outcome(pos)) break;
    const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : (rolls[i] as Dice);
    const plays = rules.legalPlays(pos, dice);
    const pick = plays[(picks[i] ?? 0) % Math.max(1, plays.length)];
    pos = pick ? pick.next : rules.pass(pos, dice);
  }
  return [pos, pos.run > 0 ? [pos.run, pos.run] : last];
}

const die = fc.integer({ min: 1, max: 6 });
const spotArb = fc.tuple(
  fc.array(fc.tuple(die, die), { minLength: 0, maxLength: 90 }),
  fc.array(fc.nat(), { minLength: 90, maxLength: 90 }),
  fc.tuple(die, die),
);

const must = (r: ReturnType<typeof move>): Turn => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

/** The mover's half of a play's resulting position (mid-run in gul bara the mover is still on roll). */
const moverHalf = (next: Position): number[] => {
  const base = next.run > 0 ? 0 : THEM;
  return [...next.board.slice(base, base + 26)];
};

describe.each(VARIANTS)('%s: entering plays step by step', (_name, rules) => {
  it('every legal play can be entered in its own step order and gives that play', () => {
    fc.assert(
      fc.property(spotArb, ([rolls, picks, last]) => {
        const [pos, dice] = randomSpot(rules, rolls, picks, last);
        const start = startTurn(rules, pos, dice);
        const plays = start.context.plays;
        expect(plays.length).toBe(rules.legalPlays(pos, dice).length);
        expect(mustPass(start)).toBe(plays.length === 0);
        for (const legal of plays.slice(0, 40)) {
          let turn = start;
          legal.steps.forEach((s, i) => {
            expect(isComplete(turn)).toBe(false);
            expect(sources(turn)).toContain(s.from);
            expect(destinations(turn, s.from)).toContain(s.to);
            turn = must(move(turn, s.from, s.to, s.die));
            expect(stepsOf(turn)).toHaveLength(i + 1);
          });
          expect(isComplete(turn)).toBe(true);
          expect(play(turn)).toBe(legal);
          expect(sources(turn)).toEqual([]);
          const sent = matchPlay(plays, formatPlay(legal.steps));
          expect(sent.ok && sent.value).toBe(legal);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('any run of offered choices ends in a legal play, never in a dead end', () => {
    fc.assert(
      fc.property(spotArb, fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), ([rolls, picks, last], choices) => {
        const [pos, dice] = randomSpot(rules, rolls, picks, last);
        let turn = startTurn(rules, pos, dice);
        const plays = turn.context.plays;
        let c = 0;
        while (!isComplete(turn)) {
          const from = sources(turn);
          expect(from.length).toBeGreaterThan(0);
          const f = from[(choices[c++] ?? 0) % from.length] as number;
          const to = destinations(turn, f);
          expect(to.length).toBeGreaterThan(0);
          const before = turn;
          turn = must(move(turn, f, to[(choices[c++] ?? 0) % to.length] as number));
          expect(stepsOf(undo(turn))).toEqual(stepsOf(before));
        }
        const made = play(turn);
        if (plays.length === 0) {
          expect(made).toBeNull();
          return;
        }
        expect(made).not.toBeNull();
        expect(plays).toContain(made);
        // The board drawn at the end is the mover's side of the play's result.
        expect([...currentPosition(turn).board.slice(0, 26)]).toEqual(moverHalf((made as Play).next));
        const used = diceOf(turn).used.filter(Boolean).length;
        expect(used).toBe((made as Play).steps.length);
      }),
      { numRuns: 40 },
    );
  });

  it('offers exactly the steps that some legal play continues with (brute force over every step order)', () => {
    fc.assert(
      fc.property(spotArb, ([rolls, picks, last]) => {
        const [pos, dice] = randomSpot(rules, rolls, picks, last);
        checkAgainstBruteForce(rules, pos, dice);
      }),
      { numRuns: 12 },
    );
  });
});

/**
 * Walks every sequence of steps the game's model allows and checks, at every node, that the
 * builder offers a step exactly when some full-length sequence through it ends on the board
 * of a legal play (compared on the mover's half of `Play.next`, not on the builder's keys).
 */
function checkAgainstBruteForce(rules: Rules, pos: Position, dice: Dice): void {
  const plays = rules.legalPlays(pos, dice);
  const length = plays[0]?.steps.length ?? 0;
  const model = (rules.turnModel as NonNullable<Rules['turnModel']>)(pos, dice);
  const finals = new Set(plays.map((p) => moverHalf(p.next).join(',')));
  const high = Math.max(...dice);
  const largerOnly = dice[0] !== dice[1] && length === 1 && plays.every((p) => p.steps[0]?.die === high);
  const all = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];

  const explore = (turn: Turn | null, b: Int8Array, counters: Int32Array, left: number[], path: Step[]): boolean => {
    if (path.length === length) {
      const legal =
        length > 0 && finals.has([...b.slice(0, 26)].join(',')) && (!largerOnly || (path[0] as Step).die === high);
      // No legal play at all: the turn is complete at once, as a pass.
      if (turn) expect(isComplete(turn)).toBe(legal || plays.length === 0);
      return legal;
    }
    const firstSteps = new Set<number>();
    let any = false;
    for (const d of new Set(left)) {
      for (let from = 25; from >= 1; from--) {
        if ((b[from] ?? 0) <= 0) continue;
        const to = model.target(b, from, d, counters);
        if (to < 0) continue;
        const nb = b.slice();
        const nc = counters.slice();
        const hit = model.apply(nb, from, to, nc);
        const rest = [...left];
        rest.splice(rest.indexOf(d), 1);
        const r = turn ? move(turn, from, to, d) : null;
        const good = explore(r?.ok ? r.value : null, nb, nc, rest, [...path, { from, to, die: d, hit }]);
        if (turn) expect(r?.ok).toBe(good);
        if (good) firstSteps.add(from);
        any ||= good;
      }
    }
    if (turn) expect(sources(turn)).toEqual([...firstSteps].sort((x, y) => y - x));
    return any;
  };
  explore(startTurn(rules, pos, dice), pos.board.slice(), new Int32Array(2), all, []);
}

describe('hand-checked turns', () => {
  const bg = rulesFor('backgammon');

  it('backgammon 6-5 from the start: 24 runs to 18 or 13 (19 is his 6 point), 13 and 8 move, 6 cannot', () => {
    const turn = startTurn(bg, bg.start(), [6, 5]);
    expect(sources(turn)).toEqual([24, 13, 8]);
    expect(destinations(turn, 24)).toEqual([18, 13]);
    expect(destinations(turn, 13)).toEqual([8, 7, 2]);
    expect(destinations(turn, 8)).toEqual([3, 2]);
    expect(destinations(turn, 6)).toEqual([]);
    const run = must(move(turn, 24, 13));
    expect(stepsOf(run).map((s) => [s.from, s.to])).toEqual([
      [24, 18],
      [18, 13],
    ]);
    expect(formatPlay((play(run) as Play).steps)).toBe('24/13');
    expect(diceOf(run).used).toEqual([true, true]);
    expect(move(turn, 6, 1).ok).toBe(false);
  });

  it('a checker on the bar must come in first', () => {
    const pos = build(
      'backgammon',
      { points: { 13: 5, 8: 3, 6: 5 }, bar: 2 },
      { points: { 24: 2, 13: 5, 8: 3, 6: 5 } },
    );
    const turn = startTurn(bg, pos, [4, 2]);
    expect(sources(turn)).toEqual([25]);
    expect(destinations(turn, 25)).toEqual([23, 21]);
    const after = must(move(turn, 25, 21));
    expect(sources(after)).toEqual([25]);
    expect(destinations(after, 25)).toEqual([23]);
  });

  it('moving over a blot hits it on the way (the preferred route), one die at a time does not', () => {
    // His blot on his 7 is my 18: 24/18*/13 and 24/19/13 both reach 13.
    const pos = build(
      'backgammon',
      { points: { 24: 2, 13: 5, 8: 3, 6: 5 } },
      { points: { 7: 1, 13: 5, 8: 3, 5: 4, 24: 2 } },
    );
    const turn = startTurn(bg, pos, [6, 5]);
    const direct = must(move(turn, 24, 13));
    expect(formatPlay((play(direct) as Play).steps)).toBe('24/18*/13');
    const quiet = must(move(must(move(turn, 24, 19)), 19, 13));
    expect(formatPlay((play(quiet) as Play).steps)).toBe('24/13');
  });

  it('bearing off: with 5-3 the 2 cannot go off by the 3 while the 5 point is held', () => {
    const pos = build('backgammon', { points: { 5: 1, 2: 1 } }, { points: { 24: 2, 13: 5 } });
    const turn = startTurn(bg, pos, [5, 3]);
    expect(sources(turn)).toEqual([5]);
    // 5/off by the 5, 5/2 by the 3; 5/2/off also reaches off, but the one-die route wins.
    expect(destinations(turn, 5)).toEqual([2, 0]);
    expect(move(turn, 2, 0, 3).ok).toBe(false);
    const after = must(move(turn, 5, 0));
    expect(stepsOf(after).map((s) => s.die)).toEqual([5]);
    expect(destinations(after, 2)).toEqual([0]);
    const other = must(move(turn, 5, 2));
    expect(destinations(other, 2)).toEqual([0]);
    expect(stepsOf(must(move(other, 2, 0))).map((s) => s.die)).toEqual([3, 5]);
  });

  it('when only one die can be played it must be the larger, even where both bear off the same checker', () => {
    // The last checker, on my 2: either die takes it off, and the larger-die rule picks the 6.
    const pos = build('backgammon', { points: { 2: 1 } }, { points: { 24: 2, 13: 5 } });
    const plays = bg.legalPlays(pos, [3, 6]);
    expect(plays.map((p) => [formatPlay(p.steps), p.steps[0]?.die])).toEqual([['2/off', 6]]);
    const turn = startTurn(bg, pos, [3, 6]);
    expect(move(turn, 2, 0, 3).ok).toBe(false);
    const after = must(move(turn, 2, 0));
    expect(stepsOf(after)[0]?.die).toBe(6);
    expect(isComplete(after)).toBe(true);
    expect(diceOf(after).used).toEqual([false, true]);
  });

  it('a closed board with a checker on the bar must pass', () => {
    const pos = build(
      'backgammon',
      { points: { 13: 5, 8: 3, 6: 5 }, bar: 2 },
      { points: { 6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2 } },
    );
    const turn = startTurn(bg, pos, [6, 6]);
    expect(mustPass(turn)).toBe(true);
    expect(isComplete(turn)).toBe(true);
    expect(play(turn)).toBeNull();
    expect(sources(turn)).toEqual([]);
  });

  it('plakoto: a pinned checker is no source', () => {
    const plakoto = rulesFor('plakoto');
    // My lone checker on 20 is pinned by his checker (his 5 = my 20).
    const pos = build('plakoto', { points: { 24: 13, 20: 1, 6: 1 } }, { points: { 24: 14, 5: 1 } }, 77);
    pos.board[52 + 20] = 1;
    expect(plakoto.validate(pos).ok).toBe(true);
    const turn = startTurn(plakoto, pos, [3, 1]);
    expect(sources(turn)).not.toContain(20);
    expect(sources(turn)).toContain(24);
  });

  it('long nardy: one checker leaves the head, so 6-5 on the first turn is 24/13 only', () => {
    const ln = rulesFor('long-nardy');
    const turn = startTurn(ln, ln.start(), [6, 5]);
    expect(sources(turn)).toEqual([24]);
    expect(destinations(turn, 24)).toEqual([19, 18, 13]);
    const half = must(move(turn, 24, 18));
    expect(sources(half)).toEqual([18]);
    expect(formatPlay((play(must(move(half, 18, 13))) as Play).steps)).toBe('24/13');
  });

  it('long nardy: 6-6 on the first turn takes two checkers off the head, and his head blocks 12', () => {
    const ln = rulesFor('long-nardy');
    let turn = startTurn(ln, ln.start(), [6, 6]);
    expect(destinations(turn, 24)).toEqual([18]);
    turn = must(move(turn, 24, 18));
    expect(sources(turn)).toEqual([24]);
    turn = must(move(turn, 24, 18));
    expect(isComplete(turn)).toBe(true);
    expect(formatPlay((play(turn) as Play).steps)).toBe('24/18(2)');
  });

  it('fevga: the first checker moves alone until it passes his start', () => {
    const fevga = rulesFor('fevga');
    const turn = startTurn(fevga, fevga.start(), [6, 5]);
    expect(sources(turn)).toEqual([24]);
    const half = must(move(turn, 24, 19));
    expect(sources(half)).toEqual([19]);
    expect(destinations(half, 19)).toEqual([13]);
  });

  it('gul bara: a doubles block is four steps and then the run goes on', () => {
    const gb = rulesFor('gul-bara');
    const pos = build('gul-bara', { points: { 24: 11, 20: 2, 18: 2 } }, { points: { 24: 11, 20: 2, 18: 2 } });
    const later = { ...pos, turns: [3, 3] as const };
    let turn = startTurn(gb, later, [2, 2]);
    for (const [from, to] of [
      [18, 16],
      [18, 16],
      [16, 14],
      [16, 14],
    ] as const) {
      expect(isComplete(turn)).toBe(false);
      turn = must(move(turn, from, to));
    }
    expect(diceOf(turn).used).toEqual([true, true, true, true]);
    expect(isComplete(turn)).toBe(true);
    expect((play(turn) as Play).next.run).toBe(3);
  });

  it('undo takes back a whole multi-die move, and nothing when nothing was moved', () => {
    const turn = startTurn(bg, bg.start(), [6, 5]);
    expect(undo(turn)).toBe(turn);
    const back = undo(must(move(turn, 24, 13)));
    expect(stepsOf(back)).toEqual([]);
    expect(sources(back)).toEqual(sources(turn));
    expect([...currentPosition(back).board]).toEqual([...bg.start().board]);
  });
});
