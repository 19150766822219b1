import type { Catalogue } from '../../catalogue.js';

/** Romanian strings of the 'learn' section. */
export const learnRo: Catalogue['learn'] = {
  title: 'Învață',
  intro: 'Regulile celor cinci jocuri, strategie, cultură și aritmetica zarurilor.',
  rules: 'Reguli',
  more: 'Mai multe',
  lastMove: 'Ultima mutare: {play}',
  pipsLine: 'Pips: {mover} pentru cel la zar, {other} pentru celălalt jucător',
  sum: 'Suma',
  ways: 'Aruncări din 36',
  chance: 'Șansa',
  distance: 'Distanța',
  shots: 'Aruncări care lovesc, din 36',
  diceSumsCaption: 'Cât de des iese fiecare sumă a două zaruri.',
  shotsCaption: 'Lovituri directe într-un pul descoperit, după distanță: un singur pul atacator, nimic între ei.',
  missing: 'Această pagină nu este încă disponibilă în limba ta.',
};
