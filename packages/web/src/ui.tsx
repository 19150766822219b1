import type { MatchSettings } from '@zar/protocol';
import type { ComponentChildren } from 'preact';
import { type Catalogue, type I18n, parts, useI18n } from './i18n/index.js';

/**
 * Numbers, dice and move notation stay left to right inside right-to-left text: without
 * the isolate "8/5 6/5" shows as "6/5 8/5" on an Arabic page.
 */
export const Ltr = ({ children }: { children: ComponentChildren }) => <bdi dir="ltr">{children}</bdi>;

/** A message whose slots hold nodes (a left-to-right span, a name in bold). */
export function Rich({ text, slots }: { text: string; slots: Readonly<Record<string, ComponentChildren>> }) {
  return <>{parts(text).map((p) => (typeof p === 'string' ? p : (slots[p.slot] ?? `{${p.slot}}`)))}</>;
}

/**
 * The error a page shows, as a sentence in the page's language: every code the server refuses
 * with has one. The server's own words (English, often naming a field) are never shown; a code
 * this page does not know (a newer server, a proxy's HTTP_502) gets the general sentence.
 */
export function errorText(t: Catalogue, e: { readonly code: string }): string {
  return Object.hasOwn(t.errors, e.code)
    ? ((t.errors as Readonly<Record<string, string>>)[e.code] as string)
    : t.common.error;
}

export function ErrorLine({ error }: { error: { readonly code: string } | null }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p class="error" role="alert" data-testid="error" data-code={error.code}>
      {errorText(t, error)}
    </p>
  );
}

/** The name of what a match plays: one game, or the games of a mixed cycle in order. */
export function matchTitle(t: Catalogue, settings: MatchSettings): string {
  return settings.cycle.map((c) => t.games[c.game]).join(' · ');
}

/** "Match to 5 points" or "Single games". */
export function lengthText(i18n: I18n, length: number): string {
  return length === 0 ? i18n.t.match.money : i18n.n(i18n.t.match.to, length);
}

/** A labelled choice of match lengths, each named as lengthText names it. */
export function LengthField(props: {
  label: string;
  testId: string;
  lengths: readonly number[];
  value: number;
  change: (length: number) => void;
}) {
  const i18n = useI18n();
  return (
    <label>
      {props.label}
      <select
        data-testid={props.testId}
        value={String(props.value)}
        onChange={(e) => props.change(Number((e.currentTarget as HTMLSelectElement).value))}
      >
        {props.lengths.map((n) => (
          <option key={n} value={String(n)}>
            {lengthText(i18n, n)}
          </option>
        ))}
      </select>
    </label>
  );
}
