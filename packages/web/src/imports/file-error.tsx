import type { ErrorDetail } from '@zar/protocol';
import type { ApiError } from '../api.js';
import { type I18n, useI18n } from '../i18n/index.js';
import { errorText } from '../ui.js';

/** Errors after which the rest of a file cannot be checked: the board there is unknown. */
const STOPS = new Set(['ERR_MAT_ILLEGAL_MOVE', 'ERR_MAT_ILLEGAL_ACTION', 'ERR_RECORD_ILLEGAL']);

/**
 * One error of a file in the reader's language: "Line 12: …" with what the file says there
 * (its player, dice, move, text found), from the server's code, line and parameters. A code
 * this page has no such sentence for, or an error without its detail, reads as any refusal.
 */
export function fileErrorText(i18n: I18n, code: string, detail: Omit<ErrorDetail, 'more'> | undefined): string {
  const { t } = i18n;
  const sentences: Readonly<Record<string, string>> = t.imports.errors;
  if (detail === undefined || !Object.hasOwn(sentences, code)) return errorText(t, { code });
  const text = i18n.f(sentences[code] as string, detail.params);
  return detail.line === null ? text : i18n.f(t.imports.atLine, { line: i18n.num(detail.line), text });
}

/** A refused file: its first error, whether the rest went unchecked, and the other lines that cannot be read. */
export function FileError({ error }: { error: ApiError }) {
  const i18n = useI18n();
  const { t } = i18n;
  const more = error.detail?.more ?? [];
  return (
    <div
      class="error"
      role="alert"
      data-testid="import-error"
      data-code={error.code}
      data-line={error.detail?.line ?? ''}
    >
      <p>{fileErrorText(i18n, error.code, error.detail)}</p>
      {STOPS.has(error.code) && <p>{t.imports.unchecked}</p>}
      {more.length > 0 && (
        <>
          <p>{t.imports.others}</p>
          <ul data-testid="import-error-more">
            {more.map((m) => (
              <li key={`${m.line}`}>{fileErrorText(i18n, m.code, m)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
