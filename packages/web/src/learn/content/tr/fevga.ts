import type { LearnPage } from '../../types.js';
import { FEVGA } from '../positions.js';

export const fevga: LearnPage = {
  slug: 'fevga',
  title: 'Fevga (mültezim)',
  summary:
    'Yunan tavlisinin üçüncü oyunu, bizdeki mültezimin ikizi: kırmasız, aynı yöne bir yarış; ilk pul kaçmadan diğerleri yola çıkamaz.',
  blocks: [
    { kind: 'h', text: 'Diziliş' },
    {
      kind: 'p',
      text: 'İki oyuncu da on beş pulunu kendi 24. hanesine, çapraz köşelere dizer ve aynı yönde yürür. Rakip senin 12. hanenden yola çıkar, onun evi de senin 13–18. hanelerindir. Tek bir rakip pulu haneyi kapatır; kimse hiçbir zaman kırılmaz.',
    },
    {
      kind: 'position',
      position: FEVGA.start,
      caption: 'Fevga başlarken, zar Beyaz’da. İki yığın tahtanın iki ucundan birbirine bakıyor.',
    },
    {
      kind: 'p',
      text: 'İkisi de tek zar atar; büyük sayı başlar ve iki zarı yeniden atar. Maçın sonraki oyunlarına bir önceki galip başlar.',
    },
    { kind: 'h', text: 'İlk pul' },
    {
      kind: 'p',
      text: 'İlk pulun rakibin başlangıç hanesini geçene, yani senin 11. hanene ya da daha ilerisine varana kadar başka hiçbir pulu oynayamazsın. O ellerin bütün zarları onundur; onun kullanamadığı zar düpedüz yanar.',
    },
    {
      kind: 'position',
      position: FEVGA.opening66.position,
      lastMove: FEVGA.opening66.lastMove,
      caption:
        'Beyaz düşeşle açtı. İlk pul 24/18 gider, ama 18/12 Siyah’ın başlangıç hanesine basardı ve başka pulun henüz yola çıkma izni yok; üç altı yanar. Zar Siyah’ta.',
    },
    { kind: 'h', text: 'Duvarlar' },
    {
      kind: 'p',
      text: 'Kendi başlangıç çeyreğinin, 19–24, altı hanesinin hepsini aynı anda tutamazsın. Başka yerlerde art arda altı hane serbesttir, ama rakibin tahtada kalan bütün pulları böyle bir duvarın arkasındaki tek hanede duruyorsa, duvarı bir sonraki elinde açmak zorundasın.',
    },
    {
      kind: 'position',
      position: FEVGA.startQuarter,
      caption:
        'Beyaz 5-1 oynayacak. 24, 23, 22, 21 ve 20 onun; bu yüzden 24/19 bütün başlangıç çeyreğini doldururdu ve tek başına yasak. Ancak bu hanelerden birini boşaltan bir birle, örneğin 24/19 21/20 olarak, oynanabilir.',
    },
    { kind: 'h', text: 'Toplama ve puan' },
    {
      kind: 'p',
      text: 'On beş pul da evdeyken tavladaki gibi toplarsın. Galibiyet 1 puan, kaybeden tek pul bile toplamamışsa mars, 2 puan. Küp ve üçlü galibiyet yoktur. Yunan tavlisinde fevga portes ve plakotodan sonra gelir, biri hedefe, genellikle 5 ya da 7 puana varana dek döngü yeniden başlar.',
    },
  ],
};
