import type { Catalogue } from '../../catalogue.js';
import type { gamesEn } from './en.js';

/** Greek strings of the 'games' section. */
export const gamesEl: Pick<Catalogue, keyof typeof gamesEn> = {
  games: {
    backgammon: 'Πόρτες',
    'long-nardy': 'Μακρύ νάρντι',
    plakoto: 'Πλακωτό',
    fevga: 'Φεύγα',
    'gul-bara': 'Γκιουλ μπαρά',
  },
  presets: {
    backgammon: 'Διεθνείς κανόνες',
    table: 'Table (Ρουμανία)',
    portes: 'Πόρτες (Ελλάδα)',
    tavla: 'Τάβλα (Τουρκία)',
    tabla: 'Τάμπλα (Βουλγαρία)',
    'long-nardy': 'Αγωνιστικοί κανόνες',
    'long-nardy-lenient': 'Κανόνας του φράχτη: έλεγχος στο τέλος της κίνησης',
    plakoto: 'Με την εξαίρεση της μάνας',
    'plakoto-street': 'Κανόνες του καφενείου',
    tapa: 'Τάπα (Βουλγαρία)',
    fevga: 'Παραδοσιακοί',
    'fevga-apps': 'Όπως στις εφαρμογές',
    'gul-bara': 'Σκάλα μετά τις τρεις πρώτες σειρές του καθενός',
    'gul-bara-global': 'Σκάλα μετά τις τρεις πρώτες σειρές συνολικά',
  },
  cycles: {
    tavli: 'Τάβλι: πόρτες, πλακωτό, φεύγα',
    'tabla-cycle': 'Κύκλος της τάμπλας: τάμπλα, γκιουλ μπαρά, τάπα',
  },
};
