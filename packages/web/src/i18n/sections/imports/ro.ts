import type { Catalogue } from '../../catalogue.js';

/** Romanian strings of the 'imports' section. */
export const importsRo: Catalogue['imports'] = {
  title: 'Importă un meci',
  intro:
    'Încarcă un meci jucat în altă parte: un fișier .mat (îl exportă gnubg, eXtreme Gammon, JellyFish și marile site-uri), un .sgf salvat de gnubg sau o înregistrare Zar JSON, de cel mult 1 MB. Zar îl verifică mutare cu mutare; apoi îl poți relua și poți cere analiza lui.',
  link: 'Importă un meci dintr-un fișier',
  file: 'Fișier',
  paste: 'Sau lipește textul lui',
  submit: 'Verifică și importă',
  checking: 'Se verifică…',
  empty: 'Alege mai întâi un fișier sau lipește textul lui.',
  tooLarge: 'Acest fișier are mai mult de 1 MB.',
  atLine: 'Rândul {line}: {text}',
  unchecked: 'Ce urmează după el nu poate fi verificat.',
  others: 'Nici aceste rânduri nu pot fi citite:',
  yours: 'Meciurile tale importate',
  none: 'Nu ai importat încă niciun meci.',
  replay: 'Reluare',
  analysis: 'Analiză',
  another: 'Importă alt meci',
  errors: {
    ERR_JSON: 'Acest fișier nu este JSON valid.',
    ERR_MAT_EMPTY: 'Acesta nu este un fișier .mat sau nu conține nicio partidă.',
    ERR_MAT_HEADER: 'Fișierul ar trebui să înceapă cu „N point match”; are „{found}”.',
    ERR_MAT_SYNTAX: 'Acest rând nu poate fi citit: „{found}”.',
    ERR_MAT_SCORE: 'Fișierul dă scorul {given}, dar partidele de dinainte dau {expected}.',
    ERR_MAT_ILLEGAL_MOVE: '{player} dă {dice} și fișierul joacă „{move}”, ceea ce nu e legal acolo.',
    ERR_MAT_ILLEGAL_ACTION: '„{action}” al lui {player} nu este permis în acel moment al partidei.',
    ERR_MAT_CUBE: 'Cubul ajunge aici la {expected}, nu la {value}.',
    ERR_MAT_RESULT: 'Fișierul îi dă lui {player} {points} pentru această partidă, ceea ce mutările ei nu dau.',
    ERR_MAT_TRUNCATED: 'Fișierul se oprește înainte ca partida {game} sau meciul să se termine.',
    ERR_RECORD_VERSION: 'Această înregistrare Zar are versiunea {version}; Zar citește versiunea 1.',
    ERR_RECORD_SHAPE: 'Această înregistrare Zar este greșită la „{field}”.',
    ERR_RECORD_ILLEGAL: 'Regulile nu permit acțiunea numărul {number} a înregistrării.',
  },
};
