import type { Catalogue } from '../../catalogue.js';

/** Romanian strings of the 'account' section. */
export const accountRo: Catalogue['account'] = {
  title: 'Cont',
  guest: 'Joci ca invitat. Înregistrează-te ca să-ți păstrezi partidele și ratingul pe orice dispozitiv.',
  signedIn: 'Conectat ca {name}.',
  name: 'Nume',
  password: 'Parolă',
  register: 'Înregistrează-te',
  login: 'Conectează-te',
  logout: 'Deconectează-te',
  logoutEverywhere: 'Deconectează-te peste tot',
  logoutEverywhereHint: 'Închide sesiunile tale de pe toate dispozitivele, inclusiv de pe acesta.',
  haveAccount: 'Ești deja înregistrat?',
  nameRule: 'Între 3 și 24 de litere (A–Z), cifre, _ sau -.',
  passwordRule: 'Între 8 și 256 de caractere.',
  nameBroken: 'Numele nu respectă regula: între 3 și 24 de litere (A–Z), cifre, _ sau -.',
  passwordBroken: 'Parola nu respectă regula: între 8 și 256 de caractere.',
};
