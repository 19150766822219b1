import type { Catalogue } from '../../catalogue.js';
import type { setupEn } from './en.js';

/** Turkish strings of the 'setup' section. */
export const setupTr: Pick<Catalogue, keyof typeof setupEn> = {
  levels: { beginner: 'Acemi', casual: 'Amatör', club: 'Kulüp', expert: 'Uzman', master: 'Usta' },
  home: {
    intro:
      'Bilgisayara karşı oynayın, bir arkadaşınıza davet bağlantısı gönderin ya da salonda herkese açık bir oyun açın.',
    game: 'Oyun',
    mixed: 'Karışık maçlar',
    rules: 'Kurallar',
    length: 'Maç uzunluğu',
    money: 'Tek tek oyunlar, puan sınırı yok',
    opponent: 'Rakip',
    bot: 'Bilgisayar',
    friend: 'Bir arkadaş (davet bağlantısı)',
    open: 'Herkes (salon)',
    level: 'Bilgisayar seviyesi',
    start: 'Başla',
    starting: 'Başlatılıyor…',
    /** The choice to play the computer in the browser, with no server (offline play). */
    offline: 'Çevrimdışı, bu tarayıcıda (dostluk maçı; bilgisayar bir kez indirilir)',
    /** Offered when a game cannot be started for want of a connection. */
    offlineInstead: 'Bağlantı yok mu? Bilgisayara karşı çevrimdışı oyna',
  },
  invite: {
    title: 'Davet',
    joining: 'Oyuna katılınıyor…',
    failed: 'Bu davet kullanılamıyor: {message}',
  },
};
