import type { Catalogue } from '../../catalogue.js';
import type { siteEn } from './en.js';

/** Greek strings of the 'site' section. */
export const siteEl: Pick<Catalogue, keyof typeof siteEn> = {
  meta: { title: 'Zar: πόρτες, μακρύ νάρντι, πλακωτό, φεύγα, γκιουλ μπαρά' },
  nav: {
    main: 'Κύριο μενού',
    play: 'Νέο παιχνίδι',
    lobby: 'Αίθουσα',
    leaderboard: 'Κατάταξη',
    learn: 'Εκμάθηση',
    history: 'Ιστορικό',
    account: 'Λογαριασμός',
    language: 'Γλώσσα',
    skip: 'Μετάβαση στο περιεχόμενο',
  },
  common: {
    loading: 'Φόρτωση…',
    retry: 'Δοκίμασε ξανά',
    close: 'Κλείσιμο',
    cancel: 'Ακύρωση',
    error: 'Κάτι πήγε στραβά. Δοκιμάστε ξανά σε λίγο.',
    offline: 'Η σύνδεση χάθηκε. Επανασύνδεση…',
    notFound: 'Αυτή η σελίδα δεν υπάρχει.',
    gameNotFound: 'Δεν υπάρχει παιχνίδι σε αυτή τη διεύθυνση.',
    backHome: 'Πίσω στην αρχική',
  },
};
