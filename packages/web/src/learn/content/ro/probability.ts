import type { LearnPage } from '../../types.js';

export const probability: LearnPage = {
  slug: 'probability',
  title: 'Zaruri și șanse',
  summary: 'Cât de des iese fiecare sumă și ce șanse are un pul descoperit să fie lovit, după distanță.',
  blocks: [
    { kind: 'h', text: 'Treizeci și șase de aruncări' },
    {
      kind: 'p',
      text: 'Două zaruri dau treizeci și șase de aruncări la fel de probabile. O combinație anume fără dublă, de pildă 6-5, poate cădea în două feluri (întâi 6 și apoi 5, sau invers); o dublă anume, într-unul singur. Așadar o dublă anume iese o dată la treizeci și șase de aruncări, iar o dublă oarecare o dată la șase.',
    },
    {
      kind: 'p',
      text: 'Când un singur pul folosește ambele zaruri, contează suma lor. Tabelul arată câte dintre cele treizeci și șase de aruncări dau fiecare sumă: 7 e cea mai frecventă, 2 și 12 cele mai rare.',
    },
    { kind: 'table', table: 'dice-sums' },
    {
      kind: 'p',
      text: 'La jocurile noastre suma nu spune tot, fiindcă zarurile se pot juca și separat, iar dubla se joacă de patru ori. În medie, cu dublele socotite întreg, o aruncare te duce ceva mai mult de opt căsuțe.',
    },
    { kind: 'h', text: 'Ce șanse are o lovitură?' },
    {
      kind: 'p',
      text: 'Pentru fiecare distanță dintre un pul atacator și un pul advers descoperit, tabelul următor numără aruncările care îl duc pe atacator exact acolo: un zar egal cu distanța, suma celor două zaruri sau o dublă jucată de două, trei ori patru ori.',
    },
    { kind: 'table', table: 'shots-by-distance' },
    {
      kind: 'p',
      text: 'Până la șase căsuțe ajunge un singur zar, iar șansele sunt mari; distanța 6 e cea mai periculoasă, pentru că acolo se adună șesarii direcți, combinațiile și dublele. De la șapte în sus îți trebuie ambele zaruri și riscul scade brusc. Peste douăsprezece ajung doar dublele, iar 13 și 14 nu se pot acoperi deloc dintr-o aruncare. De aici sfatul vechi: nu lăsa, dacă poți evita, un pul descoperit la mai puțin de șapte căsuțe în fața unui pul advers.',
    },
    {
      kind: 'p',
      text: 'Tabelul face două simplificări. Nu ține cont de porți, așa că într-o poziție reală un drum prin căsuța adversarului poate fi închis, iar șansa reală mai mică. Și privește un singur atacator: când mai mulți puli țintesc același pul descoperit, șansa crește, dar nu prin simplă adunare, pentru că aceeași aruncare poate servi mai multora.',
    },
    { kind: 'h', text: 'Intrarea de pe bară' },
    {
      kind: 'p',
      text: 'Un pul de pe bară nu intră doar când ambele zaruri arată porți. Cu o singură poartă în casa adversarului asta se întâmplă o dată din treizeci și șase; cu cinci porți, de douăzeci și cinci de ori, deci intri doar cu unsprezece aruncări din treizeci și șase. Cu toată casa închisă nu poți intra deloc.',
    },
  ],
};
