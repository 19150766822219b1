import type { Catalogue } from '../../catalogue.js';

/** Turkish strings of the 'history' section. */
export const historyTr: Catalogue['history'] = {
  title: 'Geçmiş',
  empty: 'Henüz hiç oyun oynamadınız.',
  date: 'Tarih',
  game: 'Oyun',
  opponent: 'Rakip',
  result: 'Sonuç',
  won: 'kazandınız',
  lost: 'kaybettiniz',
  wonAbandoned: 'kazandınız (rakip oyunu terk etti)',
  lostAbandoned: 'kaybettiniz (oyunu terk ettiniz)',
  open: 'sürüyor',
  view: 'Aç',
  analyse: 'Analiz',
  /** A match played offline in the browser and uploaded (its dice came from a seed the browser chose). */
  offline: 'Bota karşı çevrimdışı oynandı: dostluk maçı, puansız, zarları kanıtlanamaz',
};
