/** English strings of the 'history' section (the list of a player's matches); the source of its type. */
export const historyEn = {
  title: 'History',
  empty: 'You have not played any games yet.',
  date: 'Date',
  game: 'Game',
  opponent: 'Opponent',
  result: 'Result',
  won: 'won',
  lost: 'lost',
  wonAbandoned: 'won (the opponent abandoned)',
  lostAbandoned: 'lost (abandoned)',
  open: 'in progress',
  view: 'Open',
  analyse: 'Analysis',
  /** A match played offline in the browser and uploaded (its dice came from a seed the browser chose). */
  offline: 'Played offline against the bot: casual, unrated, its dice not provable',
};
