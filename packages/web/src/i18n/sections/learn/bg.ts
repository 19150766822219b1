import type { Catalogue } from '../../catalogue.js';

/** Bulgarian strings of the 'learn' section. */
export const learnBg: Catalogue['learn'] = {
  title: 'Обучение',
  intro: 'Правилата на петте игри, стратегия, култура и аритметиката на заровете.',
  rules: 'Правила',
  more: 'Още',
  lastMove: 'Последен ход: {play}',
  pipsLine: 'Пипсове: {mover} за играча на ход, {other} за другия',
  sum: 'Сума',
  ways: 'Хвърляния от 36',
  chance: 'Вероятност',
  distance: 'Разстояние',
  shots: 'Хвърляния, които бият (от 36)',
  diceSumsCaption: 'Колко често се пада всяка сума от два зара.',
  shotsCaption: 'Преки удари по открит пул според разстоянието: бие един пул, между тях няма нищо.',
  missing: 'Тази страница още не е налична на вашия език.',
};
