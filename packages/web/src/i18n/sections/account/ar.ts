import type { Catalogue } from '../../catalogue.js';

/** Arabic strings of the 'account' section. */
export const accountAr: Catalogue['account'] = {
  title: 'الحساب',
  guest: 'أنت تلعب كضيف. سجّل لتحتفظ بألعابك وتصنيفك على كل الأجهزة.',
  signedIn: 'سجّلت الدخول باسم {name}.',
  name: 'الاسم',
  password: 'كلمة المرور',
  register: 'تسجيل',
  login: 'تسجيل الدخول',
  logout: 'تسجيل الخروج',
  logoutEverywhere: 'تسجيل الخروج من كل الأجهزة',
  logoutEverywhereHint: 'ينهي جلساتك على كل الأجهزة، ومنها هذا الجهاز.',
  haveAccount: 'مسجّل بالفعل؟',
  nameRule: 'من 3 إلى 24 حرفًا لاتينيًا (A–Z) أو رقمًا أو _ أو -.',
  passwordRule: 'من 8 إلى 256 محرفًا.',
  nameBroken: 'الاسم لا يتبع القاعدة: من 3 إلى 24 حرفًا لاتينيًا (A–Z) أو رقمًا أو _ أو -.',
  passwordBroken: 'كلمة المرور لا تتبع القاعدة: من 8 إلى 256 محرفًا.',
};
