import type { Catalogue } from '../../catalogue.js';
import type { setupEn } from './en.js';

/** Arabic strings of the 'setup' section. */
export const setupAr: Pick<Catalogue, keyof typeof setupEn> = {
  levels: { beginner: 'مبتدئ', casual: 'هاوٍ', club: 'لاعب نادٍ', expert: 'خبير', master: 'أستاذ' },
  home: {
    intro: 'العب ضد الحاسوب، أو ادعُ صديقًا برابط، أو افتح في الصالة لعبة يمكن لأي شخص الانضمام إليها.',
    game: 'اللعبة',
    mixed: 'مباريات مختلطة',
    rules: 'القواعد',
    length: 'طول المباراة',
    money: 'جولات منفردة، بلا حدّ للنقاط',
    opponent: 'الخصم',
    bot: 'الحاسوب',
    friend: 'صديق (برابط دعوة)',
    open: 'أي شخص (الصالة)',
    level: 'مستوى الحاسوب',
    start: 'ابدأ',
    starting: 'جارٍ البدء…',
    /** The choice to play the computer in the browser, with no server (offline play). */
    offline: 'دون اتصال، في هذا المتصفح (ودية؛ يُنزَّل الحاسوب مرة واحدة)',
    /** Offered when a game cannot be started for want of a connection. */
    offlineInstead: 'لا يوجد اتصال؟ العب ضد الحاسوب دون اتصال',
  },
  invite: {
    title: 'دعوة',
    joining: 'جارٍ الانضمام إلى اللعبة…',
    failed: 'لا يمكن استخدام هذه الدعوة: {message}',
  },
};
