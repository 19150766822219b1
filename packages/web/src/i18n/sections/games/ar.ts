import type { Catalogue } from '../../catalogue.js';
import type { gamesEn } from './en.js';

/** Arabic strings of the 'games' section. */
export const gamesAr: Pick<Catalogue, keyof typeof gamesEn> = {
  games: {
    backgammon: 'الطاولة',
    'long-nardy': 'النرد الطويل',
    plakoto: 'المحبوسة (بلاكوتو)',
    fevga: 'فيفغا',
    'gul-bara': 'غول بارا',
  },
  presets: {
    backgammon: 'القواعد الدولية',
    table: 'Table (رومانيا)',
    portes: 'بورتيس (اليونان)',
    tavla: 'تافلا (تركيا)',
    tabla: 'تابلا (بلغاريا)',
    'long-nardy': 'القواعد الرياضية',
    'long-nardy-lenient': 'قاعدة الخانات الست المتتالية تُفحص في نهاية الدور',
    plakoto: 'مع استثناء الأم',
    'plakoto-street': 'قواعد المقاهي',
    tapa: 'تابا (بلغاريا)',
    fevga: 'القواعد التقليدية',
    'fevga-apps': 'كما في التطبيقات',
    'gul-bara': 'السلّم بعد أول ثلاثة أدوار لكل لاعب',
    'gul-bara-global': 'السلّم بعد أول ثلاثة أدوار للاعبَين معًا',
  },
  cycles: {
    tavli: 'تافلي: بورتيس، بلاكوتو، فيفغا',
    'tabla-cycle': 'دورة تابلا: تابلا، غول بارا، تابا',
  },
};
