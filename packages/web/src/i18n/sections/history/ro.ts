import type { Catalogue } from '../../catalogue.js';

/** Romanian strings of the 'history' section. */
export const historyRo: Catalogue['history'] = {
  title: 'Istoric',
  empty: 'Nu ai jucat încă nicio partidă.',
  date: 'Data',
  game: 'Jocul',
  opponent: 'Adversar',
  result: 'Rezultat',
  won: 'câștigat',
  lost: 'pierdut',
  wonAbandoned: 'câștigat (adversarul a abandonat)',
  lostAbandoned: 'pierdut (abandonat)',
  open: 'în desfășurare',
  view: 'Deschide',
  analyse: 'Analiză',
  /** A match played offline in the browser and uploaded (its dice came from a seed the browser chose). */
  offline: 'Jucat offline cu botul: amical, fără rating, zarurile lui nu pot fi dovedite',
};
