/** English strings of the 'analysis' section (a match's analysis page); the source of its type. */
export const analysisEn = {
  title: 'Match analysis',
  back: 'Back to the match',
  queued: 'Waiting for the analysis ({n} ahead)…',
  running: 'Analysing the match…',
  depth: 'Each decision is compared with the best the bot finds at {plies}-ply.',
  player: 'Player',
  decisions: 'Decisions',
  errorRate: 'Error rate',
  errorRateLong: 'Equity lost per decision, in thousandths (mEMG)',
  pr: 'PR',
  prLong: 'Performance rating: 500 × equity lost per decision; lower is better',
  luck: 'Luck',
  luckLong: 'Luck: the equity his rolls gave him beyond the average roll, summed (EMG); positive: luckier than average',
  show: 'Show',
  filters: {
    marked: 'Doubtful plays, errors and blunders',
    errors: 'Errors and blunders',
    all: 'Every decision',
  },
  none: 'No decision of this kind: well played.',
  gameN: 'Game {n}',
  best: 'best',
  marks: {
    doubtful: 'Doubtful',
    error: 'Error',
    blunder: 'Blunder',
  },
  cube: {
    'no-double': 'No double',
    double: 'Double',
    take: 'Take',
    drop: 'Pass',
    beaver: 'Beaver',
  },
  cubeLine: {
    'no-double': 'No double',
    'double-take': 'Double, take',
    'double-drop': 'Double, pass',
  },
  doublerView: 'Equities of the side that may double',
  play: 'Play',
  equity: 'Equity',
  played: 'played',
  cubeDecisions: 'Cube decisions',
  /** The same labels where the match is not backgammon: no backgammon terms, and each game's PR has its own scale. */
  otherGames: {
    errorRateLong: 'Equity lost per decision, in thousandths (1 = a single win)',
    prLong:
      'Performance rating: 500 × equity lost per decision; lower is better. Compare it with matches of the same game.',
    luckLong:
      'Luck: the equity his rolls gave him beyond the average roll, summed (1 = a single win); positive: luckier than average',
  },
};
