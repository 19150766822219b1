import type { Catalogue } from '../../catalogue.js';

/** Romanian strings of the 'players' section. */
export const playersRo: Catalogue['players'] = {
  leaderboard: 'Clasament',
  leaderboardIntro: 'Cei mai buni jucători la {pool} care au jucat un meci cu rating în ultimele 30 de zile.',
  pool: 'Jocul',
  rank: 'Locul',
  player: 'Jucător',
  rating: 'Rating',
  matches: 'Meciuri',
  winRate: 'Victorii',
  emptyBoard: 'Nimeni nu a jucat un meci cu rating la {pool} în ultimele 30 de zile. Joacă unul și fii primul aici.',
  howRated: 'Cum se calculează ratingul',
  since: 'Joacă din {date}.',
  notFound: 'Nu există niciun jucător cu acest nume.',
  ratings: 'Ratinguri',
  noRatings: 'Încă niciun meci cu rating.',
  ratingNow: 'Rating {rating}',
  record: {
    one: '{n} meci cu rating, câștigate {wins}',
    few: '{n} meciuri cu rating, câștigate {wins}',
    other: '{n} de meciuri cu rating, câștigate {wins}',
  },
  experience: 'Experiență {n}',
  graphTitle: 'Ratingul la {pool} după fiecare meci cu rating',
  graphDesc: '{count} meciuri cu rating, de la {from} la {to}. Minim {min}, maxim {max}, acum {last}.',
  graphOne: 'Un singur meci cu rating: ratingul este acum {last}.',
  perGame: 'Meciuri pe joc',
  perGameNone: 'Încă niciun meci terminat împotriva oamenilor.',
  abandonment: 'Meciuri abandonate',
  abandoned: {
    one: 'A abandonat {abandoned} din {n} meci ({share}).',
    few: 'A abandonat {abandoned} din {n} meciuri ({share}).',
    other: 'A abandonat {abandoned} din {n} de meciuri ({share}).',
  },
  abandonedNote:
    'Un meci pierdut pe timp în timp ce era deconectat, sau revendicat de adversar după ce jucătorul a încetat să joace.',
  pr: 'PR mediu',
  prLine: {
    one: '{pr} pe {n} meci de table analizat.',
    few: '{pr} pe {n} meciuri de table analizate.',
    other: '{pr} pe {n} de meciuri de table analizate.',
  },
  prNone: 'Niciun meci analizat.',
  prNote: 'Performance rating: echitatea pierdută pe decizie, înmulțită cu 500. Mai mic înseamnă mai bine.',
  prGames: 'PR pe joc',
  prGameLine: '{game}: {pr} (meciuri analizate: {n})',
  prGameNote: 'Fiecare meci între doi oameni este analizat după ce se termină.',
  recent: 'Meciuri recente',
  recentNone: 'Încă niciun meci terminat.',
  yourProfile: 'Profilul tău',
  explain: {
    title: 'Cum se calculează ratingul',
    lead: 'Zar calculează ratingul cu formula FIBS, folosită de serverele de table din anii 1990. Fiecare joc are ratingul său, la fel fiecare ciclu mixt; toată lumea pornește de la {initial}.',
    who: 'Se calculează doar meciurile alese cu rating la creare, și doar între două conturi înregistrate. Meciurile amicale și cele împotriva calculatorului nu schimbă ratingul. Un meci pierdut pe timp, sau revendicat de adversar după ce jucătorul a încetat să joace, contează ca pierdere.',
    formula: 'Formula',
    upset:
      'Șansa ca jucătorul cu rating mai mic să câștige un meci de n puncte, unde D este diferența dintre cele două ratinguri:',
    k: 'Factorul de experiență K al fiecărui jucător, unde experiența este lungimea totală a meciurilor sale cu rating anterioare la acest joc: ratingul unui jucător nou se mișcă repede, iar de la 400 de puncte de experiență K rămâne 1.',
    change:
      'Câștigătorul primește și învinsul pierde atât, fiecare cu propriul K. P este șansa unei surprize când câștigă favoritul și șansa pe care o avea favoritul când câștigă celălalt: o victorie așteptată valorează puțin, o surpriză mult.',
    length:
      'Un meci mai lung lasă priceperea să se vadă mai bine, deci o diferență de rating contează mai mult în el, iar schimbarea crește cu √n.',
    example: 'Un exemplu calculat',
    setup:
      'Un jucător cu ratingul {a} învinge un jucător cu ratingul {b} într-un meci de {n} puncte. Amândoi au peste 400 de puncte de experiență, deci K = 1 pentru fiecare.',
    stepD: 'D = {d} și √n = {sqrt}.',
    stepP: 'Șansa unei surprize: P = {p}.',
    stepFavourite:
      'A câștigat favoritul: fiecare rating se schimbă cu 4 × 1 × {sqrt} × {p} = {change}. Ratinguri noi: {a2} și {b2}.',
    stepUpset:
      'Dacă ar fi câștigat jucătorul cu ratingul {b}, fiecare s-ar fi schimbat cu 4 × 1 × {sqrt} × {q} = {change}. Ratinguri noi: {b2} și {a2}.',
    newPlayer: 'Un jucător nou',
    newSetup:
      'Un jucător nou (experiență 0, deci K = {k}) cu ratingul {b} învinge un jucător cu ratingul {a} și K = 1, într-un meci de {n} puncte.',
    newStep:
      'Jucătorul nou câștigă 4 × {k} × {sqrt} × {q} = {gain} și ajunge la {b2}; adversarul său pierde {loss} și coboară la {a2}. Cât timp un jucător este nou, cele două schimbări diferă.',
  },
};
