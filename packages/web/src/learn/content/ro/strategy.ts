import type { LearnPage } from '../../types.js';

export const strategy: LearnPage = {
  slug: 'strategy',
  title: 'Primii pași în strategie',
  summary:
    'Idei de bază pentru fiecare familie: tablele cu lovituri, jocul cu prinderi, cursele fără lovituri și cursa cu dublele.',
  blocks: [
    { kind: 'h', text: 'Table: porți, puli descoperiți și cursa' },
    {
      kind: 'p',
      text: 'Încă de la prima aruncare te trag trei gânduri în direcții diferite: să faci porți, să-l blochezi pe adversar, să-ți fugi pulii din spate. Căsuța 5 din casa ta valorează cel mai mult; dacă o ții, orice pul lovit are un drum mai strâmt de întoarcere de pe bară.',
    },
    {
      kind: 'list',
      items: [
        'Deschiderile bune fac o poartă: 3-1 ca 8/5 6/5, 4-2 ca 8/4 6/4, 6-1 ca 13/7 8/7.',
        'Un pul descoperit la cel mult șase căsuțe în fața unui pul advers poate fi lovit direct, cu cel puțin unsprezece aruncări din treizeci și șase; la șapte sau mai mult e nevoie de o combinație și riscul scade mult.',
        'Șase porți la rând formează un zid peste care nu se poate sări. Chiar și patru-cinci la rând îi încurcă serios pe pulii prinși în spate.',
        'Un pul lăsat singur nu e o greșeală în sine, ci un pariu: ce câștigi trebuie să acopere ce ar costa o lovitură.',
        'Când taberele au trecut una de alta, partida e cursă curată. Numără pipsurile: cine e în față evită încurcăturile, cine e în urmă caută contactul.',
      ],
    },
    {
      kind: 'p',
      text: 'Pentru cub, o regulă aproximativă în jocul pe bani: dublezi când ești clar favorit, dar nu atât de departe încât adversarul să trebuiască să refuze; accepți când te aștepți să câștigi cel puțin o partidă din patru, fără a socoti marțurile.',
    },
    { kind: 'h', text: 'Plakoto: lupta pentru colțuri' },
    {
      kind: 'list',
      items: [
        'Prinderile timpurii valorează dublu: un pul advers prins lângă colțul lui pierde tot drumul, iar căsuța luată îi blochează stiva.',
        'Pleacă de pe căsuța de pornire în perechi când se poate și ține acolo mai mult de un pul, până când mama poate pleca fără grijă.',
        'Un pul singur în fața stivei adverse e o invitație. Numără câte aruncări îl nimeresc înainte să-l lași acolo.',
        'Spre final ferește-te de rătăciți: un singur pul advers rămas în urmă îți poate prinde unul descoperit în casă și îți oprește scoaterea.',
      ],
    },
    { kind: 'h', text: 'Narde lungi și fevga: curse cu blocaje' },
    {
      kind: 'list',
      items: [
        'Aici nimeni nu e lovit, deci totul ține de poziție: căsuțele ținute în fața taberei adverse o încetinesc multe rânduri.',
        'La narde lungi pleacă de pe cap un singur pul pe rând, așa că orice rând fără un pul coborât de pe cap e un tempo pierdut. Ține aprovizionarea în mișcare.',
        'Construiește ziduri de până la cinci căsuțe; a șasea e permisă abia după ce un pul advers a trecut de ele.',
        'Împrăștie, nu îngrămădi: o stivă înaltă pe o căsuță nu blochează nimic și îți strică numerele mai târziu.',
        'La fevga primul pul e cercetașul tău: trece-l repede de căsuța de pornire a adversarului, ca să fie liberă restul armatei.',
      ],
    },
    { kind: 'h', text: 'Gyulbara: cum trăiești cu scara' },
    {
      kind: 'list',
      items: [
        'După primele rânduri orice dublă valorează o avere, așa că păstrează o poziție destul de elastică pentru a folosi o scară lungă până la capăt.',
        'Scara se oprește la primul număr care nu se poate juca. Căsuțe ținute la distanța potrivită în fața adversarului îi pot tăia scara.',
        'Socotește cursa cu dublele în minte: cine e în urmă nu e niciodată chiar pierdut.',
      ],
    },
  ],
};
