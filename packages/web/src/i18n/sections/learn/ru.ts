import type { Catalogue } from '../../catalogue.js';

/** Russian strings of the 'learn' section. */
export const learnRu: Catalogue['learn'] = {
  title: 'Обучение',
  intro: 'Правила пяти игр, основы стратегии, культура и арифметика костей.',
  rules: 'Правила',
  more: 'Ещё',
  lastMove: 'Последний ход: {play}',
  pipsLine: 'Пипсы: {mover} у того, чей ход, {other} у соперника',
  sum: 'Сумма',
  ways: 'Бросков из 36',
  chance: 'Вероятность',
  distance: 'Расстояние',
  shots: 'Бьющих бросков из 36',
  diceSumsCaption: 'Как часто выпадает каждая сумма на двух кубиках.',
  shotsCaption: 'Прямые удары по блоту в зависимости от расстояния: бьёт одна шашка, между ними ничего нет.',
  missing: 'Эта страница пока недоступна на вашем языке.',
};
