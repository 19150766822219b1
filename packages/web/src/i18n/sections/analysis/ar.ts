import type { Catalogue } from '../../catalogue.js';

/** Arabic strings of the 'analysis' section. */
export const analysisAr: Catalogue['analysis'] = {
  title: 'تحليل المباراة',
  back: 'العودة إلى المباراة',
  queued: 'في انتظار التحليل (قبلها {n})…',
  running: 'جارٍ تحليل المباراة…',
  depth: 'يُقارَن كل قرار بأفضل ما يجده البوت على عمق {plies}.',
  player: 'اللاعب',
  decisions: 'القرارات',
  errorRate: 'معدل الأخطاء',
  errorRateLong: 'القيمة المفقودة لكل قرار، بالأجزاء من الألف (mEMG)',
  pr: 'PR',
  prLong: 'تقييم الأداء: ‏500 × القيمة المفقودة لكل قرار؛ الأقل أفضل',
  luck: 'الحظ',
  luckLong: 'الحظ: مجموع ما أعطته رمياته من قيمة فوق متوسط الرمية (EMG)؛ الموجب: أوفر حظًا من المتوسط',
  show: 'عرض',
  filters: {
    marked: 'النقلات المشكوك فيها والأخطاء والأخطاء الفادحة',
    errors: 'الأخطاء والأخطاء الفادحة',
    all: 'كل القرارات',
  },
  none: 'لا قرارات من هذا النوع: لعب جيد.',
  gameN: 'الجولة {n}',
  best: 'الأفضل',
  marks: {
    doubtful: 'مشكوك فيه',
    error: 'خطأ',
    blunder: 'خطأ فادح',
  },
  cube: {
    'no-double': 'بلا مضاعفة',
    double: 'ضاعف',
    take: 'أقبل',
    drop: 'أرفض',
    beaver: 'بيفر',
  },
  cubeLine: {
    'no-double': 'بلا مضاعفة',
    'double-take': 'مضاعفة، مقبولة',
    'double-drop': 'مضاعفة، مرفوضة',
  },
  doublerView: 'قيم الطرف الذي يمكنه المضاعفة',
  play: 'النقلة',
  equity: 'القيمة',
  played: 'لُعبت',
  cubeDecisions: 'قرارات المكعب',
  otherGames: {
    errorRateLong: 'القيمة المفقودة لكل قرار، بالأجزاء من الألف (1 = فوز عادي)',
    prLong: 'تقييم الأداء: ‏500 × القيمة المفقودة لكل قرار؛ الأقل أفضل. قارنه بمباريات اللعبة نفسها.',
    luckLong: 'الحظ: مجموع ما أعطته رمياته من قيمة فوق متوسط الرمية (1 = فوز عادي)؛ الموجب: أوفر حظًا من المتوسط',
  },
};
