import { CYCLES, PRESETS } from '@zar/engine';
import type { MatchSettings } from '@zar/protocol';
import type { Catalogue } from '../i18n/index.js';

type Choice = MatchSettings['cycle'][number];

/** Options as comparable text: keys sorted, so {a, b} and {b, a} read the same. */
const key = (options: Readonly<Record<string, unknown>> | undefined): string =>
  JSON.stringify(Object.entries(options ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The presets whose game and options a game of the match has. */
const presetsOf = (c: Choice) => PRESETS.filter((p) => p.game === c.game && key(p.options) === key(c.options));

/**
 * The name of the rules a match was started with, where the settings tell it: a mixed cycle
 * by its name, one game's preset when only one preset has its options (the Greek, Turkish and
 * Bulgarian customs share theirs, and plain backgammon is both "international" and "table":
 * then nothing is added to the game's name). Null when there is nothing to add.
 */
export function rulesName(t: Catalogue, settings: MatchSettings): string | null {
  const cycle = settings.cycle;
  if (cycle.length > 1) {
    const found = Object.entries(CYCLES).find(
      ([, ids]) =>
        ids.length === cycle.length &&
        ids.every((id, i) => {
          const c = cycle[i];
          return c !== undefined && presetsOf(c).some((p) => p.id === id);
        }),
    );
    return found ? ((t.cycles as Readonly<Record<string, string>>)[found[0]] ?? null) : null;
  }
  const only = cycle[0];
  if (!only) return null;
  const presets = presetsOf(only);
  const preset = presets.length === 1 ? presets[0] : undefined;
  // A game's own default preset adds nothing to its name.
  if (!preset || Object.keys(preset.options).length === 0) return null;
  return t.presets[preset.id];
}
