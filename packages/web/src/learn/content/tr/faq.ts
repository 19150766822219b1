import type { LearnPage } from '../../types.js';

export const faq: LearnPage = {
  slug: 'faq',
  title: 'Kısa cevaplar',
  summary: 'Her yeni oyuncunun sorduğu sorulara kısa cevaplar.',
  blocks: [
    {
      kind: 'faq',
      q: 'Oyunda kaç pul var?',
      a: 'Otuz, oyuncu başına on beş; beş oyunun hepsinde. Tavlada pullar dört haneye dağılmış başlar; diğer dört oyunda her taraf bütün yığınıyla tek haneden yola çıkar.',
    },
    {
      kind: 'faq',
      q: 'Bir haneye kaç pul konabilir?',
      a: 'İstediğin kadar, üst sınır yok. Tavlada iki ya da daha fazla pulun haneyi kapı yapar, tek pul ise açıktır. Uzun nardda, fevgada ve gül barada tek pul bile haneyi öbür tarafa kapatır.',
    },
    {
      kind: 'faq',
      q: 'Mars kaç puan?',
      a: 'İki puan, normal galibiyetin iki katı. Kaybeden tek pul bile toplamamışsa mars olur. Küplü uluslararası tavlada bir de üçlü galibiyet, backgammon vardır: kaybedenin ayrıca barda ya da kazananın evinde pulu varsa üç puan. Küp bunların hepsini katlar.',
    },
    {
      kind: 'faq',
      q: 'Kim başlar?',
      a: 'Herkes tek zar atar, büyük sayı başlar. Uluslararası kurallarda gelen iki sayıyı oynar, bu yüzden ilk hamle asla çift olmaz; diğer oyunlarda ve bizim tavlada iki zarı yeniden atar. Eşitlikte yeniden atılır.',
    },
    {
      kind: 'faq',
      q: 'Zarlara neden “şeş-beş”, “düşeş” deniyor?',
      a: 'Bunlar oyunla birlikte gelen Farsça ve Türkçe sayılardır: yek, dü, se, cehar, penç, şeş, birden altıya. Şeş-beş 6-5, düşeş 6-6, hep yek 1-1 demektir. Orta Doğu’nun büyük kısmında tavlaya şeş-beş denmesi de bundandır.',
    },
    {
      kind: 'faq',
      q: 'İki zarı da oynamak zorunda mıyım?',
      a: 'Evet, pozisyon izin verdiği sürece; çiftte de dört sayıyı. Yalnızca bir zar oynanabiliyorsa onu oynamalısın; ikisinden biri gidiyor ama ikisi birden gitmiyorsa büyüğünü.',
    },
    {
      kind: 'faq',
      q: 'Hiç oynayamazsam ne olur?',
      a: 'Sıra geçer, zar yanar. Tavlada barda pulun varken bütün giriş haneleri kapıysa da aynısı olur.',
    },
    {
      kind: 'faq',
      q: 'En yüksek hanemden büyük bir sayıyla pul toplayabilir miyim?',
      a: 'Evet, ama yalnızca en yüksek dolu haneden ve gelen sayının üstünde hiç pulun yoksa. Aksi halde evin içinde pul oynaman gerekir.',
    },
    {
      kind: 'faq',
      q: 'Hangi oyunlarda katlama küpü var?',
      a: 'Yalnızca uluslararası kurallarla oynanan tavlada. Uzun nard, tapa, fevga ve gül bara oyun başına 1 ya da 2 puana oynanır, maçlar da kararlaştırılan bir skora, çoğunlukla 5 ya da 7’ye.',
    },
    {
      kind: 'faq',
      q: 'Crawford kuralı nedir?',
      a: 'Bir tavla maçında oyunculardan biri galibiyete tek puan yaklaştıktan sonraki ilk oyun küpsüz oynanır. Böylece geride kalan tam o oyunda hiç risksiz katlayamaz.',
    },
    {
      kind: 'faq',
      q: 'Kısa nardla uzun nard arasındaki fark ne?',
      a: 'Kısa nard bizim tavlamızdır: ters yönler, kırma, bar. Uzun nardda iki taraf da tek bir baştan aynı yöne yürür, tek pul haneyi kapatır ve kimse kırılmaz.',
    },
    {
      kind: 'faq',
      q: 'Oyun berabere bitebilir mi?',
      a: 'Yalnızca tapada, iki ana da tapalanırsa. Diğer bütün oyunlarda biri önce toplar.',
    },
  ],
};
