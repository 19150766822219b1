import type { LearnPage } from '../../types.js';
import { PLAKOTO } from '../positions.js';

export const plakoto: LearnPage = {
  slug: 'plakoto',
  title: 'Tapa (plakoto)',
  summary:
    'Pul hapsetme oyunu, Yunanistan’da plakoto, Arap dünyasında mahbusa: tek duran pulun üstüne konarsan o pul altında hapsolur.',
  blocks: [
    { kind: 'h', text: 'Diziliş' },
    {
      kind: 'p',
      text: 'Her oyuncu on beş pulunun hepsiyle kendi 24. hanesinden başlar; bu hane rakibin evinin köşesindedir. İki taraf tavladaki gibi ters yönde yürür ve ikisi de her şeyi eve getirip toplamaya çalışır.',
    },
    {
      kind: 'position',
      position: PLAKOTO.start,
      caption: 'Tapa başlarken: her tarafın pulları karşı evin köşesinde. Zar Beyaz’da.',
    },
    {
      kind: 'p',
      text: 'İkisi de tek zar atar; büyük atan başlar ve iki zarı yeniden atar. Maçta sonraki oyuna bir önceki oyunun galibi başlar.',
    },
    { kind: 'h', text: 'Kırmak yerine tapa' },
    {
      kind: 'p',
      text: 'Rakibin tek duran pulunun üstüne konarsan onu tapalarsın: pul hanesinde, seninkinin altında kalır ve senin pulların üstünden tamamen kalkana kadar kıpırdayamaz. Bara hiçbir şey gitmez. Tapayı tuttuğun sürece hane senindir: rakip oraya konamaz, sen ise üstüne istediğin kadar kendi pulunu koyabilirsin.',
    },
    {
      kind: 'p',
      text: 'Bir hane sana iki durumda kapalıdır: rakibin orada iki ya da daha fazla pulu varsa veya orada senin bir pulunu tapalamışsa. Geri kalanında zarlar tavladaki gibi oynanır: mümkünse iki sayı da, yalnızca biri gidiyorsa büyüğü, oynanamayan sayılar yanar.',
    },
    {
      kind: 'position',
      position: PLAKOTO.blot,
      caption:
        'Beyaz 2-1 oynayacak. Siyah’ın Beyaz’ın 11. hanesinde tek bir pulu var, Beyaz’ın 13’teki ikilisinin iki hane önünde.',
    },
    {
      kind: 'position',
      position: PLAKOTO.pinned.position,
      lastMove: PLAKOTO.pinned.lastMove,
      caption:
        'Beyaz 24/23 13/11* oynadı: Siyah pul bir beyazın altında tapalandı ve beyaz kalkana kadar kıpırdayamaz. Zar Siyah’ta; o haneye de konamaz.',
    },
    { kind: 'h', text: 'Ana pul' },
    {
      kind: 'p',
      text: 'Başlangıç hanende kalan son pula ana denir (Yunanca μάνα). Rakip anayı tapalarsa oyun orada biter ve 2 puan kaybedersin. İstisna: tapalayanın kendi başlangıç hanesinde hâlâ bir pulu varsa oyun sürer; sen de sonra onun anasını tapalarsan oyun berabere biter. Bazı masalarda istisnasız oynanır; Zar’da istisna, aksini seçmedikçe açıktır.',
    },
    {
      kind: 'position',
      position: PLAKOTO.motherAlone,
      caption:
        'Beyaz 2-1 oynayacak. Siyah’ın anası başlangıç hanesinde, yani Beyaz’ın 1. hanesinde tek başına duruyor; Beyaz’ın ise kendi başlangıç hanesinde hiç pulu kalmadı.',
    },
    {
      kind: 'position',
      position: PLAKOTO.motherPinned.position,
      lastMove: PLAKOTO.motherPinned.lastMove,
      caption:
        'Beyaz 3/1* 2/1 oynadı ve anayı tapaladı. Sıra Siyah’a geçecekti ama oyun çoktan bitti: Beyaz 2 puan kazanır.',
    },
    { kind: 'h', text: 'Toplama ve puan' },
    {
      kind: 'p',
      text: 'On beş pulun hepsi evdeyken ve hiçbiri tapalı değilken toplayabilirsin; geride kalmış bir rakip pulunun geç tapaladığı pul, kurtulana kadar toplamanı durdurur. Kural bildiğimiz gibidir: tam hane, yoksa yukarıdan hamle, o da yoksa en yüksek dolu hane.',
    },
    {
      kind: 'list',
      items: [
        'Galibiyet, 1 puan: kaybeden en az bir pul toplamış.',
        'Mars, 2 puan: kaybeden hiç pul toplamamış.',
        'Tapalanmış ana: 2 puan, oyun hemen biter.',
      ],
    },
    {
      kind: 'p',
      text: 'Küp de üçlü galibiyet de yoktur. Yunan tavlisinde plakoto portes, plakoto, fevga döngüsünün ikinci oyunudur; Bulgaristan’da tapa tabla, gül bara, tapa döngüsünü kapatır.',
    },
  ],
};
