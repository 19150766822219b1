// Play notation (backgammon.md §11), in the mover's own numbering: `8/5 6/5`, `13/10*`,
// `13/7*/4` (a hit on the way), `bar/22`, `6/off`, `24/18(2)`. The same text serves every
// game of the family: `*` marks Step.hit, which is a hit in backgammon and a pin in plakoto.
//
// A pass (no legal play) formats as the empty string, as in gnubg and .mat files; a UI
// should show a word such as "no play" or "cannot move" instead.
//
// matchPlay judges a text by its effect, not its route: the text must move the mover's
// checkers exactly as a legal play does, and every point it marks `*` must be hit by that
// play. Whether each written segment is one die is not checked, so `24/13`, `24/18 18/13`
// and `24/18/13` all denote the same play of 6-5.

import { err, ok, type Result } from './result.js';
import { BAR, OFF, type Play, type Step } from './types.js';

/** One block of a play never moves more than four checkers alike (doubles). */
const MAX_REPEAT = 4;

/** One parsed segment: a checker moving from `from` to `to`, possibly over several dice. */
export interface ParsedStep {
  readonly from: number;
  readonly to: number;
  /** The text marks a hit (or pin) on `to`. */
  readonly hit: boolean;
}

export type NotationErrorCode = 'ERR_NOTATION';
export type MatchPlayErrorCode = NotationErrorCode | 'ERR_ILLEGAL_PLAY' | 'ERR_AMBIGUOUS_PLAY';

// ---------------------------------------------------------------------------------------
// Formatting

/** One checker's route through a play: the points it touched, with a hit flag on each. */
interface Route {
  readonly points: number[];
  readonly hits: boolean[];
}

const pointName = (p: number): string => (p === BAR ? 'bar' : p === OFF ? 'off' : String(p));

/**
 * Joins the steps into one route per checker. A step continues the earliest route that
 * ends where it starts; any of them would denote the same position, and this choice makes
 * the chains as long as they can be.
 */
function routesOf(steps: readonly Step[]): Route[] {
  const routes: Route[] = [];
  for (const s of steps) {
    const r = routes.find((x) => x.points[x.points.length - 1] === s.from);
    if (r) {
      r.points.push(s.to);
      r.hits.push(s.hit);
    } else {
      routes.push({ points: [s.from, s.to], hits: [false, s.hit] });
    }
  }
  return routes;
}

/** The points a route shows: its ends and every intermediate point where it hit. */
function shownPoints(r: Route): { points: number[]; hits: boolean[] } {
  const points: number[] = [];
  const hits: boolean[] = [];
  const last = r.points.length - 1;
  for (let i = 0; i <= last; i++) {
    if (i === 0 || i === last || r.hits[i]) {
      points.push(r.points[i] as number);
      hits.push(r.hits[i] === true);
    }
  }
  return { points, hits };
}

interface Group {
  readonly points: number[];
  readonly hits: boolean[];
  /** Where the group's first route made its first step. */
  readonly firstHop: number;
  count: number;
}

/**
 * Standard notation of a play: higher from-point first, one checker's steps merged, equal
 * moves counted as `(n)` (gnubg's `13/7*(2)`: two checkers, one of them hit). "" for a pass.
 * Moves from the same point follow gnubg's order: the smaller first step first, and of two
 * with the same first step the longer one first (`24/20 24/18`, `13/9 13/11`).
 */
export function formatPlay(steps: readonly Step[]): string {
  const groups = new Map<string, Group>();
  for (const route of routesOf(steps)) {
    const shown = shownPoints(route);
    const key = shown.points.join('/');
    const g = groups.get(key);
    if (g) {
      g.count++;
      shown.hits.forEach((h, i) => {
        if (h) g.hits[i] = true;
      });
    } else {
      groups.set(key, { ...shown, firstHop: route.points[1] as number, count: 1 });
    }
  }
  return [...groups.values()]
    .sort(compareGroups)
    .map((g) => {
      const text = g.points.map((p, i) => pointName(p) + (g.hits[i] ? '*' : '')).join('/');
      return g.count > 1 ? `${text}(${g.count})` : text;
    })
    .join(' ');
}

