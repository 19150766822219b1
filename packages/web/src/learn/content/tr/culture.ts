import type { LearnPage } from '../../types.js';

export const culture: LearnPage = {
  slug: 'culture',
  title: 'Kültür ve sözler',
  summary: 'Bükreş’ten Bağdat’a bu oyunlara ne dendiği, nereden geldikleri ve oyuncuların zara ne diye seslendiği.',
  blocks: [
    { kind: 'h', text: 'Bir tahta, birçok ad' },
    {
      kind: 'list',
      items: [
        'Tavla İngilizce konuşulan dünyada backgammon, Yunanistan’da portes, Bulgaristan’da tabla, Romanya’da table, Rusya ve Ukrayna’da короткие нарды (“kısa nard”), Arap dünyasında ise طاولة (tavla) ya da şeş-beş diye bilinir.',
        'Uzun nard (длинные нарды) Rusya’nın, Ukrayna’nın ve Kafkasya’nın gündelik oyunudur; Azerbaycan’da uzun nərd denir.',
        'Bizim tapa dediğimiz oyun Yunanistan’da plakoto, Suriye, Lübnan ve Mısır’da mahbusa (محبوسة, “hapsedilmiş”) adını taşır; Bulgaristan ve Kuzey Makedonya’da da tapadır.',
        'Fevganın neredeyse aynısı bizdeki mültezimdir; ikisi de uzun nardın yakın akrabasıdır.',
        'Gül bara Bulgaristan’da гюлбара, Romanya’da gyulbara ya da ghiulbahar diye geçer.',
        'Yunanlar portes, plakoto ve fevgayı art arda oynar ve bütün maça tavli der; Bulgarlar tabla, gül bara, tapa döngüsünü oynar.',
      ],
    },
    { kind: 'h', text: 'Kısa bir tarih' },
    {
      kind: 'p',
      text: 'Zarlı yarış oyunları bildiğimiz en eski oyunlar arasındadır. Romalılar yirmi dört haneli, taraf başına on beş pullu tabulayı oynardı; 6. yüzyıldan bir epigram imparator Zenon’un felaket bir zarını anlatır. Orta Farsça bir metin nardın icadını Hint satrancına Pers cevabı olarak bilge Bozorgmehr’e atfeder. Oyun İran’dan ve Bizans’tan Osmanlı’nın ve Balkanların kahvehanelerine, Kafkasya’ya ve Orta Çağ Avrupası’na yayıldı; İngiltere’de 17. yüzyılda “tables” backgammon oldu. Katlama küpü 1920’lerde New York kulüplerinde eklendi; 1990’lardan beri kendi kendine öğrenen programlar oyunun nasıl oynanacağına dair bildiklerimizi değiştirdi.',
    },
    {
      kind: 'p',
      text: 'Kelimeler tahtayla birlikte yolculuk etti: tavla, tavli, tabla, table ve طاولة Latince tabula’dan gelir; нарды ise Farsça nard’dan.',
    },
    { kind: 'h', text: 'Zar adları' },
    {
      kind: 'p',
      text: 'Oyun nereye gittiyse zarlar Farsça ve Türkçe sayılarla anıldı; aynı sözleri İstanbul’da, Sofya’da ya da Bakü’de bir kahvede duyarsın. Sayıların çoğu Farsçadır, şeş-beşteki beş ise bizim beşimizdir.',
    },
    {
      kind: 'terms',
      items: [
        { term: 'yek', meaning: 'bir (Farsça yek)' },
        { term: 'dü', meaning: 'iki (Farsça du)' },
        { term: 'se', meaning: 'üç' },
        { term: 'cehar', meaning: 'dört (Farsça çahar)' },
        { term: 'penç', meaning: 'beş (Farsça penc)' },
        { term: 'şeş', meaning: 'altı (Farsça şeş)' },
        { term: 'hep yek', meaning: 'çift bir, 1-1' },
        { term: 'dubara', meaning: 'çift iki, 2-2' },
        { term: 'düşeş', meaning: 'çift altı, 6-6: “iki altı”' },
        { term: 'şeş-beş', meaning: '6-5; Orta Doğu’nun çoğunda oyunun kendisinin de adı' },
      ],
    },
    { kind: 'h', text: 'Masadaki diğer sözler' },
    {
      kind: 'terms',
      items: [
        { term: 'mars', meaning: 'iki katlık galibiyet: kaybeden hiç pul toplamamış (Rumence marț, Rusça марс)' },
        { term: 'kapı', meaning: 'aynı renkten iki ya da daha fazla pulun durduğu, rakibin konamayacağı hane' },
        { term: 'oyn (ойн)', meaning: 'uzun nardda normal galibiyet' },
        { term: 'baş (голова)', meaning: 'uzun nardda on beş pulun başladığı hane' },
        { term: 'ana (μάνα)', meaning: 'tapada başlangıç hanesinde kalan son pul' },
        { term: 'pip', meaning: 'bir hanelik yol; pip sayısı bir ordunun daha ne kadar yürüyeceğini gösterir' },
      ],
    },
  ],
};
