import type { Catalogue } from '../../catalogue.js';

/** Turkish strings of the 'account' section. */
export const accountTr: Catalogue['account'] = {
  title: 'Hesap',
  guest: 'Misafir olarak oynuyorsunuz. Oyunlarınızı ve reytinginizi her cihazda korumak için kaydolun.',
  signedIn: '{name} olarak giriş yaptınız.',
  name: 'Ad',
  password: 'Parola',
  register: 'Kaydol',
  login: 'Giriş yap',
  logout: 'Çıkış yap',
  logoutEverywhere: 'Her yerden çıkış yap',
  logoutEverywhereHint: 'Bu cihaz dahil tüm cihazlardaki oturumlarınızı kapatır.',
  haveAccount: 'Zaten kayıtlı mısınız?',
  nameRule: '3 ile 24 arası harf (A–Z), rakam, _ ya da -.',
  passwordRule: '8 ile 256 arası karakter.',
  nameBroken: 'Ad kurala uymuyor: 3 ile 24 arası harf (A–Z), rakam, _ ya da -.',
  passwordBroken: 'Parola kurala uymuyor: 8 ile 256 arası karakter.',
};
