import type { Catalogue } from '../../catalogue.js';

/** Bulgarian strings of the 'account' section. */
export const accountBg: Catalogue['account'] = {
  title: 'Профил',
  guest: 'Играете като гост. Регистрирайте се, за да пазите игрите и рейтинга си на всяко устройство.',
  signedIn: 'Влезли сте като {name}.',
  name: 'Име',
  password: 'Парола',
  register: 'Регистрация',
  login: 'Вход',
  logout: 'Изход',
  logoutEverywhere: 'Изход навсякъде',
  logoutEverywhereHint: 'Прекратява сесиите ви на всички устройства, включително това.',
  haveAccount: 'Вече сте регистрирани?',
  nameRule: 'От 3 до 24 латински букви (A–Z), цифри, _ или -.',
  passwordRule: 'От 8 до 256 знака.',
  nameBroken: 'Името не спазва правилото: от 3 до 24 латински букви (A–Z), цифри, _ или -.',
  passwordBroken: 'Паролата не спазва правилото: от 8 до 256 знака.',
};
