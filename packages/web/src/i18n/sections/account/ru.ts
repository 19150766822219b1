import type { Catalogue } from '../../catalogue.js';

/** Russian strings of the 'account' section. */
export const accountRu: Catalogue['account'] = {
  title: 'Профиль',
  guest: 'Вы играете как гость. Зарегистрируйтесь, чтобы сохранять игры и рейтинг на всех устройствах.',
  signedIn: 'Вы вошли как {name}.',
  name: 'Имя',
  password: 'Пароль',
  register: 'Зарегистрироваться',
  login: 'Войти',
  logout: 'Выйти',
  logoutEverywhere: 'Выйти на всех устройствах',
  logoutEverywhereHint: 'Завершает ваши сеансы на всех устройствах, включая это.',
  haveAccount: 'Уже зарегистрированы?',
  nameRule: 'От 3 до 24 латинских букв (A–Z), цифр, _ или -.',
  passwordRule: 'От 8 до 256 символов.',
  nameBroken: 'Имя не соответствует правилу: от 3 до 24 латинских букв (A–Z), цифр, _ или -.',
  passwordBroken: 'Пароль не соответствует правилу: от 8 до 256 символов.',
};
