import type { LearnPage } from '../../types.js';
import { LONG_NARDY } from '../positions.js';

export const longNardy: LearnPage = {
  slug: 'long-nardy',
  title: 'Narde lungi',
  summary:
    'Marele joc al Rusiei și al Caucazului: toți pornesc din „cap”, ambele tabere merg în același sens și nimeni nu e lovit.',
  blocks: [
    { kind: 'h', text: 'Așezarea și sensul' },
    {
      kind: 'p',
      text: 'Fiecare jucător își pune toți cei cincisprezece puli pe căsuța lui 24, numită „cap” (în rusește голова). Cele două capete stau în colțuri opuse, iar ambele tabere merg în același sens, așa că adversarul pornește de pe căsuța ta 12, iar casa lui sunt căsuțele tale 13–18. Casa ta rămâne, ca la table, 1–6.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.start,
      caption: 'Narde lungi la început: câte cincisprezece puli pe fiecare cap. Albul la zar.',
    },
    {
      kind: 'p',
      text: 'Fiecare aruncă un zar, cel cu numărul mai mare începe; pe Zar el aruncă apoi din nou ambele zaruri pentru prima mutare. În partidele următoare ale unui meci începe câștigătorul partidei precedente.',
    },
    { kind: 'h', text: 'Mutări fără lovituri' },
    {
      kind: 'p',
      text: 'Zarurile se joacă la fel ca la table: câte o mutare pe zar, patru la dublă, același pul poate lua ambele numere dacă se poate opri la mijloc. Diferența e la blocare: ajunge un singur pul advers ca să-ți închidă căsuța. Nu există lovire și nici bară. Joci ambele zaruri dacă poți, iar dacă merge doar unul, pe cel mare.',
    },
    { kind: 'h', text: 'Regula capului' },
    {
      kind: 'p',
      text: 'Într-un rând poate pleca de pe cap un singur pul. El poate merge oricât îl duc zarurile, dar al doilea rămâne pe loc. Excepția vine o singură dată, la prima mutare a fiecărui jucător: cu 6-6, 4-4 sau 3-3 pot pleca doi puli, pentru că unul singur oricum n-ar putea juca toate patru numerele — îi stă în cale capul adversarului, pe căsuța ta 12.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.opening66.position,
      lastMove: LONG_NARDY.opening66.lastMove,
      caption:
        'Albul a deschis cu 6-6 și a jucat 24/18(2): doi puli de pe cap, datorită excepției de la prima mutare. Ceilalți doi de 6 se pierd, fiindcă 18/12 ar ateriza pe capul Negrului. Negrul la zar.',
    },
    { kind: 'h', text: 'Regula celor șase căsuțe' },
    {
      kind: 'p',
      text: 'Nu ai voie să ții șase căsuțe la rând decât dacă măcar un pul advers a trecut deja de ele. Cinci la rând sunt oricând permise. „La rând” se socotește pe drumul adversarului, iar drumul acela cotește în colțul dintre căsuțele tale 1 și 24, așa că 3, 2, 1, 24, 23, 22 formează un șir neîntrerupt. În schimb 13 și 12 nu sunt vecine: pentru adversar ele sunt căsuța lui 1 și capul lui.',
    },
    {
      kind: 'p',
      text: 'Zar verifică regula după fiecare pas: un pas care ar închide un zid interzis nu se poate juca, chiar dacă un pas ulterior din aceeași aruncare l-ar deschide la loc.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.wrapBlock,
      caption:
        'Albul are de jucat 2-1. Ține 24, 23, 22, 3 și 2: cinci căsuțe la rând pe drumul Negrului, care trece prin colț. 3/1 ar închide a șasea, iar toți pulii negri sunt încă în spatele zidului, deci nu e voie. 3/2 3/1 e permis, pentru că golește căsuța 3.',
    },
    { kind: 'h', text: 'Scoaterea și punctajul' },
    {
      kind: 'p',
      text: 'Scoaterea începe când toți cincisprezece sunt acasă și urmează regula de la table: căsuța exactă, altfel o mutare de pe o căsuță mai mare, altfel cea mai mare căsuță ocupată.',
    },
    {
      kind: 'list',
      items: [
        'Oin (ойн), 1 punct: cel care pierde a scos măcar un pul.',
        'Marț (марс), 2 puncte: cel care pierde n-a scos niciun pul.',
      ],
    },
    {
      kind: 'p',
      text: 'Nu există cub. Koksul (кокс), „marțul de casă” și ultima aruncare de egalare sunt reguli de casă pe care Zar nu le folosește. Meciurile se joacă de obicei până la 3, 5 sau 7 puncte.',
    },
  ],
};
