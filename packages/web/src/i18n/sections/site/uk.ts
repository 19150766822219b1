import type { Catalogue } from '../../catalogue.js';
import type { siteEn } from './en.js';

/** Ukrainian strings of the 'site' section. */
export const siteUk: Pick<Catalogue, keyof typeof siteEn> = {
  meta: { title: 'Zar: короткі нарди, довгі нарди, плакото, февга, гюльбара' },
  nav: {
    main: 'Основне меню',
    play: 'Нова гра',
    lobby: 'Зала',
    leaderboard: 'Рейтинг гравців',
    learn: 'Навчання',
    history: 'Історія',
    account: 'Профіль',
    language: 'Мова',
    skip: 'Перейти до вмісту',
  },
  common: {
    loading: 'Завантаження…',
    retry: 'Спробувати ще',
    close: 'Закрити',
    cancel: 'Скасувати',
    error: 'Щось пішло не так. Спробуйте ще раз за хвилину.',
    offline: 'З’єднання втрачено. Перепідключення…',
    notFound: 'Такої сторінки немає.',
    gameNotFound: 'За цією адресою немає гри.',
    backHome: 'На головну',
  },
};
