import { CLOCK_PRESETS } from '@zar/match';
import { MAX_SWISS_ROUNDS } from '@zar/protocol';
import { clockName } from '../clock/clock-name.js';
import { useI18n } from '../i18n/index.js';
import { LengthField } from '../ui.js';
import { DEFAULT_ROUND, ROUND_CLOCKS, ROUND_LENGTHS, type RoundChoice } from './create-request.js';

/**
 * Each round's match length and clock: one row for every round, and more rows for a later
 * round that plays longer (a final to 7 points after rounds to 3). The last row holds for every
 * later round, as the server reads the list.
 */
export function RoundFields({
  rows,
  limit,
  change,
}: {
  rows: readonly RoundChoice[];
  /** Most rows (a Swiss: its rounds). */
  limit: number;
  change: (rows: readonly RoundChoice[]) => void;
}) {
  const i18n = useI18n();
  const c = i18n.t.tournaments.create;
  const set = (i: number, row: RoundChoice) => change(rows.map((r, j) => (j === i ? row : r)));
  const label = (i: number) =>
    rows.length === 1
      ? c.everyRound
      : i18n.f(i === rows.length - 1 ? c.roundFrom : c.roundOnly, { n: i18n.num(i + 1) });
  return (
    <fieldset data-testid="tournament-rounds">
      <legend>{c.roundSettings}</legend>
      {rows.map((row, i) => (
        <fieldset class="round-row" key={i} data-testid={`tournament-round-${i + 1}`}>
          <legend>{label(i)}</legend>
          <LengthField
            label={i18n.t.home.length}
            testId={`tournament-length-${i + 1}`}
            lengths={ROUND_LENGTHS}
            value={row.length}
            change={(length) => set(i, { ...row, length })}
          />
          <label>
            {i18n.t.people.clock.label}
            <select
              data-testid={`tournament-clock-${i + 1}`}
              value={row.clock}
              onChange={(e) => {
                const value = (e.currentTarget as HTMLSelectElement).value;
                set(i, { ...row, clock: ROUND_CLOCKS.find((x) => x === value) ?? DEFAULT_ROUND.clock });
              }}
            >
              {ROUND_CLOCKS.map((x) => (
                <option key={x} value={x}>
                  {clockName(i18n, CLOCK_PRESETS[x])}
                </option>
              ))}
            </select>
          </label>
          {i > 0 && i === rows.length - 1 && (
            <button type="button" onClick={() => change(rows.slice(0, -1))}>
              {c.removeRound}
            </button>
          )}
        </fieldset>
      ))}
      {rows.length < Math.min(limit, MAX_SWISS_ROUNDS) && (
        <button
          type="button"
          data-testid="tournament-add-round"
          onClick={() => change([...rows, rows.at(-1) ?? DEFAULT_ROUND])}
        >
          {c.addRound}
        </button>
      )}
      <p class="hint">{c.clockNote}</p>
    </fieldset>
  );
}
