import type { LearnPage } from '../../types.js';
import { LONG_NARDY } from '../positions.js';

export const longNardy: LearnPage = {
  slug: 'long-nardy',
  title: 'Uzun nard',
  summary: 'Rusya’nın ve Kafkasya’nın büyük oyunu: herkes “baş”tan çıkar, iki taraf aynı yöne yürür, kimse kırılmaz.',
  blocks: [
    { kind: 'h', text: 'Diziliş ve yön' },
    {
      kind: 'p',
      text: 'Her oyuncu on beş pulunun hepsini kendi 24. hanesine, yani başa (Rusça голова) dizer. İki baş çapraz köşelerde durur ve iki ordu aynı yönde yürür; bu yüzden rakibin başı senin 12. hanendir, onun evi de senin 13–18. hanelerin. Senin evin her zamanki gibi 1–6.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.start,
      caption: 'Uzun nard başlarken: her başta on beş pul. Zar Beyaz’da.',
    },
    {
      kind: 'p',
      text: 'İkisi de tek zar atar, büyük atan başlar; Zar’da kazanan ilk hamlesi için iki zarı yeniden atar. Maçın sonraki oyunlarına bir önceki oyunu kazanan başlar.',
    },
    { kind: 'h', text: 'Kırmasız hamleler' },
    {
      kind: 'p',
      text: 'Zarlar tavladaki gibi oynanır: her zara bir hamle, çifte dört hamle, arada duracak yeri varsa aynı pul iki sayıyı da alabilir. Değişen şey kapatmadır: bir haneyi sana kapatmak için rakibin tek pulu yeter. Kırma da bar da yoktur. Mümkünse iki zar da oynanır, yalnızca biri gidiyorsa büyüğü.',
    },
    { kind: 'h', text: 'Baş kuralı' },
    {
      kind: 'p',
      text: 'Bir elde baştan yalnızca bir pul inebilir. O pul zarın götürdüğü kadar uzağa gidebilir ama ikinci pul yerinde kalır. Tek istisna her oyuncunun ilk elindedir: 6-6, 4-4 ya da 3-3 gelirse iki pul inebilir, çünkü tek bir pul dört sayıyı zaten oynayamaz; rakibin senin 12. hanendeki başı yolunu keser.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.opening66.position,
      lastMove: LONG_NARDY.opening66.lastMove,
      caption:
        'Beyaz düşeşle açtı ve 24/18(2) oynadı: ilk el istisnası sayesinde baştan iki pul. Kalan iki altı yanar, çünkü 18/12 Siyah’ın başına basardı. Zar Siyah’ta.',
    },
    { kind: 'h', text: 'Altılı blok kuralı' },
    {
      kind: 'p',
      text: 'Önünde en az bir rakip pulu yoksa art arda altı hane tutamazsın. Art arda beş her zaman serbesttir. “Art arda” rakibin yolu üzerinde sayılır ve bu yol senin 1. ve 24. hanelerin arasındaki köşeden döner; yani 3, 2, 1, 24, 23, 22 kesintisiz bir duvardır. Buna karşılık 13 ile 12 komşu değildir: rakip için bunlar onun 1. hanesi ve başıdır.',
    },
    {
      kind: 'p',
      text: 'Zar kuralı her adımdan sonra denetler: yasak bir duvarı kapatacak adım, aynı zarın sonraki adımı duvarı yeniden açacak olsa bile oynanamaz.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.wrapBlock,
      caption:
        'Beyaz 2-1 oynayacak. 24, 23, 22, 3 ve 2 onun: Siyah’ın köşeden dönen yolu üzerinde art arda beş hane. 3/1 altıncıyı kapatırdı ve Siyah’ın bütün pulları hâlâ duvarın arkasında, bu yüzden yasak. 3/2 3/1 ise serbest, çünkü 3. haneyi boşaltıyor.',
    },
    { kind: 'h', text: 'Toplama ve puan' },
    {
      kind: 'p',
      text: 'Toplama on beş pulun hepsi eve girince başlar ve tavladaki kurala uyar: tam hane, yoksa daha yüksek haneden hamle, o da yoksa en yüksek dolu hane.',
    },
    {
      kind: 'list',
      items: [
        'Oyn (ойн), 1 puan: kaybeden en az bir pul toplamış.',
        'Mars (марс), 2 puan: kaybeden hiç pul toplamamış.',
      ],
    },
    {
      kind: 'p',
      text: 'Küp yoktur. Koks, “ev marsı” ve son eşitleme zarı ev kurallarıdır, Zar bunları kullanmaz. Maçlar genellikle 3, 5 ya da 7 puana oynanır.',
    },
  ],
};
