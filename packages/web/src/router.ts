import { RATING_POOLS } from '@zar/protocol';

/**
 * A tiny history router. The server answers every non-/api path with index.html, so the
 * address bar holds real paths (/play/abc123) that survive a reload and can be shared.
 */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'lobby' }
  | { readonly page: 'play'; readonly id: string }
  | { readonly page: 'analysis'; readonly id: string }
  | { readonly page: 'replay'; readonly id: string }
  | { readonly page: 'invite'; readonly token: string }
  | { readonly page: 'learn' }
  | { readonly page: 'learn-page'; readonly slug: string }
  | { readonly page: 'history' }
  | { readonly page: 'account' }
  | { readonly page: 'settings' }
  /** A pool's leaderboard; null: the default pool (backgammon). */
  | { readonly page: 'leaderboard'; readonly pool: string | null }
  | { readonly page: 'player'; readonly name: string }
  | { readonly page: 'ratings' }
  /** The live list of games being played. */
  | { readonly page: 'watch' }
  | { readonly page: 'tournaments' }
  | { readonly page: 'tournament'; readonly id: string }
  /** Dice statistics: the whole site's, and one player's. */
  | { readonly page: 'dice' }
  | { readonly page: 'player-dice'; readonly name: string }
  /** Importing a match from a file; an imported match's replay and its analysis. */
  | { readonly page: 'import' }
  | { readonly page: 'import-replay'; readonly id: string }
  | { readonly page: 'import-analysis'; readonly id: string }
  /** Any position set up or pasted, valued by the bot; its setup rides in the query string. */
  | { readonly page: 'analysis-board' }
  /** Puzzles: the next for the visitor, or the one a link names. */
  | { readonly page: 'puzzles'; readonly id: string | null }
  /** A match against the bot played in the browser, offline; a new one's setup rides in the query string. */
  | { readonly page: 'offline' }
  | { readonly page: 'not-found'; readonly path: string };

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** The route of a path; query and hash are ignored, a trailing slash is tolerated. */
export function matchRoute(path: string): Route {
  const clean = path.split(/[?#]/)[0] ?? '';
  const parts = clean.split('/').filter((s) => s !== '');
  const [head, arg, ...rest] = parts;
  if (head === 'players' && arg !== undefined && SEGMENT.test(arg) && rest.length === 1 && rest[0] === 'dice') {
    return { page: 'player-dice', name: arg };
  }
  if (head === 'imports' && arg !== undefined && SEGMENT.test(arg) && rest.length === 1 && rest[0] === 'analysis') {
    return { page: 'import-analysis', id: arg };
  }
  if (rest.length > 0) return { page: 'not-found', path: clean };
  if (head === undefined) return { page: 'home' };
  if (arg === undefined) {
    const simple = {
      lobby: 'lobby',
      learn: 'learn',
      history: 'history',
      account: 'account',
      settings: 'settings',
      ratings: 'ratings',
      watch: 'watch',
      dice: 'dice',
      tournaments: 'tournaments',
      import: 'import',
      'analysis-board': 'analysis-board',
      offline: 'offline',
    } as const;
    if (head === 'leaderboard') return { page: 'leaderboard', pool: null };
    if (head === 'puzzles') return { page: 'puzzles', id: null };
    if (head in simple) return { page: simple[head as keyof typeof simple] };
    return { page: 'not-found', path: clean };
  }
  if (!SEGMENT.test(arg)) return { page: 'not-found', path: clean };
  if (head === 'play') return { page: 'play', id: arg };
  if (head === 'analysis') return { page: 'analysis', id: arg };
  if (head === 'replay') return { page: 'replay', id: arg };
  if (head === 'invite') return { page: 'invite', token: arg };
  if (head === 'learn') return { page: 'learn-page', slug: arg };
  if (head === 'leaderboard' && RATING_POOLS.includes(arg)) return { page: 'leaderboard', pool: arg };
  if (head === 'players') return { page: 'player', name: arg };
  if (head === 'tournaments') return { page: 'tournament', id: arg };
  if (head === 'imports') return { page: 'import-replay', id: arg };
  if (head === 'puzzles') return { page: 'puzzles', id: arg };
  return { page: 'not-found', path: clean };
}

/** The path of a route: the inverse of matchRoute for every route but not-found. */
export function pathOf(route: Route): string {
  switch (route.page) {
    case 'home':
      return '/';
    case 'play':
      return `/play/${route.id}`;
    case 'analysis':
      return `/analysis/${route.id}`;
    case 'replay':
      return `/replay/${route.id}`;
    case 'invite':
      return `/invite/${route.token}`;
    case 'learn-page':
      return `/learn/${route.slug}`;
    case 'leaderboard':
      return route.pool === null ? '/leaderboard' : `/leaderboard/${route.pool}`;
    case 'player':
      return `/players/${route.name}`;
    case 'tournament':
      return `/tournaments/${route.id}`;
    case 'player-dice':
      return `/players/${route.name}/dice`;
    case 'import-replay':
      return `/imports/${route.id}`;
    case 'import-analysis':
      return `/imports/${route.id}/analysis`;
    case 'puzzles':
      return route.id === null ? '/puzzles' : `/puzzles/${route.id}`;
    case 'not-found':
      return route.path;
    default:
      return `/${route.page}`;
  }
}

type Listener = (route: Route) => void;
const listeners = new Set<Listener>();

export const currentRoute = (): Route => matchRoute(location.pathname);

/** Goes to a path without reloading the page. */
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.scrollTo(0, 0);
  for (const l of listeners) l(currentRoute());
}

export function onRouteChange(listener: Listener): () => void {
  listeners.add(listener);
  const pop = () => listener(currentRoute());
  window.addEventListener('popstate', pop);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', pop);
  };
}

/**
 * Makes same-origin links go through the router: a click on `<a href="/lobby">` with no
 * modifier key navigates in place; new-tab clicks and other origins keep their default.
 */
export function interceptLinks(root: HTMLElement): () => void {
  const click = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a');
    if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
    if (a.pathname.startsWith('/api/')) return;
    e.preventDefault();
    if (a.pathname !== location.pathname) navigate(a.pathname + a.search);
  };
  root.addEventListener('click', click);
  return () => root.removeEventListener('click', click);
}
