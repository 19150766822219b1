import type { Catalogue } from '../../catalogue.js';

/** Greek strings of the 'board' section. */
export const boardEl: Catalogue['board'] = {
  sep: ', ',
  label: 'Ταμπλό',
  point: 'Θέση {n}',
  empty: 'άδεια',
  checkers: { one: '{n} πούλι', other: '{n} πούλια' },
  yours: 'δικά σου',
  theirs: 'του αντιπάλου',
  pinned: 'πλακωμένο',
  bar: 'Μπάρα',
  off: 'Μαζεμένα',
  yourOff: 'Τα μαζεμένα πούλια σου',
  dice: 'Ζάρια',
  cube: 'Κύβος διπλασιασμού',
  cubeCentred: 'στη μέση',
  cubeOffered: 'προσφέρθηκε',
  cubeDouble: 'πάτησε για διπλασιασμό',
  yourDice: 'Τα ζάρια σου',
  theirDice: 'Τα ζάρια του αντιπάλου',
  used: 'παίχτηκε',
  selected: 'επιλεγμένη',
  destination: 'μπορείς να παίξεις εδώ',
  source: 'μπορείς να παίξεις από εδώ',
};
