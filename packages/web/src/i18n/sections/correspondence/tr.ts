import type { Catalogue } from '../../catalogue.js';

export const correspondenceTr: Catalogue['correspondence'] = {
  perMove: { one: 'hamle başına {n} gün', other: 'hamle başına {n} gün' },
  explain:
    'Her hamlenin kendi günleri var; artan süre sonrakine aktarılmaz. Sayfayı kapatıp sıra sana gelince dön: süresi biten maçı kaybeder.',
  daysHours: '{d} g {h} sa',
  hoursMinutes: '{h} sa {m} dk',
  minutes: '{m} dk',
  pool: '{name} · yazışmalı',
  ratingsNote:
    'Yazışmalı maçlar her oyun için kendi puan havuzunda derecelendirilir (“Tavla · yazışmalı”): günlerce düşünülen bir hamle, bir akşamda oynanan oyundan farklıdır.',
  list: 'Yazışmalı maçların',
  yourTurn: 'Sıra sende',
  theirTurn: 'Sıra rakipte',
  against: 'rakip: {name}',
  noOpponent: 'Rakip bekleniyor',
  score: 'Skor {own}–{opponent}',
  left: '{time} kaldı',
  noClock: 'Saat durdu',
  moved: '{name} oynadı: sıra sende',
  offer: 'Zar arka plandayken sıra sana geldiğinde bildirim almak ister misin?',
  turnOn: 'Bildirimleri aç',
  dismiss: 'Hayır, teşekkürler',
  setting: 'Yazışmalı bir maçta sıra bana geldiğinde bana haber ver',
  blocked: 'Tarayıcı Zar’ın bildirimlerini engelliyor: site ayarlarından izin ver.',
  missing: 'Bu tarayıcı bildirim gösteremiyor.',
};
