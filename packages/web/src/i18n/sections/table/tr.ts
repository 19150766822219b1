import type { Catalogue } from '../../catalogue.js';

export const tableTr: Catalogue['table'] = {
  side: 'Oyun paneli',
  resignTitle: 'Bu oyundan pes mi ediyorsunuz?',
  resignNote: 'Rakibiniz teklifi kabul edebilir ya da oynamaya devam edebilir.',
  resignAs: { 1: 'Normal oyunla pes et', 2: 'Marsla pes et', 3: 'Backgammonla pes et' },
  resignScores: '{as}: rakibiniz {points} alır',
  keepPlaying: 'Oynamaya devam et',
  opening: 'Başlangıç zarı: Beyaz {w}, Siyah {b}. {name} başlıyor.',
  openingYou: 'Başlangıç zarı: Beyaz {w}, Siyah {b}. Siz başlıyorsunuz.',
  openingTie: 'Başlangıç zarı: ikisi de {n} attı. Yeniden atılıyor.',
  noPlay: '{name} {dice} attı: oynanacak hamle yok.',
  noPlayYou: '{dice} attınız: oynanacak hamle yok.',
  played: '{name} {dice} attı ve {play} oynadı.',
  playedYou: '{dice} attınız ve {play} oynadınız.',
  forced: 'Oynanabilecek tek hamle buydu.',
  hit: 'Bir pul kırıldı.',
  pinned: 'Bir pul tutuldu (hapsedildi).',
  forcedNow: 'Zorunlu hamle: oynayabileceğiniz tek hamle {play}.',
  runNext: 'Çift serisi sürüyor: şimdi {dice}.',
  oppOff: 'Rakibin topladığı pullar: {n}',
  shortcuts: 'Tuşlar: R zar at, D katla, T kabul, P reddet, U geri al, C onayla, Esc pencereyi kapatır.',
};
