import type { Catalogue } from '../../catalogue.js';
import type { setupEn } from './en.js';

/** Ukrainian strings of the 'setup' section. */
export const setupUk: Pick<Catalogue, keyof typeof setupEn> = {
  levels: { beginner: 'Новачок', casual: 'Аматор', club: 'Клубний гравець', expert: 'Експерт', master: 'Майстер' },
  home: {
    intro: 'Грайте з комп’ютером, запросіть друга за посиланням або відкрийте гру в залі для всіх.',
    game: 'Гра',
    mixed: 'Змішані матчі',
    rules: 'Правила',
    length: 'Довжина матчу',
    money: 'Окремі партії, без рахунку матчу',
    opponent: 'Суперник',
    bot: 'Комп’ютер',
    friend: 'Друг (за посиланням-запрошенням)',
    open: 'Будь-хто (зала)',
    level: 'Рівень комп’ютера',
    start: 'Почати',
    starting: 'Запускаємо…',
    /** The choice to play the computer in the browser, with no server (offline play). */
    offline: 'Офлайн, у цьому браузері (товариський; комп’ютер завантажується один раз)',
    /** Offered when a game cannot be started for want of a connection. */
    offlineInstead: 'Немає зв’язку? Грайте з комп’ютером офлайн',
  },
  invite: {
    title: 'Запрошення',
    joining: 'Приєднання до гри…',
    failed: 'Це запрошення не можна використати: {message}',
  },
};
