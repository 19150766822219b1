import type { Catalogue } from '../../catalogue.js';
import type { siteEn } from './en.js';

/** Turkish strings of the 'site' section. */
export const siteTr: Pick<Catalogue, keyof typeof siteEn> = {
  meta: { title: 'Zar: tavla, uzun nard, tapa, fevga, gül bara' },
  nav: {
    main: 'Ana menü',
    play: 'Yeni oyun',
    lobby: 'Salon',
    leaderboard: 'Sıralama',
    learn: 'Öğren',
    history: 'Geçmiş',
    account: 'Hesap',
    language: 'Dil',
    skip: 'İçeriğe geç',
  },
  common: {
    loading: 'Yükleniyor…',
    retry: 'Tekrar dene',
    close: 'Kapat',
    cancel: 'Vazgeç',
    error: 'Bir şeyler ters gitti. Birazdan tekrar deneyin.',
    offline: 'Bağlantı koptu. Yeniden bağlanılıyor…',
    notFound: 'Böyle bir sayfa yok.',
    gameNotFound: 'Bu adreste bir oyun yok.',
    backHome: 'Ana sayfaya dön',
  },
};
