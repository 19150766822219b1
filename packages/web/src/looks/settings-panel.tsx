import { CHECKER_SETS, type Preferences, THEMES } from '@zar/protocol';
import { useEffect } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { setPreferences, usePreferences } from '../preferences.js';
import { reducedMotion, setAnimations } from '../settings.js';
import { playTableSounds } from '../sound/use-table-sounds.js';
import { syncAccountPreferences, useSyncState } from './account-sync.js';
import { PreviewBoard } from './preview-board.js';
import './settings.css';

type Switch = 'sound' | 'autoRoll' | 'autoConfirm' | 'hintFeedback';

/**
 * Every table preference in one place, with a board that shows the looks as they are chosen.
 * A change applies at once to every board on the page and is kept (in the browser, and on the
 * account when signed in); there is nothing to save.
 */
export function SettingsPanel() {
  const { t } = useI18n();
  const l = t.looks;
  const prefs = usePreferences();
  const sync = useSyncState();
  useEffect(() => {
    void syncAccountPreferences();
  }, []);

  const change = (c: Partial<Preferences>) => setPreferences(c);
  const toggle = (key: Switch, label: string) => (
    <label class="check">
      <input
        type="checkbox"
        data-testid={`pref-${key}`}
        checked={prefs[key]}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          change({ [key]: on });
          // Switching sound on plays one clip: the player hears it works, and the click lets the browser play later ones.
          if (key === 'sound' && on) playTableSounds(['turn']);
        }}
      />
      {label}
    </label>
  );

  return (
    <div class="settings" data-testid="settings-panel">
      <figure class="settings-preview">
        <PreviewBoard />
        <figcaption class="muted">{l.preview}</figcaption>
      </figure>
      <div class="settings-fields">
        <fieldset>
          <legend>{l.looksHeading}</legend>
          <fieldset class="choice">
            <legend>{l.theme}</legend>
            {THEMES.map((theme) => (
              <label key={theme} class="check">
                <input
                  type="radio"
                  name="zar-theme"
                  value={theme}
                  data-testid={`theme-${theme}`}
                  checked={prefs.theme === theme}
                  onChange={() => change({ theme })}
                />
                {l.themes[theme]}
              </label>
            ))}
          </fieldset>
          <label>
            {l.checkers}
            {/* The high-contrast board keeps its own white and black: the set waits for another board. */}
            <select
              data-testid="pref-checkers"
              value={prefs.checkers}
              disabled={prefs.theme === 'contrast'}
              aria-describedby={prefs.theme === 'contrast' ? 'pref-checkers-note' : undefined}
              onChange={(e) => {
                const v = CHECKER_SETS.find((s) => s === e.currentTarget.value);
                if (v) change({ checkers: v });
              }}
            >
              {CHECKER_SETS.map((s) => (
                <option key={s} value={s}>
                  {l.checkerSets[s]}
                </option>
              ))}
            </select>
          </label>
          {prefs.theme === 'contrast' && (
            <p class="hint" id="pref-checkers-note">
              {l.contrastCheckers}
            </p>
          )}
          <fieldset class="choice">
            <legend>{l.homeSide}</legend>
            {(['right', 'left'] as const).map((side) => (
              <label key={side} class="check">
                <input
                  type="radio"
                  name="zar-home-side"
                  value={side}
                  data-testid={`home-${side}`}
                  checked={prefs.homeSide === side}
                  onChange={() => change({ homeSide: side })}
                />
                {l.homeSides[side]}
              </label>
            ))}
          </fieldset>
        </fieldset>
        <fieldset>
          <legend>{l.playHeading}</legend>
          <label class="check">
            <input
              type="checkbox"
              data-testid="pref-animations"
              checked={prefs.animations}
              onChange={(e) => setAnimations(e.currentTarget.checked)}
            />
            {l.animations}
          </label>
          {prefs.animations && reducedMotion() && <p class="hint">{l.reducedMotion}</p>}
          {toggle('sound', l.sound)}
          {toggle('autoRoll', l.autoRoll)}
          {toggle('autoConfirm', l.autoConfirm)}
          {toggle('hintFeedback', l.hintFeedback)}
        </fieldset>
        <p class="muted" aria-live="polite" data-testid="settings-saved" data-account={String(sync.account)}>
          {sync.account ? (sync.failed ? l.saveFailed : l.savedAccount) : l.savedBrowser}
        </p>
      </div>
    </div>
  );
}
