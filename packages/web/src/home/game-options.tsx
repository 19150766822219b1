import { CYCLES, GAME_IDS, PRESETS, type PresetId } from '@zar/engine';
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

/** What a game select and a rules select stand for: a cycle or a game, and the rules played. */
export interface GameChoice {
  readonly isCycle: boolean;
  readonly presets: readonly { readonly id: PresetId }[];
  /** The rules picked when the game has them, else its first; a cycle's own rules are the engine's. */
  readonly preset: PresetId;
}

export function gameChoice(choice: string, picked: PresetId): GameChoice {
  const presets = PRESETS.filter((p) => p.game === choice);
  const preset = presets.some((p) => p.id === picked) ? picked : (presets[0]?.id ?? picked);
  return { isCycle: CYCLE_IDS.includes(choice), presets, preset };
}

/**
 * The game select, and the rules select where the game has more than one set of rules, as the
 * forms that start games ask them (the new game, a tournament). `testid` names both:
 * `${testid}-game` and `${testid}-rules`.
 */
export function GameFields(props: {
  readonly testid: string;
  readonly choice: string;
  readonly game: GameChoice;
  readonly choose: (choice: string) => void;
  readonly pick: (preset: PresetId) => void;
}) {
  const { t } = useI18n();
  const { isCycle, presets, preset } = props.game;
  return (
    <>
      <label>
        {t.home.game}
        <select
          data-testid={`${props.testid}-game`}
          value={props.choice}
          onChange={(e) => props.choose((e.currentTarget as HTMLSelectElement).value)}
        >
          <GameOptions />
        </select>
      </label>
      {!isCycle && presets.length > 1 && (
        <label>
          {t.home.rules}
          <select
            data-testid={`${props.testid}-rules`}
            value={preset}
            onChange={(e) => {
              const value = (e.currentTarget as HTMLSelectElement).value;
              const chosen = presets.find((p) => p.id === value);
              if (chosen) props.pick(chosen.id);
            }}
          >
            <PresetOptions presets={presets} />
          </select>
        </label>
      )}
    </>
  );
}
