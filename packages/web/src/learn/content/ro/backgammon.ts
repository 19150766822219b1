import type { LearnPage } from '../../types.js';
import { BACKGAMMON } from '../positions.js';

export const backgammon: LearnPage = {
  slug: 'backgammon',
  title: 'Table (backgammon)',
  summary:
    'Jocul clasic cu lovituri: câte cincisprezece puli, drumuri în sens opus, bara, scoaterea și cubul de dublare.',
  blocks: [
    { kind: 'h', text: 'Despre ce e vorba' },
    {
      kind: 'p',
      text: 'Doi jucători, câte cincisprezece puli, douăzeci și patru de căsuțe. Îți duci pulii în jurul tablei spre casa ta, în timp ce adversarul vine din sens invers, iar partida o câștigă cel care îi scoate primul pe toți cincisprezece.',
    },
    {
      kind: 'p',
      text: 'Fiecare jucător numără căsuțele din partea lui: căsuța 1 e cea mai adâncă din casa ta, căsuța 24 cea mai îndepărtată de ea. Pentru că mergeți în sensuri opuse, căsuța ta 1 este căsuța 24 a adversarului. Casa ta înseamnă căsuțele 1–6: acolo îți aduni pulii și de acolo îi scoți.',
    },
    { kind: 'h', text: 'Așezarea' },
    {
      kind: 'p',
      text: 'Numărat din partea ta: doi puli pe 24, cinci pe 13, trei pe 8 și cinci pe 6. Adversarul stă exact în oglindă.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.start,
      caption:
        'Poziția de plecare, Albul la zar. Fiecare tabără are de parcurs 167 de pips până scoate tot: 167 la 167.',
    },
    { kind: 'h', text: 'Cine începe' },
    {
      kind: 'p',
      text: 'Fiecare aruncă un singur zar. Cine are numărul mai mare mută primul și joacă chiar cele două numere ieșite, așa că nicio partidă nu se deschide cu o dublă. La egalitate se aruncă din nou. În portesul grecesc, în tavla turcească și în tabla bulgărească câștigătorul aruncării ia în schimb ambele zaruri și dă din nou.',
    },
    { kind: 'h', text: 'Zarul și mutarea' },
    {
      kind: 'p',
      text: 'Arunci două zaruri și înaintezi exact cu numerele lor: câte un pul pentru fiecare zar sau același pul cu amândouă, cu oprire pe căsuța din mijloc. O căsuță pe care adversarul are doi sau mai mulți puli e poartă închisă: nu te poți opri acolo, nici măcar în trecere. Dubla se joacă de patru ori: la 4-4 faci patru mutări de câte patru.',
    },
    {
      kind: 'p',
      text: 'Ești obligat să folosești din aruncare tot ce permite poziția: ambele zaruri, toate patru numerele unei duble. Dacă merge un singur zar, îl joci pe acela; dacă merge oricare, dar nu amândouă împreună, îl joci pe cel mare. Rândul trece fără mutare doar când nu se poate juca nimic.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.opening31.position,
      lastMove: BACKGAMMON.opening31.lastMove,
      caption:
        'Albul a deschis cu 3-1 și a jucat 8/5 6/5, închizând prețioasa căsuță 5. Negrul la zar. Drumul Albului a scăzut cu patru: 163 pentru Alb, tot 167 pentru Negru.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.reply65.position,
      lastMove: BACKGAMMON.reply65.lastMove,
      caption:
        'Negrul răspunde cu 6-5 și fuge cu un pul din spate până în mijloc, 24/13. Albul la zar, cu 163 de pips față de 156 ale Negrului.',
    },
    { kind: 'h', text: 'Lovirea și bara' },
    {
      kind: 'p',
      text: 'Un pul rămas singur pe o căsuță e descoperit. Dacă adversarul se oprește pe el, îl lovește: pulul e ridicat pe bară, dunga din mijlocul tablei. Cât timp ai un pul pe bară, nu ai voie să muți nimic altceva.',
    },
    {
      kind: 'p',
      text: 'Pulul de pe bară intră înapoi în casa adversarului, pe căsuța arătată de zar: cu un 2 intră pe căsuța ta 23, cu un 6 pe 19. Dacă toate căsuțele arătate de zaruri sunt porți, pierzi toată aruncarea. După ce ai băgat în joc tot ce era pe bară, numerele rămase se joacă normal.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.blot,
      caption:
        'Negrul a lăsat un pul descoperit la trei căsuțe în fața pulilor albi de pe 13. Albul la zar, 166 de pips contra 176.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.hit.position,
      lastMove: BACKGAMMON.hit.lastMove,
      caption:
        'Albul a dat 3-1 și a jucat 13/10* 6/5: pulul negru e lovit, iar căsuța 5 închisă. Negrul la zar, cu un pul pe bară. Lovitura îl costă zece pips dintr-odată: Negrul 186, Albul 162.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.entered.position,
      lastMove: BACKGAMMON.entered.lastMove,
      caption:
        'Negrul a dat 6-2: cu 2 intră de pe bară, bar/23, iar cu 6 joacă 13/7. Albul la zar; Negrul are 178, Albul tot 162.',
    },
    { kind: 'h', text: 'Scoaterea' },
    {
      kind: 'p',
      text: 'Când toți cei cincisprezece puli ai tăi sunt în casă, începi să-i scoți. Zarul scoate un pul de pe căsuța cu același număr. Dacă acolo nu ai nimic, trebuie să muți un pul de pe o căsuță mai mare; abia când nu mai ai niciun pul mai sus poți scoate de pe cea mai mare căsuță ocupată.',
    },
    {
      kind: 'p',
      text: 'Nu ești niciodată obligat să scoți: o mutare obișnuită în casă e oricând permisă. Un pul lovit în timpul scoaterii trebuie să reintre de pe bară și să facă din nou tot drumul până acasă înainte să mai scoți vreunul.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.bearOff,
      caption:
        'Albul are toți pulii acasă, iar șase sunt deja scoși. Albul la zar: îi mai trebuie 36 de pips, Negrului 57.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.boreOff.position,
      lastMove: BACKGAMMON.boreOff.lastMove,
      caption:
        'Albul a dat 6-5 și a scos doi puli, 6/off 5/off. Negrul la zar. Albul a coborât de la 36 la 25 de pips; Negrul are în continuare 57.',
    },
    { kind: 'h', text: 'Punctajul' },
    {
      kind: 'list',
      items: [
        'Victorie simplă, 1 punct: cel care pierde a scos măcar un pul.',
        'Marț, 2 puncte: cel care pierde n-a scos niciun pul.',
        'Backgammon, 3 puncte: n-a scos niciun pul și mai are un pul pe bară sau în casa câștigătorului.',
      ],
    },
    {
      kind: 'p',
      text: 'Portesul, tavla și tabla, așa cum se joacă în Grecia, Turcia și Bulgaria, nu cunosc victoria triplă: acolo backgammonul se numără ca marț, iar cubul rămâne în cutie.',
    },
    { kind: 'h', text: 'Cubul de dublare' },
    {
      kind: 'p',
      text: 'La începutul rândului tău, înainte de zar, poți oferi cubul dacă el stă la mijloc sau la tine. Adversarul fie acceptă, iar partida continuă la miză dublă cu cubul la el (doar el mai poate redubla), fie refuză și pierde partida la valoarea de până atunci. Orice rezultat de la final, simplu, marț sau backgammon, se înmulțește cu valoarea cubului.',
    },
    {
      kind: 'p',
      text: 'Într-un meci se aplică regula Crawford: prima partidă după ce unui jucător îi mai lipsește un singur punct se joacă fără cub; din partida următoare cubul revine. Dintre cele cinci jocuri de pe Zar, doar tablele clasice au cub.',
    },
  ],
};
