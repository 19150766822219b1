import type { Catalogue } from '../../catalogue.js';
import type { setupEn } from './en.js';

/** Romanian strings of the 'setup' section. */
export const setupRo: Pick<Catalogue, keyof typeof setupEn> = {
  levels: { beginner: 'Începător', casual: 'Amator', club: 'De club', expert: 'Expert', master: 'Maestru' },
  home: {
    intro:
      'Joacă cu calculatorul, invită un prieten printr-un link sau deschide în sala de joc o partidă la care poate intra oricine.',
    game: 'Jocul',
    mixed: 'Meciuri mixte',
    rules: 'Reguli',
    length: 'Lungimea meciului',
    money: 'Partide individuale, fără limită de scor',
    opponent: 'Adversar',
    bot: 'Calculatorul',
    friend: 'Un prieten (prin link de invitație)',
    open: 'Oricine (sala de joc)',
    level: 'Nivelul calculatorului',
    start: 'Începe',
    starting: 'Se pornește jocul…',
    /** The choice to play the computer in the browser, with no server (offline play). */
    offline: 'Offline, în acest browser (amical; calculatorul se descarcă o singură dată)',
    /** Offered when a game cannot be started for want of a connection. */
    offlineInstead: 'Fără conexiune? Joacă offline cu calculatorul',
  },
  invite: {
    title: 'Invitație',
    joining: 'Se intră în joc…',
    failed: 'Această invitație nu poate fi folosită: {message}',
  },
};
