import type { Catalogue } from '../../catalogue.js';

/** Turkish strings of the 'board' section. */
export const boardTr: Catalogue['board'] = {
  sep: ', ',
  label: 'Tahta',
  point: '{n}. hane',
  empty: 'boş',
  checkers: { one: '{n} pul', other: '{n} pul' },
  yours: 'sizin',
  theirs: 'rakibin',
  pinned: 'tapalı',
  bar: 'Bar',
  off: 'Toplananlar',
  yourOff: 'Topladığınız pullar',
  dice: 'Zarlar',
  cube: 'Katlama küpü',
  cubeCentred: 'ortada',
  cubeOffered: 'teklif edildi',
  cubeDouble: 'katlamak için basın',
  yourDice: 'Zarlarınız',
  theirDice: 'Rakibin zarları',
  used: 'oynandı',
  selected: 'seçili',
  destination: 'buraya oynayabilirsiniz',
  source: 'buradan pul oynayabilirsiniz',
};
