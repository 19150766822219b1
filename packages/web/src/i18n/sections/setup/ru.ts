import type { Catalogue } from '../../catalogue.js';
import type { setupEn } from './en.js';

/** Russian strings of the 'setup' section. */
export const setupRu: Pick<Catalogue, keyof typeof setupEn> = {
  levels: { beginner: 'Новичок', casual: 'Любитель', club: 'Клубный игрок', expert: 'Эксперт', master: 'Мастер' },
  home: {
    intro: 'Играйте с компьютером, пригласите друга по ссылке или откройте игру в зале для всех.',
    game: 'Игра',
    mixed: 'Смешанные матчи',
    rules: 'Правила',
    length: 'Длина матча',
    money: 'Отдельные партии, без счёта матча',
    opponent: 'Соперник',
    bot: 'Компьютер',
    friend: 'Друг (по ссылке-приглашению)',
    open: 'Кто угодно (зал)',
    level: 'Уровень компьютера',
    start: 'Начать',
    starting: 'Запускаем…',
    /** The choice to play the computer in the browser, with no server (offline play). */
    offline: 'Офлайн, в этом браузере (товарищеский; компьютер загружается один раз)',
    /** Offered when a game cannot be started for want of a connection. */
    offlineInstead: 'Нет связи? Играйте с компьютером офлайн',
  },
  invite: {
    title: 'Приглашение',
    joining: 'Подключение к игре…',
    failed: 'Это приглашение нельзя использовать: {message}',
  },
};
