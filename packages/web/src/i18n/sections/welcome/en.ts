/** English strings of the 'welcome' section (the home page's welcome, game cards, live count); the source of its type. */
export const welcomeEn = {
  title: 'Backgammon and its family, in your language',
  lead: 'Five games played from the Balkans to the Caucasus: against the computer, with a friend through a link, or with anyone in the lobby.',
  games: 'Choose a game',
  special: {
    backgammon: 'The world’s game: hit blots, build primes, and the doubling cube raises the stakes.',
    'long-nardy': 'No hitting: a single checker closes a point, and only one checker may leave the head each turn.',
    plakoto: 'Land on a lone checker to pin it; pin the last one on its starting point and win.',
    fevga: 'No hitting: your first checker must pass the opponent’s start before any other may move.',
    'gul-bara': 'After the first turns a double climbs: 3‑3 plays 3‑3, 4‑4, 5‑5 and 6‑6.',
  },
  choose: 'Play',
  chooseLabel: 'Set up a game of {game}',
  learn: 'How to play',
  learnLabel: 'How to play {game}',
  preview: 'Starting position of {game}',
  playing: {
    one: '{n} game is being played now',
    other: '{n} games are being played now',
  },
  waiting: {
    one: '{n} open game waits in the lobby',
    other: '{n} open games wait in the lobby',
  },
  again: 'Play again',
  againLabel: 'Play again with the last settings: {what}',
  last: 'Last settings: {what}',
  setup: 'Set up your game',
};
