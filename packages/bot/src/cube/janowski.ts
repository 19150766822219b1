/**
 * Cubeful value of a position from its cubeless probabilities, after Rick Janowski ("Cubeful
 * Equities", 1993; gnubg eval.c, Cl2CfMoney and Cl2CfMatch): the value is x · live + (1 − x) ·
 * dead, where "dead" is the cubeless value and "live" is piecewise linear in the chance of
 * winning p, through
 *   (0, average loss) · (TP, lose the cube) · (CP, win the cube) · (1, average win),
 * TP being the point where the opponent's double is a drop for me and CP the point where my
 * double is a drop for him, each present only when that side may double. In a match the same
 * line is drawn in match-winning chances (from the MET and @zar/match's live take points).
 *
 * "Value" is points per game in money play and the chance of winning the match in a match;
 * `toEquity` turns a value into the normalised equity (per cube, gnubg's EMG) that decisions
 * are reported in.
 */
import { empcToEquity, equityAfterGame, liveTakePoint } from '@zar/match';
import { type CubeContext, flipContext, mayDouble, metScoreOf } from './context.js';

/** gnubg's default cube efficiency for contact and crashed positions (eval.c). */
export const CONTACT_CUBE_LIFE = 0.68;

/**
 * Cube efficiency of a race by the pip count of the side on roll, as gnubg's defaults have it:
 * 0.55 + 0.00125 · pips, kept between 0.6 and 0.7.
 */
export function raceCubeLife(pips: number): number {
  return Math.min(0.7, Math.max(0.6, 0.55 + 0.00125 * pips));
}

/** The value, for the side of `ctx`, of the game ending with `points` (cube included) to it. */
export function outcomeValue(ctx: CubeContext, points: number): number {
  return ctx.match === null ? points : equityAfterGame(metScoreOf(ctx.match), points);
}

/** A value in normalised equity: points per cube in money play, gnubg's mwc2eq in a match. */
export function toEquity(ctx: CubeContext, value: number): number {
  if (ctx.match === null) return value / ctx.value;
  const e = empcToEquity(value, metScoreOf(ctx.match), ctx.value);
  return e.ok ? e.value : Number.NaN;
}

/**
 * Average value of a win and of a loss at the context's cube, a single, gammon and backgammon
 * each worth what the context's scoring says (gammons single under Jacoby).
 */
function averages(p: ArrayLike<number>, ctx: CubeContext, jacoby: boolean): { win: number; lose: number } {
  const v = ctx.value;
  const { single, gammon, backgammon } = ctx.scoring;
  const win = p[0] as number;
  const wg = jacoby ? 0 : (p[1] as number);
  const wbg = jacoby ? 0 : (p[2] as number);
  const lg = jacoby ? 0 : (p[3] as number);
  const lbg = jacoby ? 0 : (p[4] as number);
  const val = (k: number) => outcomeValue(ctx, k * v);
  const w =
    win > 1e-9 ? ((win - wg) * val(single) + (wg - wbg) * val(gammon) + wbg * val(backgammon)) / win : val(single);
  const lose = 1 - win;
  const l =
    lose > 1e-9
      ? ((lose - lg) * val(-single) + (lg - lbg) * val(-gammon) + lbg * val(-backgammon)) / lose
      : val(-single);
  return { win: w, lose: l };
}

/** The chance of winning at which I drop the opponent's double (live cube), or null. */
function takePoint(p: ArrayLike<number>, ctx: CubeContext, mine: boolean): number | null {
  const win = p[0] as number;
  const myGammons = win > 1e-9 ? (p[1] as number) / win : 0;
  const theirGammons = win < 1 - 1e-9 ? (p[3] as number) / (1 - win) : 0;
  const m = ctx.match;
  if (m === null) {
    // Janowski's money take point with a fully live cube, in average win and loss values.
    const { win: w, lose: l } = averages(p, { ...ctx, value: 1 }, false);
    const W = w;
    const L = -l;
    return mine ? (L - 0.5) / (W + L + 0.5) : 1 - (W - 0.5) / (W + L + 0.5);
  }
  const spot = mine
    ? {
        awayTaker: m.awayMe,
        awayDoubler: m.awayThem,
        gammons: { taker: myGammons, doubler: theirGammons },
      }
    : {
        awayTaker: m.awayThem,
        awayDoubler: m.awayMe,
        gammons: { taker: theirGammons, doubler: myGammons },
      };
  const tp = liveTakePoint(
    { ...spot, cube: ctx.value, phase: { crawford: m.crawford, postCrawford: m.postCrawford } },
    1,
  );
  if (!tp.ok) return null;
  return mine ? tp.value : 1 - tp.value;
}

/**
 * The cubeful value for the side of `ctx` of a position whose cubeless probabilities, from
 * that side's view, are `p[0..5]`, with cube efficiency `x` (0 dead .. 1 fully live).
 */
export function cubefulValue(p: ArrayLike<number>, ctx: CubeContext, x: number): number {
  const win = p[0] as number;
  const avg = averages(p, ctx, ctx.jacoby);
  const dead = win * avg.win + (1 - win) * avg.lose;
  if (!ctx.enabled || x <= 0) return dead;
  const theirs = flipContext(ctx);
  // The live line: (0, avg loss), TP, CP, (1, avg win); a missing point drops out.
  const xs: number[] = [0];
  const ys: number[] = [avg.lose];
  const tp = mayDouble(theirs) ? takePoint(p, ctx, true) : null;
  const cp = mayDouble(ctx) ? takePoint(p, ctx, false) : null;
  if (tp !== null && tp > 0 && tp < 1) {
    xs.push(tp);
    ys.push(outcomeValue(ctx, -ctx.value));
  }
  if (cp !== null && cp > (xs[xs.length - 1] as number) && cp < 1) {
    xs.push(cp);
    ys.push(outcomeValue(ctx, ctx.value));
  }
  xs.push(1);
  ys.push(avg.win);
  let live = avg.win;
  for (let i = 1; i < xs.length; i++) {
    const x1 = xs[i] as number;
    if (win <= x1) {
      const x0 = xs[i - 1] as number;
      const y0 = ys[i - 1] as number;
      const y1 = ys[i] as number;
      live = y0 + ((y1 - y0) * (win - x0)) / (x1 - x0);
      break;
    }
  }
  return x * live + (1 - x) * dead;
}
