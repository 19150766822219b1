import type { LearnPage } from '../../types.js';
import { BACKGAMMON } from '../positions.js';

export const backgammon: LearnPage = {
  slug: 'backgammon',
  title: 'Tavla (backgammon)',
  summary: 'Kırmalı klasik oyun: on beşer pul, ters yönde yürüyüş, bar, pul toplama ve katlama küpü.',
  blocks: [
    { kind: 'h', text: 'Kısaca' },
    {
      kind: 'p',
      text: 'İki oyuncu, on beşer pul, yirmi dört hane. Pullarını tahtanın etrafında kendi evine doğru sürersin, rakibin ise karşı yönden gelir; on beş pulunun hepsini ilk toplayan oyunu kazanır.',
    },
    {
      kind: 'p',
      text: 'Herkes haneleri kendi tarafından sayar: 1. hane evinin en dibidir, 24. hane evine en uzak olandır. İki ordu ters yönde yürüdüğü için senin 1. hanen rakibin 24. hanesidir. Evin 1’den 6’ya kadar olan hanelerdir; pulların oraya gider ve tahtadan oradan çıkar.',
    },
    { kind: 'h', text: 'Diziliş' },
    {
      kind: 'p',
      text: 'Kendi tarafından sayarak: 24. hanede iki pul, 13’te beş, 8’de üç ve 6’da beş. Rakibin pulları bunun ayna görüntüsüdür.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.start,
      caption: 'Başlangıç dizilişi, zar Beyaz’da. İki tarafın da her şeyi toplamak için 167 pip yolu var: 167’ye 167.',
    },
    { kind: 'h', text: 'İlk zar' },
    {
      kind: 'p',
      text: 'Uluslararası kurallarda herkes tek zar atar. Büyük atan başlar ve masadaki iki sayıyı ilk hamlesi olarak oynar; bu yüzden oyun asla çiftle açılmaz. Eşitlikte yeniden atılır. Bizim kahvehane tavlasında, Yunan portesinde ve Bulgar tablasında ise zarı kazanan iki zarı alıp yeniden atar.',
    },
    { kind: 'h', text: 'Zar ve hamle' },
    {
      kind: 'p',
      text: 'İki zar atar, tam gelen sayılar kadar ilerlersin: her zar için bir pul ya da tek pulla ikisini birden, aradaki hanede durarak. Rakibin iki veya daha fazla pulunun durduğu hane kapıdır: oraya konamazsın, geçerken bile. Çift dört kez oynanır: 4-4 dört kere dört demektir.',
    },
    {
      kind: 'p',
      text: 'Zarı, pozisyonun izin verdiği kadar eksiksiz oynamak zorundasın: iki zarı da, çiftin dört sayısını da. Yalnızca bir zar oynanabiliyorsa onu oynarsın; ikisinden biri oynanabiliyor ama ikisi birlikte oynanamıyorsa büyüğünü oynamak zorundasın. Sıra ancak hiçbir şey oynanamadığında boşa geçer.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.opening31.position,
      lastMove: BACKGAMMON.opening31.lastMove,
      caption:
        'Beyaz 3-1 ile açtı ve 8/5 6/5 oynayarak değerli 5. haneyi kapattı. Zar Siyah’ta. Beyaz’ın yolu dört kısaldı: Beyaz 163, Siyah hâlâ 167.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.reply65.position,
      lastMove: BACKGAMMON.reply65.lastMove,
      caption:
        'Siyah şeş-beşe arkadaki bir pulu ortaya kadar kaçırarak cevap verdi, 24/13. Zar Beyaz’da: Beyaz 163 pip, Siyah 156.',
    },
    { kind: 'h', text: 'Kırma ve bar' },
    {
      kind: 'p',
      text: 'Bir hanede tek başına duran pul açıktır. Rakip onun üstüne konarsa pulu kırar: pul tahtanın ortasındaki bara çıkar. Barda pulu olan oyuncu, o pulu oyuna sokmadan başka hiçbir şey oynayamaz.',
    },
    {
      kind: 'p',
      text: 'Kırık pul rakibin evine, zarın gösterdiği haneye girer: 2 ile senin 23. hanene, 6 ile 19’una. Zarların gösterdiği hanelerin hepsi kapıysa bütün zar yanar. Bardaki bütün pullar girdikten sonra kalan sayılar normal oynanır.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.blot,
      caption:
        'Siyah, Beyaz’ın 13’teki pullarının üç hane önünde açık pul bıraktı. Zar Beyaz’da; Beyaz 166, Siyah 176 pip.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.hit.position,
      lastMove: BACKGAMMON.hit.lastMove,
      caption:
        'Beyaz 3-1 attı ve 13/10* 6/5 oynadı: açık pul kırıldı, 5. hane kapandı. Zar Siyah’ta, barda bir pulu var. Kırılmak Siyah’a bir anda on pipe mal oldu: Siyah 186, Beyaz 162.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.entered.position,
      lastMove: BACKGAMMON.entered.lastMove,
      caption:
        'Siyah 6-2 attı: 2 ile bardan girdi, bar/23, 6 ile 13/7 oynadı. Zar Beyaz’da; Siyah 178’de, Beyaz hâlâ 162’de.',
    },
    { kind: 'h', text: 'Pul toplama' },
    {
      kind: 'p',
      text: 'On beş pulunun hepsi evindeyken toplamaya başlarsın. Zar, kendi numarasındaki haneden bir pul çıkarır. O hane boşsa daha yüksek bir haneden pul oynaman gerekir; ancak yukarıda hiç pulun kalmamışsa en yüksek dolu haneden toplayabilirsin.',
    },
    {
      kind: 'p',
      text: 'Toplamak hiçbir zaman zorunlu değildir: evin içinde normal bir hamle her zaman serbesttir. Toplama sırasında kırılan pul bardan girip bütün yolu eve kadar yeniden yürümeden toplamaya devam edemezsin.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.bearOff,
      caption: 'Beyaz’ın on beş pulu da evde, altısı çoktan toplandı. Zar Beyaz’da; Beyaz’a 36 pip kaldı, Siyah’a 57.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.boreOff.position,
      lastMove: BACKGAMMON.boreOff.lastMove,
      caption:
        'Beyaz 6-5 attı ve iki pul topladı, 6/off 5/off. Zar Siyah’ta. Beyaz 36’dan 25 pipe indi; Siyah’ın hâlâ 57 pipi var.',
    },
    { kind: 'h', text: 'Puanlama' },
    {
      kind: 'list',
      items: [
        'Normal galibiyet, 1 puan: kaybeden en az bir pul toplamış.',
        'Mars, 2 puan: kaybeden hiç pul toplamamış.',
        'Backgammon, 3 puan: hiç pul toplamamış ve hâlâ barda ya da kazananın evinde pulu var.',
      ],
    },
    {
      kind: 'p',
      text: 'Türkiye’de oynanan tavla, Yunan portesi ve Bulgar tablası üçlü galibiyet bilmez: orada backgammon mars sayılır, katlama küpü de kutuda kalır.',
    },
    { kind: 'h', text: 'Katlama küpü' },
    {
      kind: 'p',
      text: 'Sıran gelince, zarı atmadan önce küp ortadaysa ya da sendeyse katlama teklif edebilirsin. Rakip ya kabul eder, oyun iki kat değerle sürer ve küp artık onundur (bir sonraki katlamayı yalnızca o yapabilir), ya da reddeder ve oyunu o anki değerinden kaybeder. Oyun sonunda ne değerindeyse, normal, mars ya da backgammon, küpün değeriyle çarpılır.',
    },
    {
      kind: 'p',
      text: 'Maçlarda Crawford kuralı geçerlidir: bir oyuncu galibiyete tek puan kala oynanan ilk oyunda küp kullanılmaz; sonraki oyunlarda yeniden devreye girer. Zar’daki beş oyundan yalnızca klasik tavlada küp vardır.',
    },
  ],
};