function compareGroups(a: Group, b: Group): number {
  const from = (b.points[0] as number) - (a.points[0] as number);
  if (from !== 0) return from;
  if (a.firstHop !== b.firstHop) return b.firstHop - a.firstHop;
  const to = (a.points[a.points.length - 1] as number) - (b.points[b.points.length - 1] as number);
  return to !== 0 ? to : b.points.length - a.points.length;
}

// ---------------------------------------------------------------------------------------
// Parsing

type Token =
  | { readonly kind: 'point'; readonly value: number; readonly word: string; readonly at: number }
  | { readonly kind: 'slash' | 'star' | 'sep'; readonly at: number }
  | { readonly kind: 'repeat'; readonly value: number; readonly at: number };

const fail = (at: number, message: string) => err('ERR_NOTATION' as const, `${message} (at character ${at + 1})`);

function tokenize(text: string): Result<Token[], NotationErrorCode> {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === ',' || c === ';') {
      tokens.push({ kind: 'sep', at: i });
      i++;
    } else if (c === '/') {
      tokens.push({ kind: 'slash', at: i });
      i++;
    } else if (c === '*') {
      tokens.push({ kind: 'star', at: i });
      i++;
    } else if (c === '(') {
      const m = /^\(\s*(\d+)\s*\)/.exec(text.slice(i));
      if (!m) return fail(i, 'a repeat count is written (n), e.g. 24/18(2)');
      const n = Number(m[1]);
      if (n < 1 || n > MAX_REPEAT) return fail(i, `a repeat count is 1 to ${MAX_REPEAT}, not ${m[1]}`);
      tokens.push({ kind: 'repeat', value: n, at: i });
      i += m[0].length;
    } else if (c >= '0' && c <= '9') {
      const m = /^\d+/.exec(text.slice(i)) as RegExpExecArray;
      const n = Number(m[0]);
      if (n > BAR) return fail(i, `there is no point ${m[0]}: points are 1 to 24, 25 = bar, 0 = off`);
      tokens.push({ kind: 'point', value: n, word: m[0], at: i });
      i += m[0].length;
    } else {
      const m = /^[a-z]+/i.exec(text.slice(i));
      const word = m ? m[0].toLowerCase() : '';
      if (word === 'bar' || word === 'off') {
        tokens.push({ kind: 'point', value: word === 'bar' ? BAR : OFF, word, at: i });
        i += word.length;
      } else {
        return fail(i, `unexpected ${JSON.stringify(m ? m[0] : c)}; write moves like 13/7 or bar/22*`);
      }
    }
  }
  return ok(tokens);
}

/**
 * Reads a play text: moves separated by spaces or commas, in any order; each move is a
 * chain of points `from/.../to` with optional `*` after a landing point and an optional
 * `(n)` repeat. `bar`/`25` and `off`/`0` are accepted in any case. "" is a pass.
 */
export function parsePlay(text: string): Result<ParsedStep[], NotationErrorCode> {
  const tokenized = tokenize(text);
  if (!tokenized.ok) return tokenized;
  const tokens = tokenized.value;
  const steps: ParsedStep[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i] as Token;
    if (t.kind === 'sep') {
      i++;
      continue;
    }
    const move = parseMove(tokens, i);
    if (!move.ok) return move;
    i = move.value.next;
    for (let k = 0; k < move.value.repeat; k++) steps.push(...move.value.steps);
  }
  return ok(steps);
}

