import type { Catalogue } from '../../catalogue.js';

export const welcomeTr: Catalogue['welcome'] = {
  title: 'Tavla ve ailesi, kendi dilinizde',
  lead: 'Balkanlar’dan Kafkasya’ya oynanan beş oyun: bilgisayara karşı, bir bağlantıyla arkadaşınızla ya da lobide herkesle.',
  games: 'Bir oyun seçin',
  special: {
    backgammon: 'Dünyanın oyunu: açık pulları kırın, kapı dizin, katlama küpü bahsi yükseltir.',
    'long-nardy': 'Kırma yok: tek pul bir haneyi kapatır ve her turda baştan yalnızca bir pul çıkabilir.',
    plakoto: 'Tek pulun üstüne gelip onu esir alın; son pulunu başladığı hanede esir alan kazanır.',
    fevga: 'Kırma yok: ilk pulunuz rakibin başlangıç hanesini geçmeden başka pul oynayamazsınız.',
    'gul-bara': 'İlk turlardan sonra çiftler tırmanır: 3‑3 atan 3‑3, 4‑4, 5‑5 ve 6‑6 oynar.',
  },
  choose: 'Oyna',
  chooseLabel: '{game} oyununu hazırla',
  learn: 'Nasıl oynanır',
  learnLabel: '{game} nasıl oynanır',
  preview: '{game} başlangıç dizilişi',
  playing: {
    one: 'Şu anda {n} oyun oynanıyor',
    other: 'Şu anda {n} oyun oynanıyor',
  },
  waiting: {
    one: 'Lobide {n} açık oyun rakip bekliyor',
    other: 'Lobide {n} açık oyun rakip bekliyor',
  },
  again: 'Yeniden oyna',
  againLabel: 'Son ayarlarla yeniden oyna: {what}',
  last: 'Son ayarlar: {what}',
  setup: 'Oyununuzu hazırlayın',
};
