import type { LearnPage } from '../../types.js';
import { FEVGA } from '../positions.js';

export const fevga: LearnPage = {
  slug: 'fevga',
  title: 'Fevga',
  summary:
    'The third game of Greek tavli: a same-way race with no hitting, where your first checker has to get away before any other may follow.',
  blocks: [
    { kind: 'h', text: 'Setup' },
    {
      kind: 'p',
      text: 'Both players stack all fifteen checkers on their own 24 point, in diagonally opposite corners, and both travel the same way round the board. Your opponent starts on your 12 point, and his home board is your 13 to 18. A single enemy checker closes a point; nobody is ever hit.',
    },
    {
      kind: 'position',
      position: FEVGA.start,
      caption: 'Fevga at the start, White to roll. The two stacks face each other across the board.',
    },
    {
      kind: 'p',
      text: 'Both throw one die; the higher number starts and rolls both dice again. Later games of a match are started by the previous winner.',
    },
    { kind: 'h', text: 'The first checker' },
    {
      kind: 'p',
      text: 'Until your first checker has passed your opponent’s starting point, that is until it stands on your 11 or lower, you may move no other checker. Every die of those turns belongs to it, and a die it cannot use is simply lost.',
    },
    {
      kind: 'position',
      position: FEVGA.opening66.position,
      lastMove: FEVGA.opening66.lastMove,
      caption:
        'White opened with 6-6. The first checker goes 24/18, but 18/12 would land on Black’s start and no other checker may move yet, so three sixes are lost. Black to roll.',
    },
    { kind: 'h', text: 'Blocks' },
    {
      kind: 'p',
      text: 'You may never occupy all six points of your own starting quarter, your 19 to 24, at the same time. Six points in a row elsewhere are allowed, but if every checker your opponent still has on the board stands on the single point behind such a wall, you must open it on your next turn.',
    },
    {
      kind: 'position',
      position: FEVGA.startQuarter,
      caption:
        'White to roll 5-1. White holds 24, 23, 22, 21 and 20, so 24/19 would fill the whole starting quarter and is not allowed on its own. It becomes legal only with a 1 that empties one of those points, as in 24/19 21/20.',
    },
    { kind: 'h', text: 'Bearing off and scoring' },
    {
      kind: 'p',
      text: 'With all fifteen home you bear off as in backgammon. A win is worth 1 point, or 2 (a mars) when the loser has not borne off a single checker. There is no cube and no triple. In a tavli match fevga follows portes and plakoto, and the cycle starts over until someone reaches the target, usually 5 or 7 points.',
    },
  ],
};