function parseMove(
  tokens: readonly Token[],
  start: number,
): Result<{ steps: ParsedStep[]; repeat: number; next: number }, NotationErrorCode> {
  const first = tokens[start] as Token;
  if (first.kind !== 'point') return fail(first.at, 'a move starts with the point it leaves, e.g. 13/7');
  if (first.value === OFF) return fail(first.at, `a move cannot start from ${first.word} (off)`);
  const steps: ParsedStep[] = [];
  let from = first;
  let i = start + 1;
  while (tokens[i]?.kind === 'slash') {
    const slash = tokens[i] as Token;
    const to = tokens[i + 1];
    if (to?.kind !== 'point') return fail(to?.at ?? slash.at, 'a point must follow "/"');
    if (to.value === BAR) return fail(to.at, `a checker cannot move to ${to.word} (the bar)`);
    if (from.value === OFF) return fail(to.at, 'nothing can follow off: a borne-off checker is done');
    if (to.value >= from.value) {
      return fail(to.at, `${from.word}/${to.word} moves backwards: a checker moves toward lower points`);
    }
    i += 2;
    let hit = false;
    if (tokens[i]?.kind === 'star') {
      if (to.value === OFF) return fail((tokens[i] as Token).at, 'bearing off cannot hit');
      hit = true;
      i++;
    }
    steps.push({ from: from.value, to: to.value, hit });
    from = to;
  }
  if (steps.length === 0) {
    const next = tokens[i];
    if (next?.kind === 'star') return fail(next.at, 'write "*" after the point where the hit happened, e.g. 13/7*');
    return fail(first.at, `${first.word} needs a destination: write from/to, e.g. ${first.word}/${first.value - 1}`);
  }
  let repeat = 1;
  const after = tokens[i];
  if (after?.kind === 'repeat') {
    repeat = after.value;
    i++;
  }
  const rest = tokens[i];
  if (rest?.kind === 'star') return fail(rest.at, 'write "*" right after the point where the hit happened');
  if (rest?.kind === 'repeat') return fail(rest.at, 'only one repeat count per move');
  if (rest?.kind === 'slash') return fail(rest.at, 'a point must come before "/"');
  return ok({ steps, repeat, next: i });
}

// ---------------------------------------------------------------------------------------
// Matching a text to a legal play

/** The text's net change of the mover's checkers per point (0 = off .. 25 = bar), and a scratch copy. */
const textChange = new Int32Array(BAR + 1);
const leftOver = new Int32Array(BAR + 1);

/** Writes the net change of `steps` into `into` (zeroed first). */
function netChange(steps: readonly { from: number; to: number }[], into: Int32Array): void {
  into.fill(0);
  for (const s of steps) {
    into[s.from] = (into[s.from] as number) - 1;
    into[s.to] = (into[s.to] as number) + 1;
  }
}

/**
 * Whether `steps` move the same checkers to the same places as the text (`textChange`):
 * compared in place, since it runs for every legal play of every play matched.
 */
function sameChange(steps: readonly Step[]): boolean {
  leftOver.set(textChange);
  for (const s of steps) {
    leftOver[s.from] = (leftOver[s.from] as number) + 1;
    leftOver[s.to] = (leftOver[s.to] as number) - 1;
  }
  for (let p = 0; p <= BAR; p++) if (leftOver[p] !== 0) return false;
  return true;
}

/**
 * The legal play a text denotes. A play fits when it moves the same checkers to the same
 * places and hits every point the text marks `*`. When several fit (they differ in hits on
 * points the text passes over), the one whose hits best agree with the points the text
 * lands on wins: `24/13` is the play that does not hit on 18, `24/18/13` the one that does.
 */
export function matchPlay(plays: readonly Play[], text: string): Result<Play, MatchPlayErrorCode> {
  const parsed = parsePlay(text);
  if (!parsed.ok) return parsed;
  const steps = parsed.value;
  if (plays.length === 0) {
    return steps.length === 0
      ? err('ERR_ILLEGAL_PLAY', 'this roll cannot be played: the turn passes without a play')
      : err('ERR_ILLEGAL_PLAY', `${text.trim()} is not legal: this roll cannot be played at all`);
  }
  if (steps.length === 0) return err('ERR_ILLEGAL_PLAY', 'this roll can be played: a play must be entered');
  netChange(steps, textChange);
  const marked = new Set(steps.filter((s) => s.hit).map((s) => s.to));
  const landed = new Set(steps.map((s) => s.to).filter((p) => p !== OFF));
  let best: Play[] = [];
  let bestScore = -Infinity;
  for (const play of plays) {
    if (!sameChange(play.steps)) continue;
    const hits = new Set(play.steps.filter((s) => s.hit).map((s) => s.to));
    if (![...marked].every((p) => hits.has(p))) continue;
    let score = 0;
    for (const h of hits) score += landed.has(h) ? 1 : -1;
    if (score > bestScore) {
      best = [play];
      bestScore = score;
    } else if (score === bestScore) {
      best.push(play);
    }
  }
  const [only, ...others] = best;
  if (!only) return err('ERR_ILLEGAL_PLAY', `${text.trim()} is not a legal play for this roll`);
  if (others.length > 0) {
    const options = best.map((p) => formatPlay(p.steps)).join(' or ');
    return err('ERR_AMBIGUOUS_PLAY', `${text.trim()} could be ${options}; mark the hits to choose`);
  }
  return ok(only);
}
