import type { Catalogue } from '../../catalogue.js';

/** Ukrainian strings of the 'analysis' section. */
export const analysisUk: Catalogue['analysis'] = {
  title: 'Аналіз матчу',
  back: 'Повернутися до матчу',
  queued: 'Очікування аналізу (попереду: {n})…',
  running: 'Матч аналізується…',
  depth: 'Кожне рішення порівнюється з найкращим, знайденим ботом на глибині {plies}.',
  player: 'Гравець',
  decisions: 'Рішення',
  errorRate: 'Частота помилок',
  errorRateLong: 'Втрата еквіті за рішення, у тисячних (mEMG)',
  pr: 'PR',
  prLong: 'Рейтинг гри: 500 × втрата еквіті за рішення; що менше, то краще',
  luck: 'Удача',
  luckLong: 'Удача: сума еквіті, яку його кидки дали понад середній кидок (EMG); плюс — щасливіший за середнього',
  show: 'Показати',
  filters: {
    marked: 'Сумнівні ходи, помилки й грубі помилки',
    errors: 'Помилки й грубі помилки',
    all: 'Усі рішення',
  },
  none: 'Таких рішень немає: добра гра.',
  gameN: 'Партія {n}',
  best: 'краще',
  marks: {
    doubtful: 'Сумнівно',
    error: 'Помилка',
    blunder: 'Груба помилка',
  },
  cube: {
    'no-double': 'Без подвоєння',
    double: 'Подвоїти',
    take: 'Прийняти',
    drop: 'Відмовитися',
    beaver: 'Бобер',
  },
  cubeLine: {
    'no-double': 'Без подвоєння',
    'double-take': 'Подвоєння, прийнято',
    'double-drop': 'Подвоєння, відмова',
  },
  doublerView: 'Еквіті сторони, яка може подвоїти',
  play: 'Хід',
  equity: 'Еквіті',
  played: 'зіграно',
};
