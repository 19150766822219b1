import type { Catalogue } from '../../catalogue.js';
import type { siteEn } from './en.js';

/** Arabic strings of the 'site' section. */
export const siteAr: Pick<Catalogue, keyof typeof siteEn> = {
  meta: { title: 'Zar: الطاولة، النرد الطويل، المحبوسة، فيفغا، غول بارا' },
  nav: {
    main: 'القائمة الرئيسية',
    play: 'لعبة جديدة',
    lobby: 'الصالة',
    leaderboard: 'لوحة الصدارة',
    learn: 'تعلّم',
    history: 'السجل',
    account: 'الحساب',
    language: 'اللغة',
    skip: 'انتقل إلى المحتوى',
  },
  common: {
    loading: 'جارٍ التحميل…',
    retry: 'أعد المحاولة',
    close: 'إغلاق',
    cancel: 'إلغاء',
    error: 'حدث خطأ ما. حاول مجددًا بعد قليل.',
    offline: 'انقطع الاتصال. جارٍ إعادة الاتصال…',
    notFound: 'هذه الصفحة غير موجودة.',
    gameNotFound: 'لا توجد لعبة على هذا العنوان.',
    backHome: 'العودة إلى الصفحة الرئيسية',
  },
};
