import type { Catalogue } from '../../catalogue.js';

/** Greek strings of the 'account' section. */
export const accountEl: Catalogue['account'] = {
  title: 'Λογαριασμός',
  guest: 'Παίζεις ως επισκέπτης. Κάνε εγγραφή για να κρατάς τα παιχνίδια και τη βαθμολογία σου σε κάθε συσκευή.',
  signedIn: 'Συνδέθηκες ως {name}.',
  name: 'Όνομα',
  password: 'Κωδικός',
  register: 'Εγγραφή',
  login: 'Σύνδεση',
  logout: 'Αποσύνδεση',
  logoutEverywhere: 'Αποσύνδεση παντού',
  logoutEverywhereHint: 'Τερματίζει τις συνεδρίες σας σε όλες τις συσκευές, και σε αυτήν.',
  haveAccount: 'Έχεις ήδη λογαριασμό;',
  nameRule: '3 έως 24 λατινικά γράμματα (A–Z), ψηφία, _ ή -.',
  passwordRule: '8 έως 256 χαρακτήρες.',
  nameBroken: 'Το όνομα δεν τηρεί τον κανόνα: 3 έως 24 λατινικά γράμματα (A–Z), ψηφία, _ ή -.',
  passwordBroken: 'Ο κωδικός δεν τηρεί τον κανόνα: 8 έως 256 χαρακτήρες.',
};
