import type { Catalogue } from '../../catalogue.js';
import type { gamesEn } from './en.js';

/** Ukrainian strings of the 'games' section. */
export const gamesUk: Pick<Catalogue, keyof typeof gamesEn> = {
  games: {
    backgammon: 'Короткі нарди',
    'long-nardy': 'Довгі нарди',
    plakoto: 'Плакото',
    fevga: 'Февга',
    'gul-bara': 'Гюльбара',
  },
  presets: {
    backgammon: 'Міжнародні правила',
    table: 'Table (Румунія)',
    portes: 'Портес (Греція)',
    tavla: 'Тавла (Туреччина)',
    tabla: 'Табла (Болгарія)',
    'long-nardy': 'Спортивні правила',
    'long-nardy-lenient': 'Правило блоку: перевірка за підсумком ходу',
    plakoto: 'З винятком для матері',
    'plakoto-street': 'Дворові правила',
    tapa: 'Тапа (Болгарія)',
    fevga: 'Традиційні',
    'fevga-apps': 'Як у застосунках',
    'gul-bara': 'Драбинка після трьох ходів кожного',
    'gul-bara-global': 'Драбинка після трьох ходів на двох',
  },
  cycles: {
    tavli: 'Тавлі: портес, плакото, февга',
    'tabla-cycle': 'Цикл «табла»: табла, гюльбара, тапа',
  },
};
