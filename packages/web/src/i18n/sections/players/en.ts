/** English strings of the 'players' section (leaderboards, profiles, the ratings page); the source of its type. */
export const playersEn = {
  leaderboard: 'Leaderboard',
  leaderboardIntro: 'The best rated players of {pool} with a rated match in the last 30 days.',
  pool: 'Game',
  rank: 'Rank',
  player: 'Player',
  rating: 'Rating',
  matches: 'Matches',
  winRate: 'Win rate',
  emptyBoard: 'Nobody has played a rated match of {pool} in the last 30 days. Play one and be the first here.',
  howRated: 'How ratings work',
  // Profile
  since: 'Playing since {date}.',
  notFound: 'No player by that name.',
  ratings: 'Ratings',
  noRatings: 'No rated matches yet.',
  ratingNow: 'Rating {rating}',
  record: { one: '{n} rated match, won {wins}', other: '{n} rated matches, won {wins}' },
  experience: 'Experience {n}',
  graphTitle: 'Rating in {pool} after each rated match',
  graphDesc: '{count} rated matches from {from} to {to}. Lowest {min}, highest {max}, now {last}.',
  graphOne: 'One rated match: the rating is now {last}.',
  perGame: 'Matches per game',
  perGameNone: 'No finished matches against people yet.',
  abandonment: 'Abandoned matches',
  abandoned: {
    one: 'Abandoned {abandoned} of {n} match ({share}).',
    other: 'Abandoned {abandoned} of {n} matches ({share}).',
  },
  abandonedNote:
    'A match lost on time while disconnected, or claimed by the opponent after the player stopped playing.',
  pr: 'Average PR',
  prLine: {
    one: '{pr} over {n} analysed backgammon match.',
    other: '{pr} over {n} analysed backgammon matches.',
  },
  prNone: 'No analysed matches.',
  prNote: 'Performance rating: the equity lost per decision, times 500. Lower is better.',
  prGames: 'PR per game',
  prGameLine: '{game}: {pr} (analysed matches: {n})',
  prGameNote: 'Every match between two people is analysed after it ends.',
  recent: 'Recent matches',
  recentNone: 'No finished matches yet.',
  yourProfile: 'Your profile',
  // The ratings page
  explain: {
    title: 'How ratings work',
    lead: 'Zar rates matches with the FIBS formula, which backgammon servers have used since the 1990s. Every game has its own rating, and so does every mixed cycle; everyone starts at {initial}.',
    who: 'Only matches chosen as rated when they were made are rated, and only between two registered accounts. Casual matches and matches against the computer change no rating. A match lost on time, or claimed by the opponent after the player stopped playing, counts as a loss.',
    formula: 'The formula',
    upset:
      'The chance that the lower rated player wins a match of n points, where D is the difference between the two ratings:',
    k: 'Each player’s experience factor K, where experience is the total length of his earlier rated matches in this game: a new player’s rating moves fast, and from 400 points of experience on K stays 1.',
    change:
      'The winner gains and the loser loses this much, each with his own K. P is the chance of an upset when the favourite wins, and the chance the favourite had when the underdog wins: an expected win is worth little, a surprise a lot.',
    length:
      'A longer match lets skill show more, so a rating difference means more in it, and the change grows with √n.',
    example: 'A worked example',
    setup:
      'A player rated {a} beats a player rated {b} in a match to {n} points. Both have more than 400 points of experience, so K = 1 for each.',
    stepD: 'D = {d} and √n = {sqrt}.',
    stepP: 'The chance of an upset: P = {p}.',
    stepFavourite:
      'The favourite won: each rating moves by 4 × 1 × {sqrt} × {p} = {change}. New ratings: {a2} and {b2}.',
    stepUpset:
      'Had the player rated {b} won, each would move by 4 × 1 × {sqrt} × {q} = {change}. New ratings: {b2} and {a2}.',
    newPlayer: 'A new player',
    newSetup:
      'A new player (experience 0, so K = {k}) rated {b} beats a player rated {a} with K = 1, in a match to {n} points.',
    newStep:
      'The new player gains 4 × {k} × {sqrt} × {q} = {gain} and reaches {b2}; his opponent loses {loss} and falls to {a2}. While a player is new the two changes differ.',
  },
};
