import type { PwaText } from './en.js';

/** Arabic strings of the notice that a new version of Zar is ready. */
export const pwaAr: PwaText = {
  updated: 'تم تحديث Zar.',
  reload: 'إعادة التحميل',
  later: 'لاحقًا',
};
