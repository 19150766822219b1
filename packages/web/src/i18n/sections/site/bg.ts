import type { Catalogue } from '../../catalogue.js';
import type { siteEn } from './en.js';

/** Bulgarian strings of the 'site' section. */
export const siteBg: Pick<Catalogue, keyof typeof siteEn> = {
  meta: { title: 'Zar: табла, дълги нарди, тапа, февга, гюлбара' },
  nav: {
    main: 'Основно меню',
    play: 'Нова игра',
    lobby: 'Зала',
    leaderboard: 'Класиране',
    learn: 'Обучение',
    history: 'История',
    account: 'Профил',
    language: 'Език',
    skip: 'Към съдържанието',
  },
  common: {
    loading: 'Зареждане…',
    retry: 'Опитай пак',
    close: 'Затвори',
    cancel: 'Отказ',
    error: 'Нещо се обърка. Опитайте отново след малко.',
    offline: 'Връзката прекъсна. Свързване отново…',
    notFound: 'Тази страница не съществува.',
    gameNotFound: 'На този адрес няма игра.',
    backHome: 'Към началната страница',
  },
};
