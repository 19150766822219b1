import type { Catalogue } from '../../catalogue.js';

/** Greek strings of the 'history' section. */
export const historyEl: Catalogue['history'] = {
  title: 'Ιστορικό',
  empty: 'Δεν έχεις παίξει ακόμα κανένα παιχνίδι.',
  date: 'Ημερομηνία',
  game: 'Παιχνίδι',
  opponent: 'Αντίπαλος',
  result: 'Αποτέλεσμα',
  won: 'νίκη',
  lost: 'ήττα',
  wonAbandoned: 'νίκη (ο αντίπαλος εγκατέλειψε)',
  lostAbandoned: 'ήττα (εγκατάλειψη)',
  open: 'σε εξέλιξη',
  view: 'Άνοιγμα',
  analyse: 'Ανάλυση',
  /** A match played offline in the browser and uploaded (its dice came from a seed the browser chose). */
  offline: 'Παίχτηκε εκτός σύνδεσης με το bot: φιλικός, χωρίς βαθμολογία, τα ζάρια του δεν αποδεικνύονται',
};
