import type { ComponentChildren } from 'preact';
import { equityText } from '../hints/format.js';
import { useI18n } from '../i18n/index.js';
import { Ltr } from '../ui.js';

/*
 * Pieces the board's evaluation and rollout tables share: a head row of number columns, a
 * number cell, and gnubg's three cube equities as rows. The hint panel writes its own: it is in
 * the entry bundle, which these would push over its budget.
 */

/**
 * The head row of a ranked table: what is ranked, then the number columns; the narrow one, if
 * any, last (small screens drop it).
 */
export function HeadRow(props: { heading: ComponentChildren; nums: readonly string[]; narrow?: string }) {
  return (
    <tr>
      <th scope="col">{props.heading}</th>
      {props.nums.map((label, i) => (
        <th key={i} scope="col" class="num">
          {label}
        </th>
      ))}
      {props.narrow !== undefined && (
        <th scope="col" class="num board-narrow">
          {props.narrow}
        </th>
      )}
    </tr>
  );
}

/** A number cell, kept left to right in a right-to-left page. */
export function NumCell(props: { children: ComponentChildren; class?: string }) {
  return (
    <td class={props.class === undefined ? 'num' : `num ${props.class}`}>
      <Ltr>{props.children}</Ltr>
    </td>
  );
}

/** gnubg's three equities of a double: no double, double and take, double and drop. */
export interface CubeEquities {
  readonly noDouble: number;
  readonly doubleTake: number;
  readonly doubleDrop: number;
}

/** The three cube equities as table rows, each named as the analysis names it. */
export function CubeLineRows(props: { equities: CubeEquities; rowTestId?: string }) {
  const { t, lang } = useI18n();
  const e = props.equities;
  const lines = [
    ['no-double', e.noDouble],
    ['double-take', e.doubleTake],
    ['double-drop', e.doubleDrop],
  ] as const;
  return (
    <>
      {lines.map(([line, equity]) => (
        <tr key={line} data-testid={props.rowTestId}>
          <th scope="row">{t.analysis.cubeLine[line]}</th>
          <NumCell>{equityText(lang, equity)}</NumCell>
        </tr>
      ))}
    </>
  );
}
