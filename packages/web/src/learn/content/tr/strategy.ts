import type { LearnPage } from '../../types.js';

export const strategy: LearnPage = {
  slug: 'strategy',
  title: 'Stratejinin temelleri',
  summary: 'Her oyun ailesi için ilk fikirler: kırmalı oyunlar, tapa, kırmasız yarışlar ve çift merdivenli yarış.',
  blocks: [
    { kind: 'h', text: 'Tavla: kapılar, açık pullar ve yarış' },
    {
      kind: 'p',
      text: 'İlk zardan itibaren üç hedef seni farklı yönlere çeker: kapı yapmak, rakibi kilitlemek, arkadaki pulları kaçırmak. Evindeki 5. hane tahtanın en değerli hanesidir; onu tutarsan kırdığın her pulun bardan dönüş yolu daralır.',
    },
    {
      kind: 'list',
      items: [
        'İyi açılışlar kapı yapar: 3-1’i 8/5 6/5, 4-2’yi 8/4 6/4, 6-1’i 13/7 8/7 olarak oyna.',
        'Rakip pulun altı hane önüne kadar olan açık pul doğrudan vurulur, otuz altı zarın en az on birinde; yedi ve daha uzakta kombinasyon gerekir ve risk çok düşer.',
        'Art arda altı kapı üstünden atlanamayan bir duvardır. Art arda dört-beş kapı bile arkadaki pulları epey zorlar.',
        'Açık pul tek başına hata değil, bir bahistir: kazandırdığı, kırılırsa kaybettireceğinden fazla olmalı.',
        'İki ordu birbirini geçince geriye saf yarış kalır. Pipleri say: öndeki güvenlik, geride kalan temas arar.',
      ],
    },
    {
      kind: 'p',
      text: 'Küp için kabaca, parasına oyunda: açık favoriyken ama rakibin reddetmesi gerekecek kadar önde değilken katla; dört oyundan en az birini kazanmayı bekliyorsan, marsları saymadan, kabul et.',
    },
    { kind: 'h', text: 'Tapa: köşelerin kavgası' },
    {
      kind: 'list',
      items: [
        'Erken tapa iki kat değerlidir: köşesinin yanında tapalanan rakip pul bütün yolunu kaybeder, aldığın hane de yığınının önünü keser.',
        'Mümkünse başlangıç hanesinden çifter çifter çık ve ana güvenle yola çıkabilene kadar orada birden fazla pul tut.',
        'Rakip yığının önünde tek duran pul bir davettir. Orada bırakmadan önce kaç zarın ona denk geldiğini say.',
        'Oyunun sonunda geride kalanlara dikkat: hatlarının gerisindeki tek bir rakip pulu evindeki açık pulu tapalayıp toplamanı durdurabilir.',
      ],
    },
    { kind: 'h', text: 'Uzun nard ve fevga: duvarlı yarışlar' },
    {
      kind: 'list',
      items: [
        'Kimse kırılmadığı için her şey pozisyondur: rakip ordunun önünde tuttuğun haneler onu pek çok el boyunca yavaşlatır.',
        'Uzun nardda baştan her elde tek pul iner, bu yüzden baştan pul indirmeden geçen her el kayıp tempodur. İkmal hattını durdurma.',
        'Beş haneye kadar duvar ör; altıncısı ancak bir rakip pulu geçtikten sonra serbest.',
        'Yığma, yay: tek hanede yüksek bir kule hiçbir şeyi kapatmaz ve ileride sayılarını yer.',
        'Fevgada ilk pul öncündür: ordunun geri kalanı serbest kalsın diye onu rakibin başlangıç hanesinin önünden çabucak geçir.',
      ],
    },
    { kind: 'h', text: 'Gül bara: merdivenle yaşamak' },
    {
      kind: 'list',
      items: [
        'İlk ellerden sonra her çift bir servet değerindedir; uzun bir merdiveni sonuna kadar oynayabilmek için pozisyonunu esnek tut.',
        'Merdiven oynanamayan ilk sayıda durur. Rakibin önünde doğru uzaklıkta tutulan haneler onun merdivenini yarıda kesebilir.',
        'Yarışı çiftleri aklında tutarak say: burada geride olan hiçbir zaman tamamen kaybetmiş sayılmaz.',
      ],
    },
  ],
};
