import type { LearnPage } from '../../types.js';
import { GUL_BARA } from '../positions.js';

export const gulBara: LearnPage = {
  slug: 'gul-bara',
  title: 'Gyulbara (ghiulbahar)',
  summary:
    'Cursa balcanică în care dublele se rostogolesc: după primele mutări, o dublă urcă treaptă cu treaptă până la 6.',
  blocks: [
    { kind: 'h', text: 'Așezarea și mutarea' },
    {
      kind: 'p',
      text: 'Tabla se așază ca la fevga: câte cincisprezece puli pe căsuța 24 a fiecăruia, în colțuri opuse, ambele tabere mergând în același sens. O căsuță cu orice pul advers e închisă și nu există lovire, dar nu există nici regula capului, nici cea a primului pul: de la prima aruncare poți muta orice pul.',
    },
    {
      kind: 'position',
      position: GUL_BARA.start,
      caption: 'Gyulbara la început, Albul la zar.',
    },
    {
      kind: 'p',
      text: 'Începe cel cu zarul mai mare, care apoi aruncă din nou ambele zaruri. În ciclul bulgăresc, partida următoare o începe câștigătorul celei dinainte.',
    },
    { kind: 'h', text: 'Scara dublelor' },
    {
      kind: 'p',
      text: 'În primele trei rânduri ale fiecărui jucător dubla se joacă normal, de patru ori. De la al patrulea rând încolo, o dublă pornește o scară: patru mutări cu numărul ieșit, apoi patru cu următorul și tot așa, până la patru de 6. 6-6 înseamnă doar patru de 6; 1-1 înseamnă douăzeci și patru de mutări, câte patru de la 1 la 6.',
    },
    {
      kind: 'list',
      items: [
        'Treptele vin în ordine: toți de 3 înaintea oricărui 4.',
        'De îndată ce un număr nu mai poate fi jucat complet, scara se oprește și restul se pierde. Pe unele mese ce rămâne îi revine adversarului; pe Zar, nu.',
        'Scara continuă și în timpul scoaterii.',
      ],
    },
    {
      kind: 'position',
      position: GUL_BARA.runBefore,
      caption:
        'Albul are de jucat 2-2, cu mult după primele rânduri. Albul e în urmă în cursă: 71 de pips față de 57 ale Negrului.',
    },
    {
      kind: 'position',
      position: GUL_BARA.runAfter.position,
      lastMove: GUL_BARA.runAfter.lastMove,
      caption:
        'Scara: patru de 2, patru de 3, patru de 4, patru de 5, patru de 6. Douăzeci de mutări aduc acasă ultimii doi puli albi și îi scot pe toți cincisprezece. Negrul n-a scos niciunul, deci Albul câștigă cu marț, 2 puncte, înainte ca Negrul să mai apuce să dea cu zarul.',
    },
    { kind: 'h', text: 'Scoaterea și punctajul' },
    {
      kind: 'p',
      text: 'Scoaterea urmează regula obișnuită. Victoria aduce 1 punct, marțul 2 dacă cel care pierde n-a scos nimic. Fără cub, fără victorie triplă. În Bulgaria gyulbara e jocul din mijloc al ciclului tabla, gyulbara, tapa, jucat de obicei până la 5 puncte.',
    },
  ],
};
