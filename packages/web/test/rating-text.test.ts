import { describe, expect, it } from 'vitest';
import { LANGS } from '../src/i18n/index.js';
import { ratingChangeText, ratingText } from '../src/players/rating-text.js';

/** Every source file of the page, by its path under src/. */
function sources(): Map<string, string> {
  const raw = import.meta.glob<string>('../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
  return new Map(Object.entries(raw).map(([path, text]) => [path.replace('../src/', ''), text]));
}

/** The views that show a rating: each writes it with ratingText. */
const SHOWN_IN = [
  'watch/live-list.tsx',
  'play/score-bar.tsx',
  'play/match-people.tsx',
  'pages/leaderboard.tsx',
  'pages/profile.tsx',
  'players/rating-graph.tsx',
  'tournaments/entrants.tsx',
  'tournaments/standings.tsx',
  'pages/puzzles.tsx',
  'puzzles/puzzle-result.tsx',
  'puzzles/daily-card.tsx',
];

describe('a rating, wherever it is shown', () => {
  it('is a whole number, rounded, grouped as the page’s language groups numbers', () => {
    const shown = Object.fromEntries(LANGS.map((l) => [l, ratingText(l, 1511.5)]));
    expect(shown).toEqual({
      ro: '1.512',
      en: '1,512',
      tr: '1.512',
      ru: '1\u00a0512',
      uk: '1\u00a0512',
      el: '1.512',
      bg: '1512',
      ar: '1,512',
    });
    expect(ratingText('en', 1500.4)).toBe('1,500');
    expect(ratingText('en', 987)).toBe('987');
    expect(ratingChangeText('en', 12)).toBe('+12');
    expect(ratingChangeText('en', -8)).toBe('-8');
    expect(ratingChangeText('en', 0)).toBe('0');
  });

  it('is written by the one formatter in every view that shows one, and formatted nowhere else', () => {
    const files = sources();
    for (const path of SHOWN_IN) {
      expect(files.get(path), path).toMatch(
        /import \{[^}]*\bratingText\b[^}]*\} from '[./]*(players\/)?rating-text\.js'/,
      );
    }
    // A rating rounded or formatted by hand ("1,500" beside "1500" and "1510.0"). The ratings
    // page's worked example keeps its tenths on purpose: its sums are checked by hand.
    const byHand = /(Math\.round|toFixed|i18n\.num|fixed|NumberFormat)\([^)]*rating/i;
    const found = [...files]
      .filter(([path]) => path !== 'players/rating-text.ts' && path !== 'pages/ratings.tsx')
      .flatMap(([path, text]) =>
        text
          .split('\n')
          .filter((line) => byHand.test(line))
          .map((line) => `${path}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
