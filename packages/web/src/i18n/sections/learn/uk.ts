import type { Catalogue } from '../../catalogue.js';

/** Ukrainian strings of the 'learn' section. */
export const learnUk: Catalogue['learn'] = {
  title: 'Навчання',
  intro: 'Правила п’яти ігор, основи стратегії, культура та арифметика костей.',
  rules: 'Правила',
  more: 'Більше',
  lastMove: 'Останній хід: {play}',
  pipsLine: 'Піпси: {mover} у того, чий хід, {other} у суперника',
  sum: 'Сума',
  ways: 'Кидків із 36',
  chance: 'Імовірність',
  distance: 'Відстань',
  shots: 'Кидків, що б’ють (із 36)',
  diceSumsCaption: 'Як часто випадає кожна сума на двох кубиках.',
  shotsCaption: 'Прямі удари по блоту залежно від відстані: б’є одна шашка, між ними нічого немає.',
  missing: 'Ця сторінка ще недоступна вашою мовою.',
};
