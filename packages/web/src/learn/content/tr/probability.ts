import type { LearnPage } from '../../types.js';

export const probability: LearnPage = {
  slug: 'probability',
  title: 'Zarlar ve olasılıklar',
  summary: 'Her toplamın ne sıklıkla geldiği ve açık bir pulun her uzaklıktan vurulma ihtimali.',
  blocks: [
    { kind: 'h', text: 'Otuz altı zar' },
    {
      kind: 'p',
      text: 'İki zar, eşit olasılıklı otuz altı atış verir. Çift olmayan belirli bir ikili, örneğin şeş-beş, iki yoldan gelir (önce 6 sonra 5 ya da tersi); belirli bir çift ise tek yoldan. Yani belirli bir çift otuz altı atışta bir, herhangi bir çift altı atışta bir gelir.',
    },
    {
      kind: 'p',
      text: 'Tek pul iki zarı birden kullandığında önemli olan toplamdır. Tablo, otuz altı atışın kaçının her toplamı verdiğini gösteriyor: en sık yedi gelir, en seyrek iki ve on iki.',
    },
    { kind: 'table', table: 'dice-sums' },
    {
      kind: 'p',
      text: 'Bu oyunlarda toplam her şeyi anlatmaz, çünkü zarlar ayrı ayrı da oynanabilir ve çift dört kez oynanır. Çiftler tam sayıldığında bir atış ortalama sekiz haneden biraz fazla yol aldırır.',
    },
    { kind: 'h', text: 'Vurulma ihtimali ne kadar?' },
    {
      kind: 'p',
      text: 'Saldıran bir pulla rakibin açık pulu arasındaki her uzaklık için sıradaki tablo, saldıranı tam oraya götüren atışları sayar: uzaklığa eşit bir zar, iki zarın toplamı ya da iki, üç veya dört kez oynanan bir çift.',
    },
    { kind: 'table', table: 'shots-by-distance' },
    {
      kind: 'p',
      text: 'Altı haneye kadar tek zar yeter ve ihtimaller yüksektir; en tehlikeli uzaklık altıdır, çünkü orada düz altılar, kombinasyonlar ve çiftler toplanır. Yediden itibaren iki zar da gerekir ve risk birden düşer. On ikinin ötesine yalnızca çiftler ulaşır; on üç ve on dörde tek atışta hiç varılamaz. Eski öğüt buradan gelir: elinden geliyorsa rakip pulun altı hane önüne kadar açık pul bırakma.',
    },
    {
      kind: 'p',
      text: 'Tablo iki basitleştirme yapar. Kapıları hesaba katmaz, yani gerçek bir pozisyonda rakip kapısından geçen yol kapalı olabilir ve gerçek ihtimal daha düşük kalır. Bir de tek bir saldırana bakar: birkaç pul aynı açık pulu hedeflediğinde ihtimal artar, ama basit toplamayla değil, çünkü aynı atış birden fazlasının işine yarayabilir.',
    },
    { kind: 'h', text: 'Bardan giriş' },
    {
      kind: 'p',
      text: 'Bardaki pul ancak iki zar da kapıları gösterirse giremez. Rakibin evinde tek kapı varken bu otuz altıda bir kez olur; beş kapıda yirmi beş kez, yani otuz altı atışın yalnızca on birinde girersin. Ev tamamen kapalıysa hiç giremezsin.',
    },
  ],
};
