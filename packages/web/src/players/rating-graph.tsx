import type { RatingPoint } from '@zar/protocol';
import { LANG_INFO, useI18n } from '../i18n/index.js';
import { GRAPH_BOX, pathOf, scaleGraph } from './rating-graph-scale.js';
import { ratingText } from './rating-text.js';

/**
 * A pool's rating after each rated match, drawn as SVG: the rating axis with round ticks, the
 * first and last dates, a point per match (its date and rating on hover) and the last value
 * written beside the last point. The picture is one image to a screen reader: its title and
 * description say in words what it shows (the replays are linked from the recent matches).
 */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

export function RatingGraph({
  pool,
  poolLabel,
  history,
}: {
  pool: string;
  poolLabel: string;
  history: readonly RatingPoint[];
}) {
  const i18n = useI18n();
  const p = i18n.t.players;
  const g = scaleGraph(history);
  const last = g.points.at(-1);
  const first = g.points[0];
  if (last === undefined || first === undefined) return null;
  const format = new Intl.DateTimeFormat(LANG_INFO[i18n.lang].numbers, { dateStyle: 'medium' });
  // The drawing is left to right on every page: a date's own direction marks would turn it around.
  const day = (at: number) => format.format(at).replace(BIDI_MARKS, '');
  const rating = (r: number) => ratingText(i18n.lang, r);
  const ratings = history.map((h) => h.rating);
  const titleId = `graph-title-${pool}`;
  const descId = `graph-desc-${pool}`;
  const desc =
    history.length === 1
      ? i18n.f(p.graphOne, { last: rating(last.rating) })
      : i18n.f(p.graphDesc, {
          count: i18n.num(history.length),
          from: format.format(first.at),
          to: format.format(last.at),
          min: rating(Math.min(...ratings)),
          max: rating(Math.max(...ratings)),
          last: rating(last.rating),
        });
  const { plot } = g;
  return (
    <svg
      class="rating-graph"
      viewBox={`0 0 ${GRAPH_BOX.width} ${GRAPH_BOX.height}`}
      role="img"
      dir="ltr"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid={`rating-graph-${pool}`}
    >
      <title id={titleId}>{i18n.f(p.graphTitle, { pool: poolLabel })}</title>
      <desc id={descId}>{desc}</desc>
      <g class="axis">
        {g.ticks.map((tick) => (
          <g key={tick.rating}>
            <line x1={plot.x0} x2={plot.x1} y1={tick.y} y2={tick.y} class="grid" />
            <text x={plot.x0 - 6} y={tick.y} text-anchor="end" dominant-baseline="middle">
              {ratingText(i18n.lang, tick.rating)}
            </text>
          </g>
        ))}
        <line x1={plot.x0} x2={plot.x0} y1={plot.y0} y2={plot.y1} class="axis-line" />
        <line x1={plot.x0} x2={plot.x1} y1={plot.y1} y2={plot.y1} class="axis-line" />
        <text x={plot.x0} y={plot.y1 + 18} text-anchor="start">
          {day(first.at)}
        </text>
        {day(last.at) !== day(first.at) && (
          <text x={plot.x1} y={plot.y1 + 18} text-anchor="end">
            {day(last.at)}
          </text>
        )}
      </g>
      <path d={pathOf(g.points)} class="line" />
      {g.points.map((pt, i) => (
        <circle key={`${pt.at}-${i}`} cx={pt.x} cy={pt.y} r={3.5} class="point">
          <title>{`${day(pt.at)}: ${rating(pt.rating)}`}</title>
        </circle>
      ))}
      <text
        x={Math.min(last.x, plot.x1)}
        y={last.y - 8}
        text-anchor={last.x > (plot.x0 + plot.x1) / 2 ? 'end' : 'start'}
        class="last"
      >
        {rating(last.rating)}
      </text>
    </svg>
  );
}
