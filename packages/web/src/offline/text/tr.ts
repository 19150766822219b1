import type { OfflineText } from './en.js';

export const offlineTr: OfflineText = {
  title: 'Bilgisayara karşı çevrimdışı oyna',
  intro:
    'Maç bu tarayıcıda, bağlantı olmasa bile oynanır ve her hamleden sonra burada saklanır. Dostluk maçıdır, puansızdır.',
  download: 'Bu oyunun bilgisayarı bir kez indirilir, yaklaşık {size}, ve çevrimdışı oyun için saklanır.',
  start: 'Maçı başlat',
  resume: 'Maçına devam et',
  newMatch: 'Yeni çevrimdışı maç',
  thinking: 'Bilgisayar düşünüyor…',
  storage: 'Bu tarayıcı Zar’ın maçı saklamasına izin vermiyor: maç yalnızca bu sayfa açık kaldıkça sürer.',
  exportMat: '.mat indir',
  exportJson: 'Zar JSON indir',
  upload: 'Geçmişime ekle',
  uploading: 'Ekleniyor…',
  uploaded: 'Geçmişine eklendi.',
  signIn: 'Bu maçı geçmişine eklemek için giriş yap.',
  needsConnection: 'Geçmişe eklemek için bağlantı gerekir.',
  played: 'Çevrimdışı: dostluk maçı, puansız, zarlar kanıtlanamaz',
  badSetup: 'Bu çevrimdışı maç kurulamıyor: ana sayfadan yeniden seç.',
};
