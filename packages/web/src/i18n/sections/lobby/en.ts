/** English strings of the 'lobby' section (the live lobby: quick pairing, the pool, open games); the source of its type. */
export const lobbyEn = {
  title: 'Lobby',
  intro: 'Ask to be paired with a player of a close rating, or join a game someone has opened.',
  connecting: 'Connecting to the lobby…',
  reconnecting: 'Connection to the lobby lost. Reconnecting…',
  // Quick pairing
  quick: 'Quick pairing',
  quickIntro:
    'Say what you want to play: you are paired with a player who asks for the same, first within 100 rating points, a wider range the longer you both wait.',
  game: 'Game',
  rules: 'Rules',
  length: 'Match length',
  clock: 'Clock',
  rating: 'Rating',
  rated: 'Rated',
  casual: 'Casual',
  /** A visitor who has not played has no session, and the server pairs players only (ERR_NO_SESSION). */
  guestRated: 'Only accounts play rated matches: register or sign in on the account page.',
  seek: 'Find an opponent',
  leaveNote: 'Searching stops if you leave this page.',
  paired: 'Opponent found. Opening the match…',
  // The pool and one's own requests
  pools: 'Players waiting',
  poolsEmpty: 'Nobody is waiting to be paired right now.',
  poolLine: { one: '{n} waiting: {kind}', other: '{n} waiting: {kind}' },
  /** Asks for the kind others wait for, as one click (a guest cannot ask a rated one). */
  poolPlay: 'Play',
  poolPlayLabel: 'Play this: {kind}',
  mine: 'Your requests',
  waited: 'waiting for {time}',
  cancel: 'Cancel',
  cancelLabel: 'Cancel the request: {kind}',
  /** Between the parts of a kind: "Backgammon, 5 points, Normal, rated". */
  sep: ', ',
  ratedWord: 'rated',
  casualWord: 'casual',
  clocks: {
    speed: 'Speed',
    normal: 'Normal',
    casual: 'Casual',
    tournament: 'Tournament',
    untimed: 'Untimed',
    'days-1': 'Correspondence: 1 day a move',
    'days-2': 'Correspondence: 2 days a move',
    'days-3': 'Correspondence: 3 days a move',
    'days-5': 'Correspondence: 5 days a move',
    'days-7': 'Correspondence: 7 days a move',
  },
  custom: 'Custom',
  /** A timed clock's numbers: the delay per move, the reserve per point. */
  clockDetail: '{delay} a move + {reserve} a point',
  seconds: '{n} s',
  minutes: '{n} min',
  // Open games
  openGames: 'Open games',
  empty: 'No open games right now. Start one and it will appear here.',
  host: 'Player',
  join: 'Join',
  joining: 'Joining…',
  create: 'Open a new game',
};
