import { useEffect, useState } from 'preact/hooks';
import { rememberLang } from './i18n/detect.js';
import { type I18n, I18nContext, isLang, LANGS, type Lang, makeI18n, switcherLabel } from './i18n/index.js';
import { loadCatalogue } from './i18n/load.js';
import { lazy } from './lazy.js';
import { syncAccountPreferences } from './looks/account-sync.js';
import { LazySettingsPage } from './looks/lazy-settings.js';
import { followNoticeClicks } from './notify/notice-clicks.js';
import { OFFLINE_KIT } from './offline/kit.js';
import { setTitleBase } from './page-title.js';
import { Account } from './pages/account.js';
import { Home } from './pages/home.js';
import { Invite } from './pages/invite.js';
import { Leaderboard } from './pages/leaderboard.js';
import { LearnIndex, LearnPageView } from './pages/learn.js';
import { NotFound } from './pages/not-found.js';
import { Play } from './pages/play.js';
import { Profile } from './pages/profile.js';
import { currentRoute, interceptLinks, onRouteChange, type Route } from './router.js';

/** The analysis page (the board, ID parsers, the report) and the replay load only when someone opens them. */
const LazyAnalysis = lazy(() => import('./pages/analysis.js').then((m) => m.Analysis));
const LazyReplay = lazy(() => import('./pages/replay.js').then((m) => m.Replay));
/** Importing a match from a file loads when opened. */
const LazyImport = lazy(() => import('./pages/import.js').then((m) => m.Import));
const LazyAnalysisBoard = lazy(() => import('./pages/analysis-board.js').then((m) => m.AnalysisBoard));
const LazyHistory = lazy(() => import('./pages/history.js').then((m) => m.History));
/** The lobby (quick pairing, open games, who waits) loads when opened: no first page needs it. */
const LazyLobby = lazy(() => import('./pages/lobby.js').then((m) => m.Lobby));
const LazyRatings = lazy(() => import('./pages/ratings.js').then((m) => m.Ratings));
const LazyPuzzles = lazy(() => import('./pages/puzzles.js').then((m) => m.Puzzles));
/** Offline play: its page, the worker and the bot's nets load only when it is chosen. */
const LazyOffline = lazy(() => import('./offline/offline-page.js').then((m) => m.OfflinePage));
/** The live list of games to watch loads when opened. */
const LazyWatch = lazy(() => import('./pages/watch.js').then((m) => m.Watch));
/** Tournaments (the list and form, a tournament's bracket or standings) load when opened. */
const LazyTournaments = lazy(() => import('./pages/tournaments.js').then((m) => m.Tournaments));
const LazyTournament = lazy(() => import('./pages/tournament.js').then((m) => m.Tournament));
/** The dice statistics pages (charts, tests) load when opened. */
const LazySiteDice = lazy(() => import('./pages/dice.js').then((m) => m.SiteDicePage));
const LazyPlayerDice = lazy(() => import('./pages/dice.js').then((m) => m.PlayerDicePage));

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'home':
      return <Home />;
    case 'lobby':
      return <LazyLobby />;
    case 'play':
      return <Play id={route.id} />;
    case 'analysis':
      return <LazyAnalysis id={route.id} />;
    case 'replay':
      return <LazyReplay id={route.id} />;
    case 'invite':
      return <Invite token={route.token} />;
    case 'learn':
      return <LearnIndex />;
    case 'learn-page':
      return <LearnPageView slug={route.slug} />;
    case 'history':
      return <LazyHistory />;
    case 'settings':
      return <LazySettingsPage />;
    case 'account':
      return <Account />;
    case 'leaderboard':
      return <Leaderboard pool={route.pool} />;
    case 'player':
      return <Profile name={route.name} />;
    case 'ratings':
      return <LazyRatings />;
    case 'watch':
      return <LazyWatch />;
    case 'tournaments':
      return <LazyTournaments />;
    case 'tournament':
      return <LazyTournament id={route.id} />;
    case 'dice':
      return <LazySiteDice />;
    case 'player-dice':
      return <LazyPlayerDice name={route.name} />;
    case 'import':
      return <LazyImport />;
    case 'import-replay':
      return <LazyReplay id={route.id} from="import" />;
    case 'import-analysis':
      return <LazyAnalysis id={route.id} from="import" />;
    case 'analysis-board':
      return <LazyAnalysisBoard />;
    case 'puzzles':
      return <LazyPuzzles id={route.id} />;
    case 'offline':
      return <LazyOffline kit={OFFLINE_KIT} />;
    default:
      return <NotFound />;
  }
}

function Header({ i18n, onLang }: { i18n: I18n; onLang: (l: Lang) => void }) {
  const { t } = i18n;
  return (
    <header class="top">
      <a class="skip" href="#main">
        {t.nav.skip}
      </a>
      <a class="brand" href="/" data-testid="nav-home">
        Zar
      </a>
      <nav aria-label={t.nav.main}>
        <a href="/" data-testid="nav-play">
          {t.nav.play}
        </a>
        <a href="/lobby" data-testid="nav-lobby">
          {t.nav.lobby}
        </a>
        <a href="/leaderboard" data-testid="nav-leaderboard">
          {t.nav.leaderboard}
        </a>
        <a href="/watch" data-testid="nav-watch">
          {t.company.live.nav}
        </a>
        <a href="/dice" data-testid="nav-dice">
          {t.dice.nav}
        </a>
        <a href="/tournaments" data-testid="nav-tournaments">
          {t.tournaments.nav}
        </a>
        <a href="/puzzles" data-testid="nav-puzzles">
          {t.puzzles.nav}
        </a>
        <a href="/learn" data-testid="nav-learn">
          {t.nav.learn}
        </a>
        <a href="/history" data-testid="nav-history">
          {t.nav.history}
        </a>
        <a href="/account" data-testid="nav-account">
          {t.nav.account}
        </a>
      </nav>
      <div class="prefs">
        <label>
          <span class="sr-only">{t.nav.language}</span>
          <select
            data-testid="language"
            value={i18n.lang}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value;
              if (isLang(v)) onLang(v);
            }}
          >
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {switcherLabel(l)}
              </option>
            ))}
          </select>
        </label>
        {/* Animations and every other table preference live on the settings page. */}
        <a href="/settings" data-testid="nav-settings">
          {t.looks.title}
        </a>
      </div>
    </header>
  );
}

export function App({ initial }: { initial: I18n }) {
  const [i18n, setI18n] = useState(initial);
  const [route, setRoute] = useState<Route>(currentRoute());

  useEffect(() => onRouteChange(setRoute), []);
  // An account's preferences, loaded on every page opened (which also notices a sign-in or sign-out).
  useEffect(() => {
    void syncAccountPreferences();
  }, [route.page]);
  useEffect(() => interceptLinks(document.body), []);
  // A turn notification's click, handled by the service worker, opens its game in this tab.
  useEffect(() => followNoticeClicks(), []);
  useEffect(() => {
    const html = document.documentElement;
    html.lang = i18n.lang;
    html.dir = i18n.dir;
    setTitleBase(i18n.t.meta.title);
  }, [i18n]);

  const changeLang = (lang: Lang) => {
    rememberLang(lang);
    loadCatalogue(lang).then(
      (t) => setI18n(makeI18n(lang, t)),
      () => undefined,
    );
  };

  return (
    <I18nContext.Provider value={i18n}>
      <Header i18n={i18n} onLang={changeLang} />
      <main id="main" tabIndex={-1}>
        <Page route={route} />
      </main>
    </I18nContext.Provider>
  );
}
