import { CYCLES, GAME_IDS, type PresetId } from '@zar/engine';
import { useI18n } from '../i18n/index.js';

/** The names of the mixed cycles, in the engine's order. */
export const CYCLE_IDS = Object.keys(CYCLES);

/**
 * The choices of a game select: each game, then the mixed cycles in a group of their own. The
 * setup form and the lobby's pairing request offer the same list.
 */
export function GameOptions() {
  const { t } = useI18n();
  return (
    <>
      {GAME_IDS.map((g) => (
        <option key={g} value={g}>
          {t.games[g]}
        </option>
      ))}
      <optgroup label={t.home.mixed}>
        {CYCLE_IDS.map((c) => (
          <option key={c} value={c}>
            {(t.cycles as Readonly<Record<string, string>>)[c] ?? c}
          </option>
        ))}
      </optgroup>
    </>
  );
}

/** The choices of a rules select: the presets of the game chosen. */
export function PresetOptions({ presets }: { presets: readonly { readonly id: PresetId }[] }) {
  const { t } = useI18n();
  return (
    <>
      {/* Typed by the engine's preset ids: each language names every preset, or this does not compile. */}
      {presets.map((p) => (
        <option key={p.id} value={p.id}>
          {t.presets[p.id]}
        </option>
      ))}
    </>
  );
}
