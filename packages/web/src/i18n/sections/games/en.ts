/** English strings of the 'games' section (the names of the five games, of their rule sets and of the cycles of games); the source of its type. */
export const gamesEn = {
  games: {
    backgammon: 'Backgammon',
    'long-nardy': 'Long nardy',
    plakoto: 'Plakoto',
    fevga: 'Fevga',
    'gul-bara': 'Gul bara',
  },
  presets: {
    backgammon: 'International rules',
    table: 'Table (Romania)',
    portes: 'Portes (Greece)',
    tavla: 'Tavla (Turkey)',
    tabla: 'Tabla (Bulgaria)',
    'long-nardy': 'Sport rules',
    'long-nardy-lenient': 'Block rule on the finished play',
    plakoto: 'With the mother exception',
    'plakoto-street': 'Street rules',
    tapa: 'Tapa (Bulgaria)',
    fevga: 'Traditional',
    'fevga-apps': 'As in the apps',
    'gul-bara': 'Doubles run after three turns each',
    'gul-bara-global': 'Doubles run after three turns in all',
  },
  cycles: {
    tavli: 'Tavli: portes, plakoto, fevga',
    'tabla-cycle': 'Tabla cycle: tabla, gul bara, tapa',
  },
};
