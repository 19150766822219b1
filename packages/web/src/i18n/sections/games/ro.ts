import type { Catalogue } from '../../catalogue.js';
import type { gamesEn } from './en.js';

/** Romanian strings of the 'games' section. */
export const gamesRo: Pick<Catalogue, keyof typeof gamesEn> = {
  games: {
    backgammon: 'Table',
    'long-nardy': 'Narde lungi',
    plakoto: 'Plakoto',
    fevga: 'Fevga',
    'gul-bara': 'Gyulbara',
  },
  presets: {
    backgammon: 'Reguli internaționale',
    table: 'Table (România)',
    portes: 'Portes (Grecia)',
    tavla: 'Tavla (Turcia)',
    tabla: 'Tabla (Bulgaria)',
    'long-nardy': 'Reguli sportive',
    'long-nardy-lenient': 'Regula zidului verificată la finalul mutării',
    plakoto: 'Cu excepție la prinderea mamei',
    'plakoto-street': 'Reguli populare',
    tapa: 'Tapa (Bulgaria)',
    fevga: 'Reguli tradiționale',
    'fevga-apps': 'Ca în aplicații',
    'gul-bara': 'Dublele în serie după primele trei rânduri ale fiecăruia',
    'gul-bara-global': 'Dublele în serie după primele trei rânduri în total',
  },
  cycles: {
    tavli: 'Tavli: portes, plakoto, fevga',
    'tabla-cycle': 'Ciclul tabla: tabla, gyulbara, tapa',
  },
};
