/** English strings of the offline page (a match against the computer in this browser); the source of their type. */
export const offlineEn = {
  title: 'Play the computer offline',
  intro:
    'The match is played in this browser, even with no connection, and kept here after every move. It is casual and unrated.',
  download: 'The computer for this game is downloaded once, about {size}, and kept for offline play.',
  start: 'Start the match',
  resume: 'Resume your match',
  newMatch: 'New offline match',
  thinking: 'The computer is thinking…',
  storage: 'This browser does not let Zar keep the match: it lasts only while this page stays open.',
  exportMat: 'Download .mat',
  exportJson: 'Download Zar JSON',
  upload: 'Add to my history',
  uploading: 'Adding…',
  uploaded: 'Added to your history.',
  signIn: 'Sign in to add this match to your history.',
  needsConnection: 'Adding it to your history needs a connection.',
  played: 'Offline: casual, unrated, the dice not provable',
  badSetup: 'This offline match cannot be set up: choose it again from the home page.',
};

export type OfflineText = { readonly [K in keyof typeof offlineEn]: string };
