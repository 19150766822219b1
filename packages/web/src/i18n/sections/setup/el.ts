import type { Catalogue } from '../../catalogue.js';
import type { setupEn } from './en.js';

/** Greek strings of the 'setup' section. */
export const setupEl: Pick<Catalogue, keyof typeof setupEn> = {
  levels: {
    beginner: 'Αρχάριος',
    casual: 'Ερασιτέχνης',
    club: 'Παίκτης συλλόγου',
    expert: 'Ειδικός',
    master: 'Μάστορας',
  },
  home: {
    intro: 'Παίξε με τον υπολογιστή, κάλεσε έναν φίλο με σύνδεσμο ή άνοιξε στην αίθουσα ένα παιχνίδι ανοιχτό σε όλους.',
    game: 'Παιχνίδι',
    mixed: 'Μικτοί αγώνες',
    rules: 'Κανόνες',
    length: 'Διάρκεια αγώνα',
    money: 'Μεμονωμένα παιχνίδια, χωρίς όριο πόντων',
    opponent: 'Αντίπαλος',
    bot: 'Υπολογιστής',
    friend: 'Ένας φίλος (με σύνδεσμο πρόσκλησης)',
    open: 'Οποιοσδήποτε (αίθουσα)',
    level: 'Επίπεδο υπολογιστή',
    start: 'Έναρξη',
    starting: 'Ξεκινάμε…',
    /** The choice to play the computer in the browser, with no server (offline play). */
    offline: 'Εκτός σύνδεσης, σε αυτόν τον περιηγητή (φιλικός· ο υπολογιστής κατεβαίνει μία φορά)',
    /** Offered when a game cannot be started for want of a connection. */
    offlineInstead: 'Χωρίς σύνδεση; Παίξε με τον υπολογιστή εκτός σύνδεσης',
  },
  invite: {
    title: 'Πρόσκληση',
    joining: 'Μπαίνεις στο παιχνίδι…',
    failed: 'Αυτή η πρόσκληση δεν μπορεί να χρησιμοποιηθεί: {message}',
  },
};
