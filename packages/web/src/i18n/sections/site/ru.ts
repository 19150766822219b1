import type { Catalogue } from '../../catalogue.js';
import type { siteEn } from './en.js';

/** Russian strings of the 'site' section. */
export const siteRu: Pick<Catalogue, keyof typeof siteEn> = {
  meta: { title: 'Zar: короткие нарды, длинные нарды, плакото, февга, гюльбара' },
  nav: {
    main: 'Основное меню',
    play: 'Новая игра',
    lobby: 'Зал',
    leaderboard: 'Рейтинг игроков',
    learn: 'Обучение',
    history: 'История',
    account: 'Профиль',
    language: 'Язык',
    skip: 'Перейти к содержимому',
  },
  common: {
    loading: 'Загрузка…',
    retry: 'Повторить',
    close: 'Закрыть',
    cancel: 'Отмена',
    error: 'Что-то пошло не так. Попробуйте ещё раз через минуту.',
    offline: 'Соединение потеряно. Переподключение…',
    notFound: 'Такой страницы нет.',
    gameNotFound: 'По этому адресу нет игры.',
    backHome: 'На главную',
  },
};
