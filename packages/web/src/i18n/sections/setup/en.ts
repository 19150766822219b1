/** English strings of the 'setup' section (the new-game form on the home page, the computer's levels and joining by invitation); the source of its type. */
export const setupEn = {
  levels: { beginner: 'Beginner', casual: 'Casual', club: 'Club', expert: 'Expert', master: 'Master' },
  home: {
    intro: 'Play against the computer, invite a friend with a link, or open a game for anyone in the lobby.',
    game: 'Game',
    mixed: 'Mixed matches',
    rules: 'Rules',
    length: 'Match length',
    money: 'Single games, no end',
    opponent: 'Opponent',
    bot: 'Computer',
    friend: 'A friend (invite link)',
    open: 'Anyone (lobby)',
    level: 'Computer level',
    start: 'Start',
    starting: 'Starting…',
    /** The choice to play the computer in the browser, with no server (offline play). */
    offline: 'Offline, in this browser (casual; the computer is downloaded once)',
    /** Offered when a game cannot be started for want of a connection. */
    offlineInstead: 'No connection? Play the computer offline',
  },
  invite: {
    title: 'Invitation',
    joining: 'Joining the game…',
    failed: 'This invitation cannot be used: {message}',
  },
};
