import type { Catalogue } from '../../catalogue.js';

/** Turkish strings of the 'analysis' section. */
export const analysisTr: Catalogue['analysis'] = {
  title: 'Maç analizi',
  back: 'Maça dön',
  queued: 'Analiz sırası bekleniyor (önde {n})…',
  running: 'Maç analiz ediliyor…',
  depth: 'Her karar, botun {plies} ply derinlikte bulduğu en iyi hamleyle karşılaştırılır.',
  player: 'Oyuncu',
  decisions: 'Kararlar',
  errorRate: 'Hata oranı',
  errorRateLong: 'Karar başına kaybedilen ekuite, binde olarak (mEMG)',
  pr: 'PR',
  prLong: 'Performans puanı: karar başına kaybedilen ekuite × 500; düşük olan iyidir',
  luck: 'Şans',
  luckLong:
    'Şans: zarlarının ortalama bir zarın üstünde kazandırdığı ekuitenin toplamı (EMG); artı: ortalamadan şanslı',
  show: 'Göster',
  filters: {
    marked: 'Şüpheli hamleler, hatalar ve büyük hatalar',
    errors: 'Hatalar ve büyük hatalar',
    all: 'Tüm kararlar',
  },
  none: 'Bu türden karar yok: iyi oynandı.',
  gameN: 'Oyun {n}',
  best: 'en iyisi',
  marks: {
    doubtful: 'Şüpheli',
    error: 'Hata',
    blunder: 'Büyük hata',
  },
  cube: {
    'no-double': 'Katlama yok',
    double: 'Katla',
    take: 'Kabul et',
    drop: 'Reddet',
    beaver: 'Beaver',
  },
  cubeLine: {
    'no-double': 'Katlama yok',
    'double-take': 'Katla, kabul',
    'double-drop': 'Katla, ret',
  },
  doublerView: 'Katlayabilecek tarafın ekuiteleri',
  play: 'Hamle',
  equity: 'Ekuite',
  played: 'oynanan',
  cubeDecisions: 'Katlama kararları',
  otherGames: {
    errorRateLong: 'Karar başına kaybedilen ekuite, binde olarak (1 = bir normal oyun galibiyeti)',
    prLong:
      'Performans puanı: karar başına kaybedilen ekuite × 500; düşük olan iyidir. Yalnızca aynı oyunun maçlarıyla karşılaştırın.',
    luckLong:
      'Şans: zarlarının ortalama bir zarın üstünde kazandırdığı ekuitenin toplamı (1 = bir normal oyun galibiyeti); artı: ortalamadan şanslı',
  },
};
