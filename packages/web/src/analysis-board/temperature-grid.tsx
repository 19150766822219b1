import type { TemperatureMap } from '@zar/protocol';
import { equityText } from '../hints/format.js';
import { useI18n } from '../i18n/index.js';
import { Ltr, Rich } from '../ui.js';

const FACES = [1, 2, 3, 4, 5, 6] as const;

/** The index of a roll in the map's list (larger die first, 6-6 down to 1-1). */
function rollAt(map: TemperatureMap, a: number, b: number) {
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  return map.rolls.find((r) => r.dice[0] === hi && r.dice[1] === lo);
}

/**
 * gnubg's temperature map: the 36 rolls as a 6×6 grid (first die across, second down), each
 * cell its roll's best play and equity, coloured from the worst roll (red) to the best (green)
 * so that the good and bad numbers show at a glance.
 */
export function TemperatureGrid({ map }: { map: TemperatureMap }) {
  const { t, lang } = useI18n();
  const equities = map.rolls.map((r) => r.equity);
  const low = Math.min(...equities);
  const span = Math.max(...equities) - low || 1;
  return (
    <table class="board-temperature" data-testid="board-temperature">
      <caption>
        <Rich text={t.analysisBoard.temperatureCaption} slots={{ equity: <Ltr>{equityText(lang, map.equity)}</Ltr> }} />
      </caption>
      <thead>
        <tr>
          <td />
          {FACES.map((a) => (
            <th key={a} scope="col">
              {a}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {FACES.map((b) => (
          <tr key={b}>
            <th scope="row">{b}</th>
            {FACES.map((a) => {
              const roll = rollAt(map, a, b);
              if (roll === undefined) return <td key={a} />;
              const hue = Math.round(((roll.equity - low) / span) * 120);
              return (
                <td
                  key={a}
                  data-testid="board-temperature-roll"
                  style={{ background: `hsl(${hue} 70% 85%)`, color: '#111' }}
                >
                  <span class="board-roll-play">
                    <Ltr>{roll.play ?? t.analysisBoard.cannot}</Ltr>
                  </span>
                  <span class="board-roll-equity">
                    <Ltr>{equityText(lang, roll.equity)}</Ltr>
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
