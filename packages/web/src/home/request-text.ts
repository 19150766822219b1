import { PRESETS } from '@zar/engine';
import type { NewGameRequest } from '@zar/protocol';
import { settingsOfRequest } from '../clock/clock-choice.js';
import { clockName } from '../clock/clock-name.js';
import type { I18n } from '../i18n/index.js';
import { lengthText } from '../ui.js';

/**
 * What a new-game request plays, in words: "Tavla (Turkey) · Match to 5 points · Computer
 * (Club)", then its clock when timed ("Normal (10 s + 1 min a point)"), and "Rated" for a
 * rated match.
 */
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
  const clock = r.clock ? settingsOfRequest(r.clock) : null;
  const timed = clock?.kind === 'timed' ? [clockName(i18n, clock)] : [];
  const rated = r.rated ? [t.people.rated.rated] : [];
  return [what, lengthText(i18n, r.length ?? 5), against, ...timed, ...rated].join(' · ');
}
