import type { MatchLuck } from '@zar/protocol';
import { LANG_INFO, useI18n } from '../i18n/index.js';
import { fixed } from '../players/pool-name.js';
import { luckChartDesc, luckText } from './numbers.js';
import { luckSeries } from './stats-model.js';

/*
 * The luck of a player's analysed backgammon matches: a chart of his luck against his
 * opponent's, match by match (SVG, oldest to newest from left to right), and the table with
 * each match's date, opponent, both lucks, his PR and the link to the analysis.
 */

const BOX = { width: 560, height: 200, left: 48, right: 8, top: 10, bottom: 10 };
const MAX_SLOT = 40;

function LuckChart({ name, luck }: { name: string; luck: readonly MatchLuck[] }) {
  const i18n = useI18n();
  const l = i18n.t.dice.luck;
  const { matches, bound } = luckSeries(luck);
  const plotW = BOX.width - BOX.left - BOX.right;
  const plotH = BOX.height - BOX.top - BOX.bottom;
  // A few matches keep bars of a readable width rather than filling the whole chart.
  const slot = Math.min(plotW / Math.max(1, matches.length), MAX_SLOT);
  const y = (v: number) => BOX.top + plotH / 2 - (v / bound) * (plotH / 2);
  const bar = (v: number, x: number, w: number, cls: string, key: string) => (
    <rect key={key} class={cls} x={x} width={w} y={Math.min(y(v), y(0))} height={Math.abs(y(v) - y(0))} />
  );
  const his = matches.map((m) => m.luck[0]);
  const desc = luckChartDesc(i18n, name, his);
  return (
    <figure class="dice-chart">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        dir="ltr"
        aria-labelledby="luck-title luck-desc"
        data-testid="chart-luck"
      >
        <title id="luck-title">{i18n.f(l.chartTitle, { name })}</title>
        <desc id="luck-desc">{desc}</desc>
        {[-bound, 0, bound].map((tick) => (
          <g key={tick} class="axis">
            <line class="grid" x1={BOX.left} x2={BOX.width - BOX.right} y1={y(tick)} y2={y(tick)} />
            <text x={BOX.left - 4} y={y(tick) + 4} text-anchor="end">
              {luckText(i18n.lang, tick)}
            </text>
          </g>
        ))}
        {matches.map((m, i) => {
          const x = BOX.left + i * slot;
          return (
            <g key={m.game}>
              {bar(m.luck[0], x + slot * 0.1, slot * 0.4, 'thrown', 'his')}
              {bar(m.luck[1], x + slot * 0.5, slot * 0.4, 'theirs', 'theirs')}
            </g>
          );
        })}
      </svg>
      <figcaption class="dice-legend">
        <span class="dice-swatch thrown" aria-hidden="true" /> {i18n.f(l.his, { name })}{' '}
        <span class="dice-swatch theirs" aria-hidden="true" /> {l.theirs}
      </figcaption>
    </figure>
  );
}

export function LuckView({ name, luck }: { name: string; luck: readonly MatchLuck[] }) {
  const i18n = useI18n();
  const l = i18n.t.dice.luck;
  const date = new Intl.DateTimeFormat(LANG_INFO[i18n.lang].numbers, { dateStyle: 'medium' });
  return (
    <section class="dice-luck" data-testid="dice-luck">
      <h2>{l.title}</h2>
      <p class="muted">{l.intro}</p>
      {luck.length === 0 ? (
        <p>{l.none}</p>
      ) : (
        <>
          <LuckChart name={name} luck={luck} />
          <table data-testid="luck-table">
            <thead>
              <tr>
                <th scope="col">{l.date}</th>
                <th scope="col">{l.opponent}</th>
                <th scope="col">{i18n.f(l.his, { name })}</th>
                <th scope="col">{l.theirs}</th>
                <th scope="col">{l.pr}</th>
                <th scope="col">{l.analysis}</th>
              </tr>
            </thead>
            <tbody>
              {luck.map((m) => (
                <tr key={m.game}>
                  <td>{date.format(m.at)}</td>
                  <td>
                    <bdi>{m.opponent}</bdi>
                  </td>
                  <td dir="ltr">{luckText(i18n.lang, m.luck[0])}</td>
                  <td dir="ltr">{luckText(i18n.lang, m.luck[1])}</td>
                  <td>{fixed(i18n.lang, m.pr, 1)}</td>
                  <td>
                    <a href={`/analysis/${m.game}`}>{l.open}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
