/** English strings of the 'people' section (the people at the table: clocks, presence, claims, rematches, ratings; and the setup form's clock and rated choices); the source of its type. */
export const peopleEn = {
  clock: {
    /** The setup form's choice. */
    label: 'Clock',
    presets: {
      speed: 'Speed',
      normal: 'Normal',
      casual: 'Casual',
      tournament: 'Tournament',
      untimed: 'Untimed',
      'days-1': 'Correspondence (1 day a move)',
      'days-2': 'Correspondence (2 days a move)',
      'days-3': 'Correspondence (3 days a move)',
      'days-5': 'Correspondence (5 days a move)',
      'days-7': 'Correspondence (7 days a move)',
    },
    custom: 'Custom',
    /** A timed clock's terms. {delay}: "8 s"; {reserve}: "20 s" or "1 min". */
    terms: '{delay} + {reserve} a point',
    /** A clock by name with its terms: "Normal (10 s + 1 min a point)". */
    named: '{name} ({terms})',
    seconds: '{n} s',
    minutes: '{n} min',
    delay: 'Delay per move, in seconds',
    perPoint: 'Reserve per point of the match, in minutes',
    /** {min}, {max}: "0 s", "1 min". */
    delayRule: 'Whole seconds, from {min} to {max}.',
    perPointRule: 'From {min} to {max}.',
    delayBroken: 'The delay must be whole seconds, from {min} to {max}.',
    perPointBroken: 'The reserve per point must be from {min} to {max}.',
    explain:
      'Each move has a delay that costs nothing; then the reserve counts down. Running out of time loses the match.',
    /** The clock's accessible name beside a player: "Clock of ana". */
    of: 'Clock of {name}',
    /** Read by screen readers after the reserve. {time}: "0:08". */
    delayLeft: 'delay {time}',
    paused: 'Clock paused',
    /** Said once, when the viewer's time drops under ten seconds. */
    lowYou: 'Less than ten seconds left on your clock.',
    /** The table's news when the server declares a timeout. */
    timeout: '{name} ran out of time.',
    timeoutYou: 'You ran out of time.',
    /** An untimed match claimed from a player who did not act. */
    claimed: '{name} did not act in time: the match was claimed.',
    claimedYou: 'You did not act in time: your opponent claimed the match.',
  },
  rated: {
    label: 'Rating',
    rated: 'Rated',
    casual: 'Casual',
    ratedNote: 'Both players’ ratings change with the result.',
    guest: 'Sign in to play rated.',
    money: 'Only matches with a length are rated.',
    /** Beside a player's name in a rated match. */
    rating: 'rating {n}',
  },
  unrated: {
    /**
     * A match created rated that moves no rating (the view's `unrated`): its two players have had
     * their limit of rated matches together. {matches}: "3 rated matches"; {hours}: "24 hours".
     */
    pairLimit: 'Not rated: you have played {matches} against this player in the last {hours}.',
    /** The same, said to a spectator. */
    pairLimitWatching: 'Not rated: these two players have played {matches} against each other in the last {hours}.',
    /** Beside the rematch of such a match. */
    rematch: 'A rematch would not be rated either.',
    ratedMatches: { one: '{n} rated match', other: '{n} rated matches' },
    hours: { one: '{n} hour', other: '{n} hours' },
  },
  presence: {
    away: 'disconnected',
    awayLong: '{name} is disconnected.',
  },
  claim: {
    /** Counting down until the viewer may claim. {time}: "1:30". */
    soon: 'If {name} does not act, you may claim the match in {time}.',
    now: '{name} has not acted for too long. You may claim the match.',
    button: 'Claim the match',
    title: 'Claim the match?',
    note: '{name} loses the match, as on time. It counts as an abandoned match for {name}.',
    confirm: 'Claim',
  },
  rematch: {
    offer: 'Rematch',
    offerLabel: 'Offer {name} a rematch with the same settings',
    waiting: 'Waiting for {name} to accept the rematch.',
    withdraw: 'Withdraw',
    offered: '{name} offers a rematch.',
    accept: 'Accept',
    decline: 'Decline',
    go: 'Go to the rematch',
  },
  series: {
    /** The series between the two players. {score}: "2–1". */
    line: 'Series: {first} {score} {second}',
  },
  ratings: {
    title: 'Ratings',
    /** {before} → {after}, {change}: "+12.3". */
    line: '{name}: {before} → {after} ({change})',
  },
  history: {
    rated: 'rated',
    casual: 'casual',
  },
};
