import type { Catalogue } from '../../catalogue.js';
import type { gamesEn } from './en.js';

/** Russian strings of the 'games' section. */
export const gamesRu: Pick<Catalogue, keyof typeof gamesEn> = {
  games: {
    backgammon: 'Короткие нарды',
    'long-nardy': 'Длинные нарды',
    plakoto: 'Плакото',
    fevga: 'Февга',
    'gul-bara': 'Гюльбара',
  },
  presets: {
    backgammon: 'Международные правила',
    table: 'Table (Румыния)',
    portes: 'Портес (Греция)',
    tavla: 'Тавла (Турция)',
    tabla: 'Табла (Болгария)',
    'long-nardy': 'Спортивные правила',
    'long-nardy-lenient': 'Правило блока: проверка по итогу хода',
    plakoto: 'С исключением для матери',
    'plakoto-street': 'Дворовые правила',
    tapa: 'Тапа (Болгария)',
    fevga: 'Традиционные',
    'fevga-apps': 'Как в приложениях',
    'gul-bara': 'Лесенка после трёх ходов каждого',
    'gul-bara-global': 'Лесенка после трёх ходов на двоих',
  },
  cycles: {
    tavli: 'Тавли: портес, плакото, февга',
    'tabla-cycle': 'Цикл «табла»: табла, гюльбара, тапа',
  },
};
