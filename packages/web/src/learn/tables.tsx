import { diceSumTable, directShotsByDistance } from '@zar/engine';
import { useI18n } from '../i18n/index.js';
import { Ltr } from '../ui.js';

/** The probability tables, computed by the engine as the page renders; nothing typed in. */
export function ProbabilityTable({ table }: { table: 'dice-sums' | 'shots-by-distance' }) {
  const i18n = useI18n();
  const { t } = i18n;
  const rows =
    table === 'dice-sums'
      ? diceSumTable().map((r) => ({ key: r.sum, count: r.ways, p: r.probability }))
      : directShotsByDistance().map((r) => ({ key: r.distance, count: r.rolls, p: r.probability }));
  return (
    <table class="list numbers" data-testid={`table-${table}`}>
      <caption>{table === 'dice-sums' ? t.learn.diceSumsCaption : t.learn.shotsCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{table === 'dice-sums' ? t.learn.sum : t.learn.distance}</th>
          <th scope="col">{table === 'dice-sums' ? t.learn.ways : t.learn.shots}</th>
          <th scope="col">{t.learn.chance}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">
              <Ltr>{i18n.num(r.key)}</Ltr>
            </th>
            <td>
              <Ltr>{i18n.num(r.count)}</Ltr>
            </td>
            <td>
              <Ltr>{i18n.pct(r.p)}</Ltr>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
