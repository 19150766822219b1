import type { Catalogue } from '../../catalogue.js';

/** Turkish strings of the 'players' section. */
export const playersTr: Catalogue['players'] = {
  leaderboard: 'Sıralama',
  leaderboardIntro: 'Son 30 günde puanlı maç oynamış en yüksek puanlı {pool} oyuncuları.',
  pool: 'Oyun',
  rank: 'Sıra',
  player: 'Oyuncu',
  rating: 'Puan',
  matches: 'Maç',
  winRate: 'Kazanma oranı',
  emptyBoard: 'Son 30 günde kimse puanlı {pool} maçı oynamadı. Bir tane oynayın, burada ilk siz olun.',
  howRated: 'Puanlar nasıl hesaplanır',
  since: '{date} tarihinden beri oynuyor.',
  notFound: 'Bu adla bir oyuncu yok.',
  ratings: 'Puanlar',
  noRatings: 'Henüz puanlı maç yok.',
  ratingNow: 'Puan {rating}',
  record: { one: '{n} puanlı maç, {wins} galibiyet', other: '{n} puanlı maç, {wins} galibiyet' },
  experience: 'Deneyim {n}',
  graphTitle: 'Her puanlı maçtan sonra {pool} puanı',
  graphDesc: '{from} ile {to} arasında {count} puanlı maç. En düşük {min}, en yüksek {max}, şimdi {last}.',
  graphOne: 'Tek bir puanlı maç: puan şimdi {last}.',
  perGame: 'Oyunlara göre maçlar',
  perGameNone: 'İnsanlara karşı henüz biten maç yok.',
  abandonment: 'Terk edilen maçlar',
  abandoned: {
    one: '{n} maçın {abandoned} tanesini terk etti ({share}).',
    other: '{n} maçın {abandoned} tanesini terk etti ({share}).',
  },
  abandonedNote:
    'Bağlantısı kopukken süresi biterek kaybettiği ya da oynamayı bıraktıktan sonra rakibinin talep ettiği maç.',
  pr: 'Ortalama PR',
  prLine: {
    one: 'Analiz edilmiş {n} tavla maçında {pr}.',
    other: 'Analiz edilmiş {n} tavla maçında {pr}.',
  },
  prNone: 'Analiz edilmiş maç yok.',
  prNote: 'Performans puanı: karar başına kaybedilen değerin 500 katı. Düşük olan daha iyidir.',
  prGames: 'Oyuna göre PR',
  prGameLine: '{game}: {pr} (analiz edilen maç: {n})',
  prGameNote: 'İki kişi arasındaki her maç bittikten sonra analiz edilir.',
  recent: 'Son maçlar',
  recentNone: 'Henüz biten maç yok.',
  yourProfile: 'Profiliniz',
  explain: {
    title: 'Puanlar nasıl hesaplanır',
    lead: 'Zar maçları, tavla sunucularının 1990’lardan beri kullandığı FIBS formülüyle puanlar. Her oyunun ve her karma döngünün kendi puanı vardır; herkes {initial} ile başlar.',
    who: 'Yalnızca açılırken puanlı seçilen maçlar, yalnızca iki kayıtlı hesap arasında puanlanır. Dostluk maçları ve bilgisayara karşı maçlar puanı değiştirmez. Süre bitince kaybedilen ya da oyuncu oynamayı bıraktıktan sonra rakibin talep ettiği maç yenilgi sayılır.',
    formula: 'Formül',
    upset: 'Puanı düşük oyuncunun n puanlık bir maçı kazanma olasılığı; D iki puan arasındaki farktır:',
    k: 'Her oyuncunun deneyim katsayısı K; deneyim, oyuncunun bu oyundaki önceki puanlı maçlarının toplam uzunluğudur: yeni oyuncunun puanı hızlı değişir, 400 puanlık deneyimden sonra K 1 olarak kalır.',
    change:
      'Kazanan bu kadar kazanır, kaybeden bu kadar kaybeder, her biri kendi K’sıyla. P, favori kazandığında sürpriz olasılığı, diğeri kazandığında favorinin sahip olduğu olasılıktır: beklenen bir galibiyet az, bir sürpriz çok değerlidir.',
    length:
      'Uzun bir maç beceriyi daha çok gösterir, bu yüzden puan farkı orada daha çok şey anlatır ve değişim √n ile büyür.',
    example: 'Hesaplanmış bir örnek',
    setup:
      '{a} puanlı bir oyuncu {n} puanlık bir maçta {b} puanlı bir oyuncuyu yener. İkisinin de 400 puanın üzerinde deneyimi var, yani ikisi için de K = 1.',
    stepD: 'D = {d} ve √n = {sqrt}.',
    stepP: 'Sürpriz olasılığı: P = {p}.',
    stepFavourite:
      'Favori kazandı: her puan 4 × 1 × {sqrt} × {p} = {change} kadar değişir. Yeni puanlar: {a2} ve {b2}.',
    stepUpset:
      '{b} puanlı oyuncu kazansaydı, her puan 4 × 1 × {sqrt} × {q} = {change} kadar değişirdi. Yeni puanlar: {b2} ve {a2}.',
    newPlayer: 'Yeni bir oyuncu',
    newSetup:
      '{b} puanlı yeni bir oyuncu (deneyim 0, yani K = {k}), {n} puanlık bir maçta K = 1 olan {a} puanlı bir oyuncuyu yener.',
    newStep:
      'Yeni oyuncu 4 × {k} × {sqrt} × {q} = {gain} kazanır ve {b2} olur; rakibi {loss} kaybeder ve {a2} olur. Bir oyuncu yeniyken iki değişim farklıdır.',
  },
};
