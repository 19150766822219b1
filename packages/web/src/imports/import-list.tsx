import type { ImportSummary } from '@zar/protocol';
import { LANG_INFO, useI18n } from '../i18n/index.js';
import { Ltr, lengthText, matchTitle } from '../ui.js';

/** The caller's imported matches, newest first, each with its replay and its analysis. */
export function ImportList({ imports }: { imports: readonly ImportSummary[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (imports.length === 0) return <p data-testid="imports-none">{t.imports.none}</p>;
  const date = new Intl.DateTimeFormat(LANG_INFO[i18n.lang].numbers, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul class="imports" data-testid="imports-list">
      {imports.map((m) => (
        <li key={m.id} data-testid={`import-row-${m.id}`}>
          <Ltr>{date.format(new Date(m.at))}</Ltr> · {m.name === null ? '' : <bdi>{m.name} · </bdi>}
          {matchTitle(t, m.settings)} · {lengthText(i18n, m.settings.length)} · <bdi>{m.players[0]}</bdi>{' '}
          <Ltr>{`${i18n.num(m.score[0])}–${i18n.num(m.score[1])}`}</Ltr> <bdi>{m.players[1]}</bdi> ·{' '}
          <a href={`/imports/${m.id}`} data-testid={`import-replay-${m.id}`}>
            {t.imports.replay}
          </a>{' '}
          ·{' '}
          <a href={`/imports/${m.id}/analysis`} data-testid={`import-analysis-${m.id}`}>
            {t.imports.analysis}
          </a>
        </li>
      ))}
    </ul>
  );
}
