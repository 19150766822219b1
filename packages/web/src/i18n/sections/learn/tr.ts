import type { Catalogue } from '../../catalogue.js';

/** Turkish strings of the 'learn' section. */
export const learnTr: Catalogue['learn'] = {
  title: 'Öğren',
  intro: 'Beş oyunun kuralları, strateji, kültür ve zar aritmetiği.',
  rules: 'Kurallar',
  more: 'Daha fazlası',
  lastMove: 'Son hamle: {play}',
  pipsLine: 'Pip: sırası gelen taraf {mover}, diğer taraf {other}',
  sum: 'Toplam',
  ways: '36 atışta kaç kez',
  chance: 'Olasılık',
  distance: 'Uzaklık',
  shots: 'Kıran atışlar (36 atışta)',
  diceSumsCaption: 'İki zarın her toplamının ne sıklıkla geldiği.',
  shotsCaption: 'Açık pula uzaklığa göre doğrudan atışlar: tek kıran pul, arada engel yok.',
  missing: 'Bu sayfa henüz dilinizde yok.',
};
