import type { Catalogue } from '../../catalogue.js';

/** Russian strings of the 'analysis' section. */
export const analysisRu: Catalogue['analysis'] = {
  title: 'Анализ матча',
  back: 'Вернуться к матчу',
  queued: 'Ожидание анализа (впереди: {n})…',
  running: 'Матч анализируется…',
  depth: 'Каждое решение сравнивается с лучшим, найденным ботом на глубине {plies}.',
  player: 'Игрок',
  decisions: 'Решения',
  errorRate: 'Частота ошибок',
  errorRateLong: 'Потеря эквити за решение, в тысячных (mEMG)',
  pr: 'PR',
  prLong: 'Рейтинг игры: 500 × потеря эквити за решение; чем меньше, тем лучше',
  luck: 'Удача',
  luckLong: 'Удача: сумма эквити, которую его броски дали сверх среднего броска (EMG); плюс — удачливее среднего',
  show: 'Показать',
  filters: {
    marked: 'Сомнительные ходы, ошибки и грубые ошибки',
    errors: 'Ошибки и грубые ошибки',
    all: 'Все решения',
  },
  none: 'Таких решений нет: хорошая игра.',
  gameN: 'Партия {n}',
  best: 'лучше',
  marks: {
    doubtful: 'Сомнительно',
    error: 'Ошибка',
    blunder: 'Грубая ошибка',
  },
  cube: {
    'no-double': 'Без удвоения',
    double: 'Удвоить',
    take: 'Принять',
    drop: 'Отказаться',
    beaver: 'Бобёр',
  },
  cubeLine: {
    'no-double': 'Без удвоения',
    'double-take': 'Удвоение, принято',
    'double-drop': 'Удвоение, отказ',
  },
  doublerView: 'Эквити стороны, которая может удвоить',
  play: 'Ход',
  equity: 'Эквити',
  played: 'сыграно',
};
