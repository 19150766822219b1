import type { LearnPage } from '../../types.js';
import { PLAKOTO } from '../positions.js';

export const plakoto: LearnPage = {
  slug: 'plakoto',
  title: 'Plakoto (tapa)',
  summary:
    'Jocul grecesc al prinderii, cunoscut și ca tapa sau mahbusa: te oprești pe un pul singur și el rămâne prins sub al tău.',
  blocks: [
    { kind: 'h', text: 'Așezarea' },
    {
      kind: 'p',
      text: 'Fiecare jucător pornește cu toți cei cincisprezece puli pe căsuța lui 24, care se află în colțul casei adversarului. Taberele merg în sensuri opuse, ca la table, și fiecare încearcă să-și aducă pulii acasă și să-i scoată.',
    },
    {
      kind: 'position',
      position: PLAKOTO.start,
      caption: 'Plakoto la început: pulii fiecărei tabere stau în colțul din casa celeilalte. Albul la zar.',
    },
    {
      kind: 'p',
      text: 'Amândoi aruncă un zar; cel cu numărul mai mare începe și dă din nou cu ambele zaruri. Într-un meci, partida următoare o începe câștigătorul celei dinainte.',
    },
    { kind: 'h', text: 'Prinderea în loc de lovire' },
    {
      kind: 'p',
      text: 'Când te oprești pe un pul advers singur, îl prinzi: rămâne pe căsuță, sub pulul tău, și nu se mai poate mișca până nu pleacă de pe el toți pulii tăi. Nimic nu ajunge pe bară. Cât timp îl ții prins, căsuța e a ta: adversarul nu se poate opri acolo, iar tu poți adăuga deasupra câți puli vrei.',
    },
    {
      kind: 'p',
      text: 'O căsuță îți e închisă când adversarul are pe ea doi sau mai mulți puli ori când ți-a prins acolo un pul. În rest zarurile se joacă la fel ca la table: ambele numere dacă se poate, cel mare dacă merge doar unul, iar ce nu se poate juca se pierde.',
    },
    {
      kind: 'position',
      position: PLAKOTO.blot,
      caption:
        'Albul are de jucat 2-1. Negrul are un pul singur pe căsuța 11 a Albului, la doi pași în fața perechii albe de pe 13.',
    },
    {
      kind: 'position',
      position: PLAKOTO.pinned.position,
      lastMove: PLAKOTO.pinned.lastMove,
      caption:
        'Albul a jucat 24/23 13/11*: pulul negru e prins sub unul alb și nu se mișcă până nu pleacă Albul. Negrul la zar, și nici nu se poate opri pe căsuța aceea.',
    },
    { kind: 'h', text: 'Mama' },
    {
      kind: 'p',
      text: 'Ultimul tău pul rămas pe căsuța de pornire se numește mama (în grecește μάνα). Dacă adversarul o prinde, partida se termină pe loc și pierzi 2 puncte. Excepția: dacă cel care a prins-o mai are el însuși un pul pe propria căsuță de pornire, jocul continuă, iar dacă reușești apoi să-i prinzi și lui mama, partida e egală. Unele mese grecești joacă fără excepție; pe Zar ea e activă dacă nu alegi altfel.',
    },
    {
      kind: 'position',
      position: PLAKOTO.motherAlone,
      caption:
        'Albul are de jucat 2-1. Mama Negrului stă singură pe căsuța de pornire, căsuța 1 a Albului, iar Albul nu mai are niciun pul pe propria căsuță de pornire.',
    },
    {
      kind: 'position',
      position: PLAKOTO.motherPinned.position,
      lastMove: PLAKOTO.motherPinned.lastMove,
      caption:
        'Albul a jucat 3/1* 2/1 și a prins mama. Ar urma Negrul la zar, dar partida s-a încheiat: Albul câștigă 2 puncte.',
    },
    { kind: 'h', text: 'Scoaterea și punctajul' },
    {
      kind: 'p',
      text: 'Poți scoate când toți cincisprezece sunt acasă și niciunul nu e prins; un pul prins târziu de un rătăcit advers îți oprește scoaterea până scapă. Regula e cea obișnuită: căsuța exactă, altfel o mutare de mai sus, altfel cea mai mare căsuță ocupată.',
    },
    {
      kind: 'list',
      items: [
        'Victorie, 1 punct: cel care pierde a scos măcar un pul.',
        'Marț, 2 puncte: cel care pierde n-a scos niciun pul.',
        'Mama prinsă: 2 puncte, partida se oprește imediat.',
      ],
    },
    {
      kind: 'p',
      text: 'Nu există cub și nici victorie triplă. În tavli-ul grecesc plakoto e al doilea joc din ciclul portes, plakoto, fevga; în Bulgaria tapa încheie ciclul tabla, gyulbara, tapa.',
    },
  ],
};
