import type { Catalogue } from '../../catalogue.js';

export const correspondenceRo: Catalogue['correspondence'] = {
  perMove: { one: '{n} zi pe mutare', few: '{n} zile pe mutare', other: '{n} de zile pe mutare' },
  explain:
    'Fiecare mutare are zilele ei; ce rămâne din ele nu se reportează. Închide pagina și revino când ești la mutare: cine rămâne fără timp pierde meciul.',
  daysHours: '{d} z {h} h',
  hoursMinutes: '{h} h {m} min',
  minutes: '{m} min',
  pool: '{name} · corespondență',
  ratingsNote:
    'Meciurile prin corespondență au clasamente proprii, câte unul pentru fiecare joc („Table · corespondență”): o mutare cu zile de gândire e alt joc decât unul jucat într-o seară.',
  list: 'Meciurile tale prin corespondență',
  yourTurn: 'Ești la mutare',
  theirTurn: 'Mută adversarul',
  against: 'cu {name}',
  noOpponent: 'Așteaptă un adversar',
  score: 'Scor {own}–{opponent}',
  left: 'mai ai {time}',
  noClock: 'Ceas oprit',
  moved: '{name} a mutat: ești la mutare',
  offer: 'Vrei o notificare când ești la mutare, cât timp Zar e deschis în fundal?',
  turnOn: 'Pornește notificările',
  dismiss: 'Nu, mulțumesc',
  setting: 'Anunță-mă când sunt la mutare într-un meci prin corespondență',
  blocked: 'Browserul blochează notificările Zar: permite-le din setările site-ului.',
  missing: 'Acest browser nu poate afișa notificări.',
};
