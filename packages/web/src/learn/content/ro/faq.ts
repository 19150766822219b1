import type { LearnPage } from '../../types.js';

export const faq: LearnPage = {
  slug: 'faq',
  title: 'Răspunsuri scurte',
  summary: 'Răspunsuri pe scurt la întrebările pe care le pune orice începător.',
  blocks: [
    {
      kind: 'faq',
      q: 'Câți puli are fiecare jucător?',
      a: 'Cincisprezece, deci treizeci pe tablă, în toate cele cinci jocuri. La table pornesc împărțiți pe patru căsuțe; în celelalte patru jocuri fiecare tabără pleacă cu toată stiva de pe o singură căsuță.',
    },
    {
      kind: 'faq',
      q: 'Câți puli încap pe o căsuță?',
      a: 'Câți vrei, nu există limită. La table doi sau mai mulți puli de-ai tăi fac din căsuță o poartă, iar unul singur e descoperit. La narde lungi, fevga și gyulbara ajunge și un singur pul ca să închidă căsuța pentru celălalt.',
    },
    {
      kind: 'faq',
      q: 'Cât valorează un marț?',
      a: 'Două puncte, dublul unei victorii simple. Se întâmplă când cel care pierde n-a scos niciun pul. Tablele clasice mai au și victoria triplă, backgammonul: trei puncte dacă, pe deasupra, perdantul mai are un pul pe bară sau în casa câștigătorului. Cubul înmulțește toate aceste valori.',
    },
    {
      kind: 'faq',
      q: 'Cine începe?',
      a: 'Fiecare aruncă un zar, iar numărul mai mare începe. La table el joacă exact cele două numere ieșite, deci prima mutare nu e niciodată dublă; la celelalte jocuri, ca și la tablele regionale, aruncă din nou ambele zaruri. La egalitate se dă din nou.',
    },
    {
      kind: 'faq',
      q: 'De ce se strigă „șeș-beș” și „düşeş” la zaruri?',
      a: 'Sunt numere persane și turcești venite odată cu jocul: yek, dü, se, cehar, penç, şeş, de la unu la șase. Șeș-beș înseamnă 6-5, düşeş 6-6, hep yek 1-1. De aici și numele de șeș-beș pe care tablele îl poartă în mare parte din Orientul Mijlociu.',
    },
    {
      kind: 'faq',
      q: 'Trebuie să folosesc ambele zaruri?',
      a: 'Da, ori de câte ori poziția permite, iar la dublă toate patru numerele. Dacă merge un singur zar, trebuie jucat; dacă merge oricare, dar nu amândouă, îl joci pe cel mare.',
    },
    {
      kind: 'faq',
      q: 'Ce fac dacă nu pot muta deloc?',
      a: 'Rândul trece, iar zarurile se pierd. La table la fel se întâmplă când ai un pul pe bară și toate căsuțele de intrare sunt porți.',
    },
    {
      kind: 'faq',
      q: 'Pot scoate cu un număr mai mare decât cea mai înaltă căsuță?',
      a: 'Da, dar numai de pe cea mai înaltă căsuță ocupată și numai dacă nu ai niciun pul mai sus decât numărul ieșit. Altfel trebuie să muți un pul în interiorul casei.',
    },
    {
      kind: 'faq',
      q: 'La ce jocuri se folosește cubul de dublare?',
      a: 'Doar la tablele clasice. Nardele lungi, plakoto, fevga și gyulbara se joacă pe 1 sau 2 puncte de partidă, iar meciurile până la un scor stabilit dinainte, adesea 5 sau 7.',
    },
    {
      kind: 'faq',
      q: 'Ce e regula Crawford?',
      a: 'Într-un meci de table, prima partidă după ce unui jucător îi mai lipsește un punct se joacă fără cub. Așa, cel rămas în urmă nu poate dubla fără niciun risc tocmai în partida aceea.',
    },
    {
      kind: 'faq',
      q: 'Care e diferența dintre nardele scurte și cele lungi?',
      a: 'Nardele scurte sunt tablele noastre: sensuri opuse, lovituri, bară. La nardele lungi ambele tabere merg în același sens pornind de pe un singur cap, un pul singur blochează căsuța și nimeni nu e lovit.',
    },
    {
      kind: 'faq',
      q: 'Se poate termina o partidă la egalitate?',
      a: 'Doar la plakoto, când ajung prinse amândouă mamele. În toate celelalte jocuri cineva scoate primul.',
    },
  ],
};
