import type { Catalogue } from '../../catalogue.js';

export const tableRo: Catalogue['table'] = {
  side: 'Panoul partidei',
  resignTitle: 'Abandonezi această partidă?',
  resignNote: 'Adversarul poate accepta oferta sau poate juca mai departe.',
  resignAs: { 1: 'Abandonează o partidă simplă', 2: 'Abandonează cu marț', 3: 'Abandonează cu backgammon' },
  resignScores: '{as}: adversarul primește {points}',
  keepPlaying: 'Joc mai departe',
  opening: 'Zarul de început: Albul {w}, Negrul {b}. Începe {name}.',
  openingYou: 'Zarul de început: Albul {w}, Negrul {b}. Începi tu.',
  openingTie: 'Zarul de început: amândoi au dat {n}. Se aruncă din nou.',
  noPlay: '{name} a dat {dice}: nicio mutare posibilă.',
  noPlayYou: 'Ai dat {dice}: nicio mutare posibilă.',
  played: '{name} a dat {dice} și a mutat {play}.',
  playedYou: 'Ai dat {dice} și ai mutat {play}.',
  forced: 'Era singura mutare posibilă.',
  hit: 'O piesă a fost lovită.',
  pinned: 'O piesă a fost blocată (prinsă).',
  forcedNow: 'Mutare forțată: {play} este singura ta mutare posibilă.',
  runNext: 'Seria de dubluri continuă: acum {dice}.',
  oppOff: 'Piesele scoase ale adversarului: {n}',
  shortcuts: 'Taste: R aruncă, D dublează, T accepți, P refuzi, U anulează, C confirmă, Esc închide o fereastră.',
};
