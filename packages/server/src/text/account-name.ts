import type { Result } from '@zar/engine';
import type { TextError } from './clean.js';
import { shownText } from './shown.js';

export type AccountNameError = TextError | { code: 'ERR_BODY'; message: string };

/**
 * An account's name as others will be shown it. The protocol's NameSchema (3 to 24 ASCII
 * letters, digits, `_` and `-`) holds it at the request's edge; it then passes the one gate for
 * text others read (shown.ts), and must come out of it exactly as it went in: a name is typed
 * again to sign in, so one the cleaner would change (a hidden character taken out) is refused
 * rather than stored other than written. Every name NameSchema takes today passes unchanged
 * (test/tournament-names.test.ts); this is what holds should the name rule ever be widened.
 */
export function accountName(name: string): Result<string, AccountNameError['code']> {
  const shown = shownText(name);
  if (!shown.ok) return shown;
  if (shown.value !== name) {
    return {
      ok: false,
      error: { code: 'ERR_BODY', message: 'a name must show as it is written: no hidden characters' },
    };
  }
  return shown;
}
