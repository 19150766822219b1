import type { LearnPage } from '../../types.js';
import { GUL_BARA } from '../positions.js';

export const gulBara: LearnPage = {
  slug: 'gul-bara',
  title: 'Gül bara',
  summary:
    'Çiftlerin çığ gibi büyüdüğü Balkan yarışı: ilk ellerden sonra bir çift basamak basamak altılara kadar tırmanır.',
  blocks: [
    { kind: 'h', text: 'Diziliş ve hamle' },
    {
      kind: 'p',
      text: 'Tahta fevgadaki gibi dizilir: her oyuncunun 24. hanesinde on beş pul, çapraz köşelerde, iki ordu aynı yöne. Herhangi bir rakip pulunun durduğu hane kapalıdır ve kırma yoktur; ama baş kuralı da ilk pul kuralı da yoktur: ilk zardan itibaren istediğin pulu oynarsın.',
    },
    {
      kind: 'position',
      position: GUL_BARA.start,
      caption: 'Gül bara başlarken, zar Beyaz’da.',
    },
    {
      kind: 'p',
      text: 'Tek zarda büyük atan başlar ve sonra iki zarı yeniden atar. Bulgar döngüsünde sonraki oyuna bir önceki oyunun galibi başlar.',
    },
    { kind: 'h', text: 'Çift merdiveni' },
    {
      kind: 'p',
      text: 'Her oyuncunun ilk üç elinde çift her zamanki gibi, dört kez oynanır. Dördüncü elden itibaren çift bir merdiven başlatır: gelen sayıdan dört hamle, sonra bir sonrakinden dört, derken dört altıya kadar. Düşeş yalnızca dört altıdır; hep yek ise yirmi dört hamle eder, 1’den 6’ya her sayıdan dört.',
    },
    {
      kind: 'list',
      items: [
        'Basamaklar sırayla oynanır: bütün üçler herhangi bir dörtten önce.',
        'Bir sayı eksiksiz oynanamadığı anda merdiven durur, kalanı yanar. Bazı masalarda artan sayılar rakibe verilir; Zar’da verilmez.',
        'Merdiven pul toplarken de sürer.',
      ],
    },
    {
      kind: 'position',
      position: GUL_BARA.runBefore,
      caption:
        'Beyaz dubara (2-2) oynayacak, ilk eller çoktan geride kaldı. Yarışta Beyaz geride: 71 pipe karşı Siyah’ın 57’si.',
    },
    {
      kind: 'position',
      position: GUL_BARA.runAfter.position,
      lastMove: GUL_BARA.runAfter.lastMove,
      caption:
        'Merdiven: dört iki, dört üç, dört dört, dört beş, dört altı. Yirmi hamle son iki beyaz pulu eve getirip on beşini de toplar. Siyah tek pul toplamadı, yani Beyaz mars yapar, 2 puan; Siyah’a bir daha zar düşmez.',
    },
    { kind: 'h', text: 'Toplama ve puan' },
    {
      kind: 'p',
      text: 'Toplama olağan kurala uyar. Galibiyet 1 puan, kaybeden hiçbir şey toplamamışsa mars 2 puan. Küp yok, üçlü galibiyet yok. Bulgaristan’da gül bara tabla, gül bara, tapa döngüsünün ortadaki oyunudur ve genellikle 5 puana oynanır.',
    },
  ],
};
