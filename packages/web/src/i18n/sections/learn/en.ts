/** English strings of the 'learn' section (the frame of the learn pages and their tables; the pages' text is in src/learn/content); the source of its type. */
export const learnEn = {
  title: 'Learn',
  intro: 'Rules of the five games, strategy, culture and the dice arithmetic.',
  rules: 'Rules',
  more: 'More',
  lastMove: 'Last move: {play}',
  pipsLine: 'Pips: {mover} for the side to play, {other} for the other side',
  sum: 'Sum',
  ways: 'Rolls out of 36',
  chance: 'Chance',
  distance: 'Distance',
  shots: 'Rolls that hit, out of 36',
  diceSumsCaption: 'How often each sum of two dice comes up.',
  shotsCaption: 'Direct shots at a blot by distance, one attacking checker, nothing in between.',
  missing: 'This page is not available in your language yet.',
};
