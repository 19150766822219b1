/** English strings of the 'correspondence' section (matches of days per move: their clock, the home page's list, the notifications); the source of its type. */
export const correspondenceEn = {
  perMove: { one: '{n} day a move', other: '{n} days a move' },
  /** Under the setup form's clock when days per move are chosen. */
  explain:
    'Each move has its days; what is left of them is not carried over. Close the page and come back when it is your turn: running out of time loses the match.',
  /** Time left on a correspondence clock. */
  daysHours: '{d} d {h} h',
  hoursMinutes: '{h} h {m} min',
  minutes: '{m} min',
  /** A rating pool of correspondence matches: "Backgammon · correspondence". */
  pool: '{name} · correspondence',
  ratingsNote:
    'Correspondence matches rate in pools of their own, one for each game (“Backgammon · correspondence”): a move given days is another game than one played in an evening.',
  /** The home page's list. */
  list: 'Your correspondence matches',
  yourTurn: 'Your turn',
  theirTurn: 'Their turn',
  against: 'against {name}',
  noOpponent: 'Waiting for an opponent',
  score: 'Score {own}–{opponent}',
  left: '{time} left',
  noClock: 'Clock stopped',
  /** Notifications. */
  moved: '{name} moved: your turn',
  offer: 'Get a notification when it is your turn while Zar is in the background?',
  turnOn: 'Turn notifications on',
  dismiss: 'No, thanks',
  setting: 'Notify me when it is my turn in a correspondence match',
  blocked: 'The browser blocks Zar’s notifications: allow them in its site settings.',
  missing: 'This browser cannot show notifications.',
};
