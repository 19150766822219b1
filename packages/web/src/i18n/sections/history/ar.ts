import type { Catalogue } from '../../catalogue.js';

/** Arabic strings of the 'history' section. */
export const historyAr: Catalogue['history'] = {
  title: 'السجل',
  empty: 'لم تلعب أي جولة بعد.',
  date: 'التاريخ',
  game: 'اللعبة',
  opponent: 'الخصم',
  result: 'النتيجة',
  won: 'فوز',
  lost: 'خسارة',
  wonAbandoned: 'فوز (انسحب الخصم)',
  lostAbandoned: 'خسارة (انسحاب)',
  open: 'جارية',
  view: 'افتح',
  analyse: 'التحليل',
  /** A match played offline in the browser and uploaded (its dice came from a seed the browser chose). */
  offline: 'لُعبت دون اتصال ضد الروبوت: ودية، بلا تصنيف، ونردها غير قابل للإثبات',
};
