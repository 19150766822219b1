/** English strings of the 'table' section; the source of its type. */
export const tableEn = {
  /** The panel beside the board (below it on phones): move list, hints. */
  side: 'Game panel',
  /** The resignation dialog. */
  resignTitle: 'Resign this game?',
  resignNote: 'Your opponent may accept the offer or play on.',
  resignAs: { 1: 'Resign a single game', 2: 'Resign a gammon', 3: 'Resign a backgammon' },
  /** {as}: one of resignAs; {points}: "4 points". */
  resignScores: '{as}: your opponent scores {points}',
  keepPlaying: 'Keep playing',
  /** What just happened, kept until the next thing happens. {w}/{b}: the dice of White and Black. */
  opening: 'Opening roll: White {w}, Black {b}. {name} starts.',
  openingYou: 'Opening roll: White {w}, Black {b}. You start.',
  openingTie: 'Opening roll: both rolled {n}. Rolling again.',
  noPlay: '{name} rolled {dice}: no legal move.',
  noPlayYou: 'You rolled {dice}: no legal move.',
  played: '{name} played {dice}: {play}.',
  playedYou: 'You played {dice}: {play}.',
  forced: 'It was the only legal play.',
  hit: 'A checker was hit.',
  pinned: 'A checker was pinned.',
  /** While the viewer enters a play that is the only legal one. */
  forcedNow: 'Forced: {play} is your only legal play.',
  /** Gul bara: a doubles run goes on with the next double. */
  runNext: 'Doubles run: now {dice}.',
  /** The opponent's tray, for screen readers. */
  oppOff: 'Their borne-off checkers: {n}',
  shortcuts: 'Keys: R roll, D double, T take, P pass, U undo, C confirm, Esc closes a dialog.',
};
