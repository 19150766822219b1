/** English strings of the 'dice' section: Dice statistics and verifying the dice (issue 29); the source of its type. */
export const diceEn = {
  nav: 'Dice',
  // The line at the table.
  table: {
    committed: 'Dice committed: {hash}…',
    seedSent: 'your seed sent',
    seedAwaited: 'sending your seed…',
    revealed: 'server seed revealed: check the dice in the replay',
    about:
      'Before the first roll the server published this fingerprint of its secret seed; your browser added a random seed of its own. Every roll follows from both.',
  },
  // The replay's panel.
  verify: {
    title: 'Verify the dice',
    intro:
      'Your browser recomputes every roll from the seeds (SHA-256 and HMAC-SHA-256, docs/fair-dice.md) and compares it with the record.',
    button: 'Verify the dice',
    checking: 'Checking every roll…',
    ok: {
      one: 'The one roll checks: the dice are the ones the seeds give.',
      other: 'All {n} rolls check: the dice are the ones the seeds give.',
    },
    commitment:
      'The revealed server seed does not match the commitment published before the first roll: these dice cannot be trusted.',
    mismatch: 'Roll {n} does not check: the record has {recorded}, the seeds give {expected}.',
    checkedBefore: { one: '{n} roll checked before it.', other: '{n} rolls checked before it.' },
    unavailable: 'This browser cannot check the dice here: Web Crypto needs a secure (https) page.',
    noProof: 'This match was played before verifiable dice: its record has no proof to check.',
    commitmentLabel: 'Commitment (SHA-256 of the server seed)',
    serverSeed: 'Server seed',
    clientSeed: 'Seed of {name}',
    yourSeed: '(your browser’s)',
    seenBoth: 'The commitment and your seed are the ones this browser was shown and sent before the first roll.',
    seenCommitment:
      'The commitment in the record is not the one this browser was shown before the first roll: these dice cannot be trusted.',
    seenSeed: 'Your seed in the record is not the one this browser sent: these dice cannot be trusted.',
  },
  stats: {
    siteTitle: 'Dice statistics',
    siteIntro: 'Every die thrown in the finished matches on Zar, compared with what fair dice give.',
    playerTitle: 'Dice of {name}',
    playerIntro: 'Every die {name} threw in his finished matches, compared with what fair dice give.',
    notFound: 'No player by that name.',
    matches: { one: '{n} finished match', other: '{n} finished matches' },
    none: 'No finished match yet: there is nothing to count.',
    faces: 'Faces',
    facesDesc: 'How many dice showed each face; fair dice show each one a sixth of the time.',
    facesNote: { one: 'Opening dice included ({n} die).', other: 'Opening dice included ({n} dice).' },
    rolls: 'The 21 rolls',
    rollsDesc: 'How often each roll came; fair dice give each double 1 time in 36 and each other roll 2 in 36.',
    noRolls: 'No roll yet: so far only opening dice, one each.',
    face: 'Face',
    roll: 'Roll',
    thrown: 'Thrown',
    fair: 'Fair dice',
    chartDesc:
      'Bars: how many were thrown; marks: what fair dice give. Largest: {label}, {observed} (fair dice {expected}).',
    table: 'The numbers',
    doubles: 'Doubles: {n} of {total} rolls ({share}); fair dice: {fair}.',
    statistic: 'Chi-square {x} with {df} degrees of freedom, p = {p}.',
    consistent: 'Consistent with fair dice.',
    unusual: 'Unusual: p < 0.01.',
    small: 'Too few dice for a reliable test yet: the p-value is only indicative.',
    pMeans: 'p is the chance that fair dice stray at least this far from the expectation.',
    siteLink: 'Dice of the whole site',
    playerLink: 'Dice statistics',
  },
  luck: {
    title: 'Luck in analysed backgammon matches',
    intro:
      'From the bot’s analysis: the sum over a player’s rolls of the equity each roll gave him beyond the average roll, in points of a money game (positive: luckier than average).',
    none: 'No analysed backgammon match yet.',
    date: 'Date',
    opponent: 'Opponent',
    his: 'Luck of {name}',
    theirs: 'Opponent’s luck',
    pr: 'PR',
    analysis: 'Analysis',
    open: 'open',
    chartTitle: 'Luck of {name} and of his opponents, match by match',
    chartDesc: '{count} matches. Luck of {name} from {min} to {max}.',
  },
} as const;
