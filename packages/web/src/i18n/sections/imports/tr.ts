import type { Catalogue } from '../../catalogue.js';

/** Turkish strings of the 'imports' section. */
export const importsTr: Catalogue['imports'] = {
  title: 'Maç içe aktar',
  intro:
    'Başka bir yerde oynanmış bir maçı yükleyin: bir .mat dosyası (gnubg, eXtreme Gammon, JellyFish ve büyük siteler bunları dışa aktarır), gnubg’nin kaydettiği bir .sgf ya da en fazla 1 MB bir Zar JSON kaydı. Zar onu hamle hamle denetler; sonra tekrar izleyebilir ve analizini isteyebilirsiniz.',
  link: 'Bir dosyadan maç içe aktar',
  file: 'Dosya',
  paste: 'Ya da metnini yapıştırın',
  submit: 'Denetle ve içe aktar',
  checking: 'Denetleniyor…',
  empty: 'Önce bir dosya seçin ya da metnini yapıştırın.',
  tooLarge: 'Bu dosya 1 MB’tan büyük.',
  atLine: 'Satır {line}: {text}',
  unchecked: 'Bundan sonrası denetlenemez.',
  others: 'Bu satırlar da okunamıyor:',
  yours: 'İçe aktardığınız maçlar',
  none: 'Henüz hiç maç içe aktarmadınız.',
  replay: 'Tekrar izle',
  analysis: 'Analiz',
  another: 'Başka bir maç içe aktar',
  errors: {
    ERR_JSON: 'Bu dosya geçerli bir JSON değil.',
    ERR_MAT_EMPTY: 'Bu bir .mat dosyası değil ya da hiç oyun içermiyor.',
    ERR_MAT_HEADER: 'Dosya “N point match” ile başlamalı; ama “{found}” var.',
    ERR_MAT_SYNTAX: 'Bu satır okunamıyor: “{found}”.',
    ERR_MAT_SCORE: 'Dosya skoru {given} veriyor, ama önceki oyunlar {expected} ediyor.',
    ERR_MAT_ILLEGAL_MOVE: '{player} {dice} atıyor ve dosya “{move}” oynuyor; bu orada kurallara aykırı.',
    ERR_MAT_ILLEGAL_ACTION: '{player} oyuncusunun “{action}” hamlesine oyunun o anında izin verilmiyor.',
    ERR_MAT_CUBE: 'Küp burada {value} değil, {expected} olur.',
    ERR_MAT_RESULT: 'Dosya bu oyunu {player} için {points} sayıyor; hamleleri bunu vermiyor.',
    ERR_MAT_TRUNCATED: 'Dosya, {game}. oyun ya da maç bitmeden sona eriyor.',
    ERR_RECORD_VERSION: 'Bu Zar kaydının sürümü {version}; Zar 1. sürümü okur.',
    ERR_RECORD_SHAPE: 'Bu Zar kaydı “{field}” alanında hatalı.',
    ERR_RECORD_ILLEGAL: 'Kurallar, kaydın {number} numaralı hamlesine izin vermiyor.',
  },
};
