import { isGameId, presetById } from '@zar/engine';
import { CLOCK_PRESETS, type ClockPresetId } from '@zar/match';
import type { ClockSettingsView, SeekKind } from '@zar/protocol';
import { presetOf } from '../clock/clock-choice.js';
import type { I18n } from '../i18n/index.js';

/**
 * Kinds of match in words, for the pool's counts, the player's requests and the open games:
 * "Backgammon, 5 points, Normal, rated". The parts come from the catalogue; the numbers of a
 * clock come from the match layer's presets, never typed into a sentence.
 */

/** What a kind plays: a game (with its rules when they are not the standard ones) or a cycle. */
export function playText(i18n: I18n, kind: Pick<SeekKind, 'game' | 'preset' | 'cycle'>): string {
  const { t } = i18n;
  if (kind.cycle !== undefined) return (t.cycles as Readonly<Record<string, string>>)[kind.cycle] ?? kind.cycle;
  if (kind.game !== undefined) return isGameId(kind.game) ? t.games[kind.game] : kind.game;
  const preset = kind.preset === undefined ? null : presetById(kind.preset);
  if (preset === null || !preset.ok) return kind.preset ?? t.games.backgammon;
  const p = preset.value;
  const game = isGameId(p.game) ? t.games[p.game] : p.game;
  // A game's standard preset bears its name: "Backgammon", not "Backgammon (International rules)".
  if (p.id === p.game) return game;
  return `${game} (${(t.presets as Readonly<Record<string, string>>)[p.id] ?? p.id})`;
}

/** "20 s", "1 min", "2 min 30 s" in the page's language. */
export function durationText(i18n: I18n, ms: number): string {
  const { seconds, minutes } = i18n.t.lobby;
  const total = Math.round(ms / 1000);
  const min = Math.floor(total / 60);
  const sec = total % 60;
  if (min === 0) return i18n.f(seconds, { n: i18n.num(sec) });
  if (sec === 0) return i18n.f(minutes, { n: i18n.num(min) });
  return `${i18n.f(minutes, { n: i18n.num(min) })} ${i18n.f(seconds, { n: i18n.num(sec) })}`;
}

/** A clock's numbers: "10 s a move + 1 min a point"; null for untimed. */
export function clockDetail(i18n: I18n, clock: ClockSettingsView): string | null {
  if (clock.kind !== 'timed') return null;
  return i18n.f(i18n.t.lobby.clockDetail, {
    delay: durationText(i18n, clock.delayMs),
    reserve: durationText(i18n, clock.perPointMs),
  });
}

/** A preset's name: "Normal", "Correspondence: 2 days a move". */
const presetName = (i18n: I18n, id: ClockPresetId): string => i18n.t.lobby.clocks[id];

/** A clock's short name: the preset's ("Normal"), or "Custom: 10 s a move + 1 min a point". */
export function clockName(i18n: I18n, clock: ClockSettingsView): string {
  const id = presetOf(clock);
  if (id !== null) return presetName(i18n, id);
  return `${i18n.t.lobby.custom}: ${clockDetail(i18n, clock) ?? ''}`;
}

/** A preset clock's name with its numbers, for the form: "Normal: 10 s a move + 1 min a point". */
export function clockOption(i18n: I18n, id: ClockPresetId): string {
  const detail = clockDetail(i18n, CLOCK_PRESETS[id]);
  return detail === null ? presetName(i18n, id) : `${presetName(i18n, id)}: ${detail}`;
}

/** "Backgammon, 5 points, Normal, rated". */
export function kindText(i18n: I18n, kind: SeekKind): string {
  const { lobby } = i18n.t;
  return [
    playText(i18n, kind),
    i18n.n(i18n.t.match.points, kind.length),
    presetName(i18n, kind.clock),
    kind.rated ? lobby.ratedWord : lobby.casualWord,
  ].join(lobby.sep);
}

/** A waiting time as m:ss ("0:07", "12:30"), or h:mm:ss past an hour; digits stay Western. */
export function elapsedText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
