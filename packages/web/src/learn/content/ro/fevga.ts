import type { LearnPage } from '../../types.js';
import { FEVGA } from '../positions.js';

export const fevga: LearnPage = {
  slug: 'fevga',
  title: 'Fevga',
  summary:
    'Al treilea joc din tavli-ul grecesc: o cursă în același sens, fără lovituri, în care primul pul trebuie să plece înaintea celorlalți.',
  blocks: [
    { kind: 'h', text: 'Așezarea' },
    {
      kind: 'p',
      text: 'Amândoi jucătorii își pun toți cei cincisprezece puli pe căsuța lor 24, în colțuri opuse, și merg în același sens. Adversarul pornește de pe căsuța ta 12, iar casa lui sunt căsuțele tale 13–18. Un singur pul advers îți închide căsuța; nimeni nu e lovit vreodată.',
    },
    {
      kind: 'position',
      position: FEVGA.start,
      caption: 'Fevga la început, Albul la zar. Cele două stive stau față în față, de o parte și de alta a tablei.',
    },
    {
      kind: 'p',
      text: 'Fiecare aruncă un zar; numărul mai mare începe și aruncă din nou ambele zaruri. Partidele următoare ale meciului le începe câștigătorul precedent.',
    },
    { kind: 'h', text: 'Primul pul' },
    {
      kind: 'p',
      text: 'Până când primul tău pul nu trece de căsuța de pornire a adversarului, adică până nu ajunge pe căsuța ta 11 sau mai jos, nu ai voie să muți alt pul. Toate zarurile din acele rânduri sunt ale lui, iar un zar pe care nu-l poate folosi se pierde pur și simplu.',
    },
    {
      kind: 'position',
      position: FEVGA.opening66.position,
      lastMove: FEVGA.opening66.lastMove,
      caption:
        'Albul a deschis cu 6-6. Primul pul merge 24/18, dar 18/12 ar cădea pe căsuța de pornire a Negrului și niciun alt pul nu are încă voie să plece, așa că trei de 6 se pierd. Negrul la zar.',
    },
    { kind: 'h', text: 'Blocaje' },
    {
      kind: 'p',
      text: 'Nu ai voie să ocupi deodată toate cele șase căsuțe ale propriului sfert de pornire, 19–24. În altă parte șase căsuțe la rând sunt permise, dar dacă toți pulii rămași pe tablă ai adversarului stau pe singura căsuță din spatele unui asemenea zid, trebuie să-l deschizi la rândul următor.',
    },
    {
      kind: 'position',
      position: FEVGA.startQuarter,
      caption:
        'Albul are de jucat 5-1. Ține 24, 23, 22, 21 și 20, așa că 24/19 ar umple tot sfertul de pornire și singur nu e voie. Devine legal doar împreună cu un 1 care golește una dintre acele căsuțe, ca în 24/19 21/20.',
    },
    { kind: 'h', text: 'Scoaterea și punctajul' },
    {
      kind: 'p',
      text: 'Cu toți cincisprezece acasă scoți ca la table. O victorie valorează 1 punct sau 2 (marț) dacă adversarul n-a scos niciun pul. Nu există cub și nici victorie triplă. În meciul de tavli fevga vine după portes și plakoto, iar ciclul se reia până când cineva atinge ținta, de obicei 5 sau 7 puncte.',
    },
  ],
};
