import type { DiceStats } from '@zar/protocol';
import { type I18n, useI18n } from '../i18n/index.js';
import { fixed } from '../players/pool-name.js';
import { BarChart } from './bar-chart.js';
import { pValueText } from './numbers.js';
import { faceBars, reading, rollBars, rollCount } from './stats-model.js';

type ChiSquare = NonNullable<DiceStats['faceTest']>;

/** A test's numbers and what they mean in plain words. */
function TestLine({ test, id }: { test: ChiSquare | null; id: string }) {
  const i18n = useI18n();
  const s = i18n.t.dice.stats;
  const r = reading(test);
  if (test === null || r === 'none') return null;
  const words = { small: s.small, consistent: s.consistent, unusual: s.unusual }[r];
  return (
    <p class={`dice-test dice-${r}`} data-testid={`test-${id}`} data-reading={r}>
      {i18n.f(s.statistic, {
        x: fixed(i18n.lang, test.statistic, 2),
        df: i18n.num(test.degreesOfFreedom),
        p: pValueText(i18n.lang, test.pValue),
      })}{' '}
      <strong>{words}</strong>
    </p>
  );
}

function doublesLine(i18n: I18n, stats: DiceStats): string {
  const total = rollCount(stats);
  return i18n.f(i18n.t.dice.stats.doubles, {
    n: i18n.num(stats.doubles),
    total: i18n.num(total),
    share: i18n.pct(total === 0 ? 0 : stats.doubles / total),
    fair: i18n.pct(1 / 6),
  });
}

/** A set of dice (the site's, a player's): the faces and the rolls charted and tested. */
export function DiceStatsView({ stats }: { stats: DiceStats }) {
  const i18n = useI18n();
  const s = i18n.t.dice.stats;
  const dice = stats.faces.reduce((a, b) => a + b, 0);
  return (
    <div class="dice-stats" data-testid="dice-stats" data-matches={stats.matches} data-dice={dice}>
      <p data-testid="dice-matches">{i18n.n(s.matches, stats.matches)}</p>
      {dice === 0 ? (
        <p>{s.none}</p>
      ) : (
        <>
          <h2>{s.faces}</h2>
          <p class="muted">
            {s.facesDesc} {i18n.n(s.facesNote, stats.openingDice)}
          </p>
          <BarChart id="faces" title={s.faces} bars={faceBars(stats)} labelHeader={s.face} />
          <TestLine test={stats.faceTest} id="faces" />
          <h2>{s.rolls}</h2>
          <p class="muted">{s.rollsDesc}</p>
          {rollCount(stats) === 0 ? (
            <p data-testid="dice-no-rolls">{s.noRolls}</p>
          ) : (
            <>
              <BarChart id="rolls" title={s.rolls} bars={rollBars(stats)} labelHeader={s.roll} />
              <TestLine test={stats.rollTest} id="rolls" />
              <p data-testid="dice-doubles">{doublesLine(i18n, stats)}</p>
            </>
          )}
          <p class="muted">{s.pMeans}</p>
        </>
      )}
    </div>
  );
}
