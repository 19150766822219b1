import type { ComponentChildren } from 'preact';
import { useI18n } from '../i18n/index.js';

/**
 * A table of matches as the history and a profile list them: when, what, against whom, the
 * length, the result, and links to the match (`rows`, one <tr> each). One head for both, so
 * the two lists keep the same columns in every language.
 */
export function MatchesTable({ testid, children }: { testid: string; children: ComponentChildren }) {
  const { t } = useI18n();
  const h = t.record.history;
  return (
    <div class="table-scroll">
      <table class="list" data-testid={testid}>
        <thead>
          <tr>
            <th scope="col">{t.history.date}</th>
            <th scope="col">{t.history.game}</th>
            <th scope="col">{t.history.opponent}</th>
            <th scope="col">{h.length}</th>
            <th scope="col">{t.history.result}</th>
            <th scope="col">
              <span class="sr-only">{h.replay}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
