/** English strings of the 'imports' section (importing a match from a file); the source of its type. */
export const importsEn = {
  title: 'Import a match',
  intro:
    'Upload a match played elsewhere: a .mat file (gnubg, eXtreme Gammon, JellyFish and the big sites export them), a .sgf saved by gnubg or a Zar JSON record, up to 1 MB. Zar checks it move by move; then you can replay it and ask for its analysis.',
  // The link from the history page.
  link: 'Import a match from a file',
  file: 'File',
  paste: 'Or paste its text',
  submit: 'Check the file and import it',
  checking: 'Checking…',
  empty: 'Choose a file or paste its text first.',
  tooLarge: 'This file is larger than 1 MB.',
  // An error of the file: where it is, then what.
  atLine: 'Line {line}: {text}',
  unchecked: 'What comes after it cannot be checked.',
  others: 'These lines cannot be read either:',
  yours: 'Your imported matches',
  none: 'You have not imported a match yet.',
  replay: 'Replay',
  analysis: 'Analysis',
  another: 'Import another match',
  // Each error of a file, with what the file says there.
  errors: {
    ERR_JSON: 'This file is not valid JSON.',
    ERR_MAT_EMPTY: 'This is not a .mat file, or it has no games.',
    ERR_MAT_HEADER: 'The file should begin with “N point match”; it has “{found}”.',
    ERR_MAT_SYNTAX: 'This line cannot be read: “{found}”.',
    ERR_MAT_SCORE: 'The file gives the score as {given}, but the games before it make it {expected}.',
    ERR_MAT_ILLEGAL_MOVE: '{player} rolls {dice} and the file plays “{move}”, which is not legal there.',
    ERR_MAT_ILLEGAL_ACTION: '“{action}” by {player} is not allowed at that point of the game.',
    ERR_MAT_CUBE: 'The cube goes to {expected} here, not to {value}.',
    ERR_MAT_RESULT: 'The file scores this game {points} for {player}, which its moves do not.',
    ERR_MAT_TRUNCATED: 'The file stops before game {game}, or the match, is over.',
    ERR_RECORD_VERSION: 'This Zar record has version {version}; Zar reads version 1.',
    ERR_RECORD_SHAPE: 'This Zar record is wrong at “{field}”.',
    ERR_RECORD_ILLEGAL: 'The rules do not allow the record’s action number {number}.',
  },
};
