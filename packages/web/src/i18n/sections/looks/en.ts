/** English strings of the 'looks' section; the source of its type. */
export const looksEn = {
  /** The /settings page's heading and the dialog's title. */
  title: 'Table settings',
  /** The gear button on the play page (its accessible name and tooltip). */
  open: 'Table settings',
  close: 'Close',
  /** The small board that shows the choices at once. */
  preview: 'Preview',
  looksHeading: 'Board and checkers',
  playHeading: 'Playing',
  theme: 'Board',
  themes: { wood: 'Wooden', flat: 'Flat', contrast: 'High contrast' },
  checkers: 'Checkers',
  checkerSets: {
    classic: 'Cream and black',
    'ivory-ebony': 'Ivory and ebony',
    'red-blue': 'Red and blue',
    'gold-green': 'Gold and green',
  },
  contrastCheckers: 'The high-contrast board always uses white and black checkers.',
  homeSide: 'Home board (backgammon)',
  homeSides: { right: 'Bottom right', left: 'Bottom left' },
  animations: 'Animate dice and checkers',
  reducedMotion: 'Your device asks for reduced motion, so the board stays still.',
  sound: 'Sounds: roll, move, hit, double and your turn',
  autoRoll: 'Roll for me when rolling is all I can do',
  autoConfirm: 'Send a forced play by itself',
  hintFeedback: 'After my play against a bot, tell me how much it lost',
  savedAccount: 'Saved to your account.',
  savedBrowser: 'Saved in this browser. Sign in to keep them on every device.',
  saveFailed: 'Could not save to your account; kept in this browser for now.',
};
