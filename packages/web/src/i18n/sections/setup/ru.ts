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
  },
  invite: {
    title: 'Приглашение',
    joining: 'Подключение к игре…',
    failed: 'Это приглашение нельзя использовать: {message}',
  },
};
