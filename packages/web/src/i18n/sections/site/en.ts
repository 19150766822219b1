/** English strings of the 'site' section (the page's title, the navigation and the words every page uses); the source of its type. */
export const siteEn = {
  meta: { title: 'Zar: backgammon, long nardy, plakoto, fevga, gul bara' },
  nav: {
    main: 'Main',
    play: 'New game',
    lobby: 'Lobby',
    leaderboard: 'Leaderboard',
    learn: 'Learn',
    history: 'History',
    account: 'Account',
    language: 'Language',
    skip: 'Skip to content',
  },
  common: {
    loading: 'Loading…',
    retry: 'Try again',
    close: 'Close',
    cancel: 'Cancel',
    error: 'Something went wrong. Try again in a moment.',
    offline: 'Connection lost. Reconnecting…',
    notFound: 'This page does not exist.',
    gameNotFound: 'There is no game at this address.',
    backHome: 'Back to the start page',
  },
};
