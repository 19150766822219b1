import { PRESETS } from '@zar/engine';
import type { NewGameRequest } from '@zar/protocol';
import type { I18n } from '../i18n/index.js';
import { lengthText } from '../ui.js';

/** What a new-game request plays, in words: "Tavla (Turkey) · Match to 5 points · Computer (Club)". */
export function requestText(i18n: I18n, r: NewGameRequest): string {
  const { t } = i18n;
  const preset = PRESETS.find((p) => p.id === r.preset);
  const what =
    r.cycle !== undefined
      ? ((t.cycles as Readonly<Record<string, string>>)[r.cycle] ?? r.cycle)
      : preset
        ? `${t.games[preset.game]}: ${t.presets[preset.id]}`
        : t.games[r.game ?? 'backgammon'];
  const against = r.opponent === 'bot' ? `${t.home.bot} (${t.levels[r.level ?? 'club']})` : t.home[r.opponent];
  return [what, lengthText(i18n, r.length ?? 5), against].join(' · ');
}
