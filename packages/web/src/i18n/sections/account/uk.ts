import type { Catalogue } from '../../catalogue.js';

/** Ukrainian strings of the 'account' section. */
export const accountUk: Catalogue['account'] = {
  title: 'Профіль',
  guest: 'Ви граєте як гість. Зареєструйтеся, щоб зберігати ігри й рейтинг на всіх пристроях.',
  signedIn: 'Ви увійшли як {name}.',
  name: 'Ім’я',
  password: 'Пароль',
  register: 'Зареєструватися',
  login: 'Увійти',
  logout: 'Вийти',
  logoutEverywhere: 'Вийти на всіх пристроях',
  logoutEverywhereHint: 'Завершує ваші сеанси на всіх пристроях, зокрема на цьому.',
  haveAccount: 'Вже зареєстровані?',
  nameRule: 'Від 3 до 24 латинських літер (A–Z), цифр, _ або -.',
  passwordRule: 'Від 8 до 256 символів.',
  nameBroken: 'Ім’я не відповідає правилу: від 3 до 24 латинських літер (A–Z), цифр, _ або -.',
  passwordBroken: 'Пароль не відповідає правилу: від 8 до 256 символів.',
};
