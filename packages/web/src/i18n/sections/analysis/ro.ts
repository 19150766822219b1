import type { Catalogue } from '../../catalogue.js';

/** Romanian strings of the 'analysis' section. */
export const analysisRo: Catalogue['analysis'] = {
  title: 'Analiza meciului',
  back: 'Înapoi la meci',
  queued: 'Se așteaptă analiza ({n} înainte)…',
  running: 'Se analizează meciul…',
  depth: 'Fiecare decizie e comparată cu cea mai bună găsită de bot la {plies} ply.',
  player: 'Jucător',
  decisions: 'Decizii',
  errorRate: 'Rata erorilor',
  errorRateLong: 'Echitate pierdută pe decizie, în miimi (mEMG)',
  pr: 'PR',
  prLong: 'Rating de performanță: 500 × echitatea pierdută pe decizie; mai mic e mai bine',
  luck: 'Noroc',
  luckLong:
    'Noroc: suma echității pe care i-au adus-o aruncările sale peste aruncarea medie (EMG); pozitiv: mai norocos decât media',
  show: 'Arată',
  filters: {
    marked: 'Mutări îndoielnice, erori și gafe',
    errors: 'Erori și gafe',
    all: 'Toate deciziile',
  },
  none: 'Nicio decizie de acest fel: bine jucat.',
  gameN: 'Jocul {n}',
  best: 'cea mai bună',
  marks: {
    doubtful: 'Îndoielnică',
    error: 'Eroare',
    blunder: 'Gafă',
  },
  cube: {
    'no-double': 'Fără dublare',
    double: 'Dublează',
    take: 'Acceptă',
    drop: 'Refuză',
    beaver: 'Beaver',
  },
  cubeLine: {
    'no-double': 'Fără dublare',
    'double-take': 'Dublare, acceptată',
    'double-drop': 'Dublare, refuzată',
  },
  doublerView: 'Echitățile părții care poate dubla',
  play: 'Mutarea',
  equity: 'Echitate',
  played: 'jucată',
  cubeDecisions: 'Decizii de dublare',
  otherGames: {
    errorRateLong: 'Echitate pierdută pe decizie, în miimi (1 = o victorie simplă)',
    prLong:
      'Rating de performanță: 500 × echitatea pierdută pe decizie; mai mic e mai bine. Compară-l cu meciuri din același joc.',
    luckLong:
      'Noroc: suma echității pe care i-au adus-o aruncările sale peste aruncarea medie (1 = o victorie simplă); pozitiv: mai norocos decât media',
  },
};
