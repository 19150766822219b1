import { useI18n } from '../i18n/index.js';
import { type Bar, largest, niceTop } from './stats-model.js';

/*
 * A bar chart of counts against what fair dice give, drawn as SVG without a chart library (a
 * few rectangles do not need one, and the first load must stay small). Each bar is what was
 * thrown, the mark across it what fair dice give. To a screen reader the picture is one image
 * with a title and a description; the table under it holds every number.
 */

const BOX = { width: 560, height: 220, left: 44, right: 8, top: 10, bottom: 26 };

/** The axis' ticks: 0, the middle when it is a whole count, the top. */
const ticks = (top: number): number[] => (Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]);

export interface BarChartProps {
  /** Unique on the page: the ids of the title and description, and the test id. */
  readonly id: string;
  readonly title: string;
  readonly bars: readonly Bar[];
  /** The first column's header: "Face", "Roll". */
  readonly labelHeader: string;
}

export function BarChart({ id, title, bars, labelHeader }: BarChartProps) {
  const i18n = useI18n();
  const s = i18n.t.dice.stats;
  const top = niceTop(Math.max(...bars.flatMap((b) => [b.observed, b.expected])));
  const plotW = BOX.width - BOX.left - BOX.right;
  const plotH = BOX.height - BOX.top - BOX.bottom;
  const slot = plotW / bars.length;
  const y = (v: number) => BOX.top + plotH - (v / top) * plotH;
  const expected = (v: number) => i18n.num(Math.round(v * 10) / 10);
  const most = largest(bars);
  const desc = most
    ? i18n.f(s.chartDesc, { label: most.label, observed: i18n.num(most.observed), expected: expected(most.expected) })
    : '';
  return (
    <figure class="dice-chart" data-testid={`chart-${id}`}>
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" dir="ltr" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{desc}</desc>
        {ticks(top).map((tick) => (
          <g key={tick} class="axis">
            <line class="grid" x1={BOX.left} x2={BOX.width - BOX.right} y1={y(tick)} y2={y(tick)} />
            <text x={BOX.left - 4} y={y(tick) + 4} text-anchor="end">
              {i18n.num(tick)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const x = BOX.left + i * slot;
          return (
            <g key={b.label}>
              <rect
                class="thrown"
                x={x + slot * 0.15}
                width={slot * 0.7}
                y={y(b.observed)}
                height={y(0) - y(b.observed)}
              />
              <line class="fair" x1={x + slot * 0.05} x2={x + slot * 0.95} y1={y(b.expected)} y2={y(b.expected)} />
              <text x={x + slot / 2} y={BOX.height - 8} text-anchor="middle">
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption class="dice-legend">
        <span class="dice-swatch thrown" aria-hidden="true" /> {s.thrown}{' '}
        <span class="dice-swatch fair" aria-hidden="true" /> {s.fair}
      </figcaption>
      <details>
        <summary>{s.table}</summary>
        <table data-testid={`table-${id}`}>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{s.thrown}</th>
              <th scope="col">{s.fair}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <th scope="row" dir="ltr">
                  {b.label}
                </th>
                <td>{i18n.num(b.observed)}</td>
                <td>{expected(b.expected)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
