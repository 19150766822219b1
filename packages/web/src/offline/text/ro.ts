import type { OfflineText } from './en.js';

export const offlineRo: OfflineText = {
  title: 'Joacă offline cu calculatorul',
  intro:
    'Meciul se joacă în acest browser, chiar și fără conexiune, și se păstrează aici după fiecare mutare. Este amical și fără rating.',
  download:
    'Calculatorul pentru acest joc se descarcă o singură dată, cam {size}, și se păstrează pentru jocul offline.',
  start: 'Începe meciul',
  resume: 'Reia meciul',
  newMatch: 'Meci offline nou',
  thinking: 'Calculatorul se gândește…',
  storage: 'Acest browser nu îi permite lui Zar să păstreze meciul: durează doar cât pagina rămâne deschisă.',
  exportMat: 'Descarcă .mat',
  exportJson: 'Descarcă Zar JSON',
  upload: 'Adaugă în istoricul meu',
  uploading: 'Se adaugă…',
  uploaded: 'Adăugat în istoricul tău.',
  signIn: 'Conectează-te ca să adaugi acest meci în istoric.',
  needsConnection: 'Pentru a-l adăuga în istoric e nevoie de conexiune.',
  played: 'Offline: amical, fără rating, zarurile nu pot fi dovedite',
  badSetup: 'Acest meci offline nu poate fi pregătit: alege-l din nou de pe pagina principală.',
};
