import type { Catalogue } from '../../catalogue.js';

/** Greek strings of the 'learn' section. */
export const learnEl: Catalogue['learn'] = {
  title: 'Εκμάθηση',
  intro: 'Κανόνες των πέντε παιχνιδιών, στρατηγική, πολιτισμός και η αριθμητική των ζαριών.',
  rules: 'Κανόνες',
  more: 'Περισσότερα',
  lastMove: 'Τελευταία κίνηση: {play}',
  pipsLine: 'Βήματα: {mover} για όποιον παίζει, {other} για τον αντίπαλο',
  sum: 'Άθροισμα',
  ways: 'Ζαριές στις 36',
  chance: 'Πιθανότητα',
  distance: 'Απόσταση',
  shots: 'Ζαριές που χτυπούν, στις 36',
  diceSumsCaption: 'Πόσο συχνά έρχεται κάθε άθροισμα με δύο ζάρια.',
  shotsCaption: 'Άμεσα χτυπήματα σε ξεσκέπαστο πούλι ανά απόσταση: ένα πούλι που χτυπά, τίποτα ενδιάμεσα.',
  missing: 'Αυτή η σελίδα δεν είναι ακόμα διαθέσιμη στη γλώσσα σου.',
};
