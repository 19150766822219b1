import type { LearnPage } from '../../types.js';

export const culture: LearnPage = {
  slug: 'culture',
  title: 'Cultură și vocabular',
  summary: 'Cum se numesc jocurile de la București la Bagdad, de unde vin și ce strigă jucătorii la zaruri.',
  blocks: [
    { kind: 'h', text: 'O tablă, multe nume' },
    {
      kind: 'list',
      items: [
        'Tablele clasice sunt backgammon în lumea anglofonă, tavla în Turcia, portes în Grecia, tabla în Bulgaria, короткие нарды („narde scurte”) în Rusia și Ucraina, iar în lumea arabă طاولة (tawla) sau șeș-beș.',
        'Narde lungi (длинные нарды) sunt jocul de zi cu zi al Rusiei, Ucrainei și Caucazului; azerii le spun uzun nərd.',
        'Plakoto-ul grecesc e tapa în Bulgaria, Macedonia de Nord și Turcia și mahbusa (محبوسة, „cea închisă”) în Siria, Liban și Egipt.',
        'Fevga are un geamăn aproape identic în moultezim-ul turcesc; amândouă sunt rude apropiate cu nardele lungi.',
        'Gyulbara se cheamă гюлбара în Bulgaria, iar la noi și ghiulbahar.',
        'Grecii joacă portes, plakoto și fevga unul după altul și numesc tot meciul tavli; bulgarii joacă ciclul tabla, gyulbara, tapa.',
      ],
    },
    { kind: 'h', text: 'Pe scurt, istoria' },
    {
      kind: 'p',
      text: 'Cursele cu zaruri sunt printre cele mai vechi jocuri cunoscute. Romanii jucau tabula pe douăzeci și patru de căsuțe, cu câte cincisprezece piese, iar o epigramă din secolul al VI-lea povestește o aruncare nefericită a împăratului Zenon. Un text în persana medie îi atribuie înțeleptului Bozorgmehr inventarea nardului, ca răspuns persan la șahul indian. Din Persia și Bizanț jocul a ajuns în cafenelele otomane și balcanice, în Caucaz și în Europa medievală, unde „tables” a devenit în Anglia secolului al XVII-lea backgammon. Cubul de dublare a apărut în cluburile din New York în anii 1920, iar din anii 1990 programele care au învățat singure au schimbat felul în care se joacă.',
    },
    {
      kind: 'p',
      text: 'Cuvintele au călătorit odată cu tabla: table, tavla, tavli, tabla și tawla vin toate din latinescul tabula, iar нарды din persanul nard. Tot pe drumul turcesc au ajuns la noi pul, marț și șeș-beș.',
    },
    { kind: 'h', text: 'Strigătele zarurilor' },
    {
      kind: 'p',
      text: 'Oriunde a ajuns jocul, jucătorii au păstrat numerele persane și turcești pentru zaruri, așa că aceleași cuvinte se aud într-o cafenea din Istanbul, Sofia sau Baku.',
    },
    {
      kind: 'terms',
      items: [
        { term: 'yek', meaning: 'unu (persanul yek)' },
        { term: 'dü', meaning: 'doi (persanul du)' },
        { term: 'se', meaning: 'trei' },
        { term: 'cehar', meaning: 'patru (persanul chahar)' },
        { term: 'penç', meaning: 'cinci (persanul panj)' },
        { term: 'şeş', meaning: 'șase (persanul shesh)' },
        { term: 'hep yek', meaning: 'dublă de unu, 1-1' },
        { term: 'dubara', meaning: 'dublă de doi, 2-2' },
        { term: 'düşeş', meaning: 'dublă de șase, 6-6: „doi de șase”' },
        {
          term: 'şeş-beş',
          meaning: '6-5, cu turcescul beş pentru cinci; la noi șeș-beș, iar în Orientul Mijlociu chiar numele jocului',
        },
      ],
    },
    { kind: 'h', text: 'Alte cuvinte de la masa de joc' },
    {
      kind: 'terms',
      items: [
        { term: 'marț', meaning: 'victorie dublă: cel care pierde n-a scos niciun pul (mars în turcă, марс în rusă)' },
        {
          term: 'poartă',
          meaning: 'căsuță cu doi sau mai mulți puli de aceeași culoare, pe care adversarul nu se poate opri',
        },
        { term: 'oin (ойн)', meaning: 'victorie simplă la narde lungi' },
        {
          term: 'cap (голова)',
          meaning: 'căsuța de pornire la narde lungi, unde stau la început toți cei cincisprezece puli',
        },
        { term: 'mana (μάνα)', meaning: 'mama la plakoto: ultimul pul rămas pe căsuța de pornire' },
        { term: 'pips', meaning: 'o căsuță de drum; numărătoarea pipsurilor arată cât mai are de mers o tabără' },
      ],
    },
  ],
};
