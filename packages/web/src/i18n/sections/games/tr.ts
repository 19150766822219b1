import type { Catalogue } from '../../catalogue.js';
import type { gamesEn } from './en.js';

/** Turkish strings of the 'games' section. */
export const gamesTr: Pick<Catalogue, keyof typeof gamesEn> = {
  games: {
    backgammon: 'Tavla',
    'long-nardy': 'Uzun nard',
    plakoto: 'Tapa (plakoto)',
    fevga: 'Fevga',
    'gul-bara': 'Gül bara',
  },
  presets: {
    backgammon: 'Uluslararası kurallar',
    table: 'Table (Romanya)',
    portes: 'Portes (Yunanistan)',
    tavla: 'Tavla (Türkiye)',
    tabla: 'Tabla (Bulgaristan)',
    'long-nardy': 'Spor kuralları',
    'long-nardy-lenient': 'Duvar kuralı yalnızca hamle sonunda',
    plakoto: 'Ana istisnasıyla',
    'plakoto-street': 'Kahvehane kuralları',
    tapa: 'Tapa (Bulgaristan)',
    fevga: 'Geleneksel',
    'fevga-apps': 'Uygulamalardaki gibi',
    'gul-bara': 'Merdiven, herkesin ilk üç elinden sonra',
    'gul-bara-global': 'Merdiven, toplam üç elden sonra',
  },
  cycles: {
    tavli: 'Tavli: portes, plakoto, fevga',
    'tabla-cycle': 'Tabla döngüsü: tabla, gül bara, tapa',
  },
};
