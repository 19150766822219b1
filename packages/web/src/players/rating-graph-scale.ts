/**
 * The rating graph's geometry as a pure function: ratings over time in, SVG coordinates out.
 * Time runs left to right (also on a right-to-left page, as a time axis does in print), a
 * higher rating is higher up. The vertical range is widened to round tick values and never
 * narrower than MIN_SPAN, so that a player whose rating moved by a point or two does not see
 * it as a cliff.
 */
export interface GraphBox {
  readonly width: number;
  readonly height: number;
  /** Room for the axes' labels: left (ratings), bottom (dates), and a margin top and right. */
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export const GRAPH_BOX: GraphBox = { width: 560, height: 220, left: 48, right: 16, top: 12, bottom: 28 };

export interface RatingSample {
  readonly at: number;
  readonly rating: number;
}

export interface GraphPoint extends RatingSample {
  readonly x: number;
  readonly y: number;
}

export interface GraphScale {
  readonly points: readonly GraphPoint[];
  /** Round ratings across the range, bottom first, with their height. */
  readonly ticks: readonly { readonly rating: number; readonly y: number }[];
  /** The ratings the axis spans, bottom and top (ticks' ends). */
  readonly low: number;
  readonly high: number;
  /** The plot area inside the box. */
  readonly plot: { readonly x0: number; readonly x1: number; readonly y0: number; readonly y1: number };
}

/** The least span of ratings the axis shows. */
export const MIN_SPAN = 20;
const MAX_TICKS = 5;

/** A round step (1, 2 or 5 times a power of ten) that splits `span` into at most MAX_TICKS parts. */
export function tickStep(span: number): number {
  const raw = Math.max(span, 1) / MAX_TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

export function scaleGraph(samples: readonly RatingSample[], box: GraphBox = GRAPH_BOX): GraphScale {
  const plot = { x0: box.left, x1: box.width - box.right, y0: box.top, y1: box.height - box.bottom };
  const ratings = samples.map((s) => s.rating);
  const min = ratings.length > 0 ? Math.min(...ratings) : 1500;
  const max = ratings.length > 0 ? Math.max(...ratings) : 1500;
  const middle = (min + max) / 2;
  const lo = Math.min(min, middle - MIN_SPAN / 2);
  const hi = Math.max(max, middle + MIN_SPAN / 2);
  const step = tickStep(hi - lo);
  const low = Math.floor(lo / step) * step;
  const high = Math.ceil(hi / step) * step;
  const y = (rating: number) => plot.y1 - ((rating - low) / (high - low)) * (plot.y1 - plot.y0);

  const times = samples.map((s) => s.at);
  const first = times.length > 0 ? Math.min(...times) : 0;
  const last = times.length > 0 ? Math.max(...times) : 0;
  // One moment only (a single match): the point stands in the middle.
  const x = (at: number) =>
    last === first ? (plot.x0 + plot.x1) / 2 : plot.x0 + ((at - first) / (last - first)) * (plot.x1 - plot.x0);

  const ticks: { rating: number; y: number }[] = [];
  for (let r = low; r <= high + step / 2; r += step) ticks.push({ rating: r, y: y(r) });
  return {
    points: samples.map((s) => ({ ...s, x: x(s.at), y: y(s.rating) })),
    ticks,
    low,
    high,
    plot,
  };
}

/** The SVG path through the points, in order: "M x y L x y …". */
export const pathOf = (points: readonly GraphPoint[]): string =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
