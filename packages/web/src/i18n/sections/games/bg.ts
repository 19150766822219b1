import type { Catalogue } from '../../catalogue.js';
import type { gamesEn } from './en.js';

/** Bulgarian strings of the 'games' section. */
export const gamesBg: Pick<Catalogue, keyof typeof gamesEn> = {
  games: {
    backgammon: 'Табла',
    'long-nardy': 'Дълги нарди',
    plakoto: 'Тапа (плакото)',
    fevga: 'Февга',
    'gul-bara': 'Гюлбара',
  },
  presets: {
    backgammon: 'Международни правила',
    table: 'Table (Румъния)',
    portes: 'Портес (Гърция)',
    tavla: 'Тавла (Турция)',
    tabla: 'Табла (България)',
    'long-nardy': 'Спортни правила',
    'long-nardy-lenient': 'Правилото за стената, проверено в края на хода',
    plakoto: 'С изключението за майката',
    'plakoto-street': 'Правила като в кафенето',
    tapa: 'Тапа (България)',
    fevga: 'Традиционни',
    'fevga-apps': 'Както в приложенията',
    'gul-bara': 'Стълба след първите три хода на всеки',
    'gul-bara-global': 'Стълба след първите три хода общо',
  },
  cycles: {
    tavli: 'Тавли: портес, плакото, февга',
    'tabla-cycle': 'Цикъл „табла“: табла, гюлбара, тапа',
  },
};
