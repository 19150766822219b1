import type { Catalogue } from '../../catalogue.js';

/** Arabic strings of the 'board' section. */
export const boardAr: Catalogue['board'] = {
  sep: '، ',
  label: 'لوح اللعب',
  point: 'الخانة {n}',
  empty: 'فارغة',
  checkers: {
    zero: 'لا أحجار',
    one: 'حجر واحد',
    two: 'حجران',
    few: '{n} أحجار',
    many: '{n} حجرًا',
    other: '{n} حجر',
  },
  yours: 'لك',
  theirs: 'للخصم',
  pinned: 'محبوس',
  bar: 'البار',
  off: 'المُخرَجة',
  yourOff: 'أحجارك المُخرَجة',
  dice: 'النرد',
  cube: 'مكعب المضاعفة',
  cubeCentred: 'في المنتصف',
  cubeOffered: 'معروض',
  cubeDouble: 'اضغط للمضاعفة',
  yourDice: 'نردك',
  theirDice: 'نرد الخصم',
  used: 'ملعوب',
  selected: 'محددة',
  destination: 'يمكنك تحريك حجر إلى هنا',
  source: 'يمكنك تحريك حجر من هنا',
};
