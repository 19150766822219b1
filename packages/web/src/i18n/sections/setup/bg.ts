import type { Catalogue } from '../../catalogue.js';
import type { setupEn } from './en.js';

/** Bulgarian strings of the 'setup' section. */
export const setupBg: Pick<Catalogue, keyof typeof setupEn> = {
  levels: { beginner: 'Начинаещ', casual: 'Любител', club: 'Клубен играч', expert: 'Експерт', master: 'Майстор' },
  home: {
    intro: 'Играйте срещу компютъра, поканете приятел с линк или отворете в залата игра, достъпна за всеки.',
    game: 'Игра',
    mixed: 'Смесени мачове',
    rules: 'Правила',
    length: 'Дължина на мача',
    money: 'Отделни партии, без лимит на точките',
    opponent: 'Противник',
    bot: 'Компютър',
    friend: 'Приятел (с линк за покана)',
    open: 'Всеки (зала)',
    level: 'Ниво на компютъра',
    start: 'Започни',
    starting: 'Стартиране…',
    /** The choice to play the computer in the browser, with no server (offline play). */
    offline: 'Офлайн, в този браузър (приятелски; компютърът се изтегля веднъж)',
    /** Offered when a game cannot be started for want of a connection. */
    offlineInstead: 'Няма връзка? Играйте с компютъра офлайн',
  },
  invite: {
    title: 'Покана',
    joining: 'Включване в играта…',
    failed: 'Тази покана не може да се използва: {message}',
  },
};
