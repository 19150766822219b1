import type { Catalogue } from '../../catalogue.js';

/** Romanian strings of the 'board' section. */
export const boardRo: Catalogue['board'] = {
  sep: ', ',
  label: 'Tabla de joc',
  point: 'Căsuța {n}',
  empty: 'goală',
  checkers: { one: '{n} pul', few: '{n} puli', other: '{n} de puli' },
  yours: 'ai tăi',
  theirs: 'ai adversarului',
  pinned: 'prins',
  bar: 'Bara',
  off: 'Scoși',
  yourOff: 'Pulii tăi scoși',
  dice: 'Zaruri',
  cube: 'Cubul de dublare',
  cubeCentred: 'la mijloc',
  cubeOffered: 'oferit',
  cubeDouble: 'apasă pentru a dubla',
  yourDice: 'Zarurile tale',
  theirDice: 'Zarurile adversarului',
  used: 'jucat',
  selected: 'selectată',
  destination: 'poți muta aici',
  source: 'poți muta de aici',
};
