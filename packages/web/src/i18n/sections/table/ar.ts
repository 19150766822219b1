import type { Catalogue } from '../../catalogue.js';

export const tableAr: Catalogue['table'] = {
  side: 'لوحة المباراة',
  resignTitle: 'هل تستسلم في هذه الجولة؟',
  resignNote: 'يمكن لخصمك قبول العرض أو متابعة اللعب.',
  resignAs: { 1: 'الاستسلام بجولة عادية', 2: 'الاستسلام بمارس', 3: 'الاستسلام بباكغامون' },
  resignScores: '{as}: يحصل خصمك على {points}',
  keepPlaying: 'متابعة اللعب',
  opening: 'الرمية الافتتاحية: الأبيض {w}، الأسود {b}. يبدأ {name}.',
  openingYou: 'الرمية الافتتاحية: الأبيض {w}، الأسود {b}. أنت تبدأ.',
  openingTie: 'الرمية الافتتاحية: رمى كلاهما {n}. تُعاد الرمية.',
  noPlay: 'رمى {name} {dice}: لا توجد نقلة ممكنة.',
  noPlayYou: 'رميت {dice}: لا توجد نقلة ممكنة.',
  played: 'رمى {name} {dice} ولعب {play}.',
  playedYou: 'رميت {dice} ولعبت {play}.',
  forced: 'كانت النقلة الوحيدة الممكنة.',
  hit: 'تمت إصابة حجر.',
  pinned: 'تم حبس حجر.',
  forcedNow: 'نقلة إجبارية: {play} هي نقلتك الوحيدة الممكنة.',
  runNext: 'سلسلة الأزواج مستمرة: الآن {dice}.',
  oppOff: 'أحجار الخصم المُخرَجة: {n}',
  shortcuts: 'المفاتيح: R رمي، D مضاعفة، T قبول، P رفض، U تراجع، C تأكيد، Esc يغلق النافذة.',
};
