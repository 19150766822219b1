import { describe, expect, it } from 'vitest';
import doc from '../../../docs/testing.md?raw';
import { matchRoute, type Route } from '../src/router.js';

/*
 * docs/testing.md is what a browser test is written from: every test id of the page and the
 * board, and every route. This keeps it true: a test id written in the sources, or a route of
 * the router, that the page does not list fails here.
 */

const SOURCES = {
  ...import.meta.glob<string>('../src/**/*.tsx', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../board-ui/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
};

/** The code spans of the page (`point-1`, `lobby-seek-<id>`, `/play/:id`). */
const documented: readonly string[] = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');

/**
 * A test id in the sources: a literal, or a template whose `${…}` parts are any text. `prefix`:
 * given to a component's prop, which may build its own ids from it (`testid="register"` makes
 * `register-name`), so a documented id that starts with it is enough.
 */
type Written = {
  readonly file: string;
  readonly id: string;
  readonly pattern: RegExp | null;
  readonly prefix: boolean;
};

const TEMPLATE_PART = /\$\{[^}]*\}/g;

/** Where a test id is given: a data-testid attribute or property, or a prop named for one (testid, testId, rowTestId, testIds). */
const GIVEN = /(?:data-testid|\btestid|\btestId|\browTestId|\btestIds)['"]?\s*[=:]\s*/g;

/** The value after a GIVEN: a quoted string, a template, or a {…} expression (balanced braces). */
function valueAt(text: string, from: number): string {
  const first = text[from];
  if (first === '"' || first === "'" || first === '`') {
    const end = text.indexOf(first, from + 1);
    return text.slice(from, end + 1);
  }
  if (first !== '{') return '';
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(from, i + 1);
  }
  return '';
}

/** The string literals and templates of a value ('a', "b", `c-${d}`); a bare name gives none. */
const literalsOf = (value: string): string[] =>
  [...value.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

function written(): Written[] {
  const out: Written[] = [];
  for (const [file, text] of Object.entries(SOURCES)) {
    for (const m of text.matchAll(GIVEN)) {
      for (const id of literalsOf(valueAt(text, (m.index ?? 0) + m[0].length))) {
        if (id === '') continue;
        const parts = id.split(TEMPLATE_PART).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
        const prefix = !m[0].startsWith('data-testid');
        out.push({ file, id, pattern: parts.length > 1 ? new RegExp(`^${parts.join('.+')}$`) : null, prefix });
      }
    }
  }
  return out;
}

/** Every page of the router, with its path as docs/testing.md writes it (`:name` for a part). */
const ROUTES: Record<Exclude<Route['page'], 'not-found'>, string> = {
  home: '/',
  lobby: '/lobby',
  play: '/play/:id',
  analysis: '/analysis/:id',
  replay: '/replay/:id',
  invite: '/invite/:token',
  learn: '/learn',
  'learn-page': '/learn/:slug',
  history: '/history',
  account: '/account',
  settings: '/settings',
  leaderboard: '/leaderboard/:pool',
  player: '/players/:name',
  ratings: '/ratings',
  watch: '/watch',
  tournaments: '/tournaments',
  tournament: '/tournaments/:id',
  dice: '/dice',
  'player-dice': '/players/:name/dice',
  import: '/import',
  'import-replay': '/imports/:id',
  'import-analysis': '/imports/:id/analysis',
  'analysis-board': '/analysis-board',
  puzzles: '/puzzles/:id',
  offline: '/offline',
};

describe('docs/testing.md', () => {
  it('lists every test id written in the web client and the board', () => {
    const ids = written();
    // The scan finds what it should: literals (a property's, a ternary's two, a prop's), templates.
    for (const id of ['play', 'cube', 'new-rated', 'new-casual', 'history-list']) {
      expect(
        ids.some((w) => w.id === id),
        id,
      ).toBe(true);
    }
    for (const id of ['point-7', 'resign-2', 'register-name']) {
      expect(
        ids.some((w) => w.pattern?.test(id)),
        id,
      ).toBe(true);
    }
    const listed = (w: Written): boolean => {
      if (w.pattern !== null) return documented.some((d) => w.pattern?.test(d));
      return documented.includes(w.id) || (w.prefix && documented.some((d) => d.startsWith(`${w.id}-`)));
    };
    const missing = ids.filter((w) => !listed(w)).map((w) => `${w.file}: ${w.id}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('lists every route of the router, each a path the router reads as that page', () => {
    for (const [page, path] of Object.entries(ROUTES)) {
      expect(matchRoute(path.replace(/:[a-z]+/g, 'backgammon')).page, path).toBe(page);
      expect(documented, path).toContain(path);
    }
  });
});
