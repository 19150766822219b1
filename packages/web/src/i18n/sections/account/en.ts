/** English strings of the 'account' section (registering, signing in and out); the source of its type. */
export const accountEn = {
  title: 'Account',
  guest: 'You play as a guest. Register to keep your games and rating across devices.',
  signedIn: 'Signed in as {name}.',
  name: 'Name',
  password: 'Password',
  register: 'Register',
  login: 'Sign in',
  logout: 'Sign out',
  logoutEverywhere: 'Sign out everywhere',
  logoutEverywhereHint: 'Ends your sessions on every device, this one included.',
  haveAccount: 'Already registered?',
  nameRule: '3 to 24 letters (A–Z), digits, _ or -.',
  passwordRule: '8 to 256 characters.',
  nameBroken: 'The name does not follow the rule: 3 to 24 letters (A–Z), digits, _ or -.',
  passwordBroken: 'The password does not follow the rule: 8 to 256 characters.',
};
