import type { Catalogue } from '../../catalogue.js';

export const welcomeRo: Catalogue['welcome'] = {
  title: 'Tablele și familia lor, în limba ta',
  lead: 'Cinci jocuri jucate din Balcani până în Caucaz: cu calculatorul, cu un prieten printr-un link sau cu oricine din lobby.',
  games: 'Alege un joc',
  special: {
    backgammon: 'Jocul lumii: lovești piese singure, construiești prime, iar cubul de dublare ridică miza.',
    'long-nardy':
      'Fără lovituri: o singură piesă închide un punct și doar o piesă poate pleca din cap la fiecare tură.',
    plakoto:
      'Pune-te peste o piesă singură ca s-o blochezi; blochează-i ultima piesă pe punctul de plecare și câștigi.',
    fevga:
      'Fără lovituri: prima ta piesă trebuie să treacă de punctul de plecare al adversarului înainte să se miște alta.',
    'gul-bara': 'După primele ture, dublele urcă: 3‑3 joacă 3‑3, 4‑4, 5‑5 și 6‑6.',
  },
  choose: 'Joacă',
  chooseLabel: 'Pregătește un joc de {game}',
  learn: 'Cum se joacă',
  learnLabel: 'Cum se joacă {game}',
  preview: 'Poziția de start la {game}',
  playing: {
    one: 'Se joacă acum {n} joc',
    few: 'Se joacă acum {n} jocuri',
    other: 'Se joacă acum {n} de jocuri',
  },
  waiting: {
    one: '{n} joc deschis așteaptă în lobby',
    few: '{n} jocuri deschise așteaptă în lobby',
    other: '{n} de jocuri deschise așteaptă în lobby',
  },
  again: 'Joacă din nou',
  againLabel: 'Joacă din nou cu ultimele setări: {what}',
  last: 'Ultimele setări: {what}',
  setup: 'Pregătește-ți jocul',
};
