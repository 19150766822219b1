import type { Catalogue } from '../../catalogue.js';
import type { siteEn } from './en.js';

/** Romanian strings of the 'site' section. */
export const siteRo: Pick<Catalogue, keyof typeof siteEn> = {
  meta: { title: 'Zar: table, narde lungi, plakoto, fevga, gyulbara' },
  nav: {
    main: 'Meniul principal',
    play: 'Joc nou',
    lobby: 'Sala de joc',
    leaderboard: 'Clasament',
    learn: 'Învață',
    history: 'Istoric',
    account: 'Cont',
    language: 'Limba',
    skip: 'Sari la conținut',
  },
  common: {
    loading: 'Se încarcă…',
    retry: 'Încearcă din nou',
    close: 'Închide',
    cancel: 'Anulează',
    error: 'Ceva nu a mers. Încercați din nou peste câteva clipe.',
    offline: 'Conexiunea s-a întrerupt. Se reconectează…',
    notFound: 'Această pagină nu există.',
    gameNotFound: 'La această adresă nu există niciun joc.',
    backHome: 'Înapoi la pagina principală',
  },
};
