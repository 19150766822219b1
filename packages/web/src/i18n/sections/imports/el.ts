import type { Catalogue } from '../../catalogue.js';

/** Greek strings of the 'imports' section. */
export const importsEl: Catalogue['imports'] = {
  title: 'Εισαγωγή αγώνα',
  intro:
    'Ανεβάστε έναν αγώνα που παίχτηκε αλλού: ένα αρχείο .mat (το εξάγουν το gnubg, το eXtreme Gammon, το JellyFish και τα μεγάλα sites), ένα .sgf του gnubg ή μια καταγραφή Zar JSON, έως 1 MB. Το Zar τον ελέγχει κίνηση προς κίνηση· μετά μπορείτε να τον ξαναδείτε και να ζητήσετε την ανάλυσή του.',
  link: 'Εισαγωγή αγώνα από αρχείο',
  file: 'Αρχείο',
  paste: 'Ή επικολλήστε το κείμενό του',
  submit: 'Έλεγχος και εισαγωγή',
  checking: 'Έλεγχος…',
  empty: 'Διαλέξτε πρώτα ένα αρχείο ή επικολλήστε το κείμενό του.',
  tooLarge: 'Αυτό το αρχείο είναι μεγαλύτερο από 1 MB.',
  atLine: 'Γραμμή {line}: {text}',
  unchecked: 'Ό,τι ακολουθεί δεν μπορεί να ελεγχθεί.',
  others: 'Ούτε αυτές οι γραμμές διαβάζονται:',
  yours: 'Οι αγώνες που εισαγάγατε',
  none: 'Δεν έχετε εισαγάγει ακόμη κανέναν αγώνα.',
  replay: 'Επανάληψη',
  analysis: 'Ανάλυση',
  another: 'Εισαγωγή άλλου αγώνα',
  errors: {
    ERR_JSON: 'Αυτό το αρχείο δεν είναι έγκυρο JSON.',
    ERR_MAT_EMPTY: 'Αυτό δεν είναι αρχείο .mat ή δεν έχει κανένα παιχνίδι.',
    ERR_MAT_HEADER: 'Το αρχείο πρέπει να αρχίζει με «N point match»· έχει «{found}».',
    ERR_MAT_SYNTAX: 'Αυτή η γραμμή δεν διαβάζεται: «{found}».',
    ERR_MAT_SCORE: 'Το αρχείο δίνει σκορ {given}, αλλά τα προηγούμενα παιχνίδια κάνουν {expected}.',
    ERR_MAT_ILLEGAL_MOVE: 'Ο/Η {player} φέρνει {dice} και το αρχείο παίζει «{move}», που δεν επιτρέπεται εκεί.',
    ERR_MAT_ILLEGAL_ACTION: 'Το «{action}» του/της {player} δεν επιτρέπεται σε εκείνο το σημείο του παιχνιδιού.',
    ERR_MAT_CUBE: 'Ο κύβος πηγαίνει εδώ στο {expected}, όχι στο {value}.',
    ERR_MAT_RESULT:
      'Το αρχείο δίνει αυτό το παιχνίδι στον/στην {player} για {points}, κάτι που οι κινήσεις του δεν δίνουν.',
    ERR_MAT_TRUNCATED: 'Το αρχείο σταματά πριν τελειώσει το παιχνίδι {game} ή ο αγώνας.',
    ERR_RECORD_VERSION: 'Αυτή η καταγραφή Zar έχει έκδοση {version}· το Zar διαβάζει την έκδοση 1.',
    ERR_RECORD_SHAPE: 'Αυτή η καταγραφή Zar είναι λάθος στο «{field}».',
    ERR_RECORD_ILLEGAL: 'Οι κανόνες δεν επιτρέπουν την ενέργεια αριθμός {number} της καταγραφής.',
  },
};
