import type { Catalogue } from '../../catalogue.js';

export const correspondenceAr: Catalogue['correspondence'] = {
  perMove: {
    zero: '{n} يوم لكل نقلة',
    one: 'يوم واحد لكل نقلة',
    two: 'يومان لكل نقلة',
    few: '{n} أيام لكل نقلة',
    many: '{n} يومًا لكل نقلة',
    other: '{n} يوم لكل نقلة',
  },
  explain: 'لكل نقلة أيامها، وما يتبقى منها لا يُرحَّل. أغلق الصفحة وعد عندما يحين دورك: من ينفد وقته يخسر المباراة.',
  daysHours: '{d} ي {h} س',
  hoursMinutes: '{h} س {m} د',
  minutes: '{m} د',
  pool: '{name} · بالمراسلة',
  ratingsNote:
    'تُحسب مباريات المراسلة في تصنيفات خاصة بها، واحد لكل لعبة («طاولة · بالمراسلة»): النقلة التي تُمنح أيامًا لعبةٌ غير التي تُلعب في سهرة.',
  list: 'مبارياتك بالمراسلة',
  yourTurn: 'دورك',
  theirTurn: 'دور الخصم',
  against: 'ضد {name}',
  noOpponent: 'بانتظار خصم',
  score: 'النتيجة {own}–{opponent}',
  left: 'بقي {time}',
  noClock: 'الساعة متوقفة',
  moved: 'لعب {name}: دورك الآن',
  offer: 'هل تريد إشعارًا عندما يحين دورك بينما Zar مفتوح في الخلفية؟',
  turnOn: 'تفعيل الإشعارات',
  dismiss: 'لا، شكرًا',
  setting: 'أعلمني عندما يحين دوري في مباراة بالمراسلة',
  blocked: 'المتصفح يحظر إشعارات Zar: اسمح بها من إعدادات الموقع.',
  missing: 'هذا المتصفح لا يستطيع عرض الإشعارات.',
};
