import type { LearnPage } from '../../types.js';
import { GUL_BARA } from '../positions.js';

export const gulBara: LearnPage = {
  slug: 'gul-bara',
  title: 'Gul bara',
  summary: 'The Balkan race where doubles snowball: after the opening turns a double runs on up to the sixes.',
  blocks: [
    { kind: 'h', text: 'Setup and movement' },
    {
      kind: 'p',
      text: 'The board is set as in fevga: fifteen checkers on each player’s 24 point, diagonally opposite, both armies moving the same way. A point with any enemy checker on it is closed and there is no hitting, but there is no head rule and no first-checker rule either: from the first roll any checker may move.',
    },
    {
      kind: 'position',
      position: GUL_BARA.start,
      caption: 'Gul bara at the start, White to roll.',
    },
    {
      kind: 'p',
      text: 'The player with the higher single die starts and rolls both dice again. In the Bulgarian cycle the winner of the previous game starts the next.',
    },
    { kind: 'h', text: 'The doubles run' },
    {
      kind: 'p',
      text: 'For each player’s first three turns a double is played as usual, four times. From the fourth turn on, a double sets off a run: four of the number thrown, then four of the next number, and so on up to four sixes. 6-6 is just four sixes; 1-1 is twenty-four moves, four each of 1 to 6.',
    },
    {
      kind: 'list',
      items: [
        'The blocks come in order: all the 3s before any of the 4s.',
        'As soon as a number cannot be played in full, the run stops and the rest is lost. Some tables hand the leftover numbers to the opponent; Zar does not.',
        'The run carries on into the bear-off.',
      ],
    },
    {
      kind: 'position',
      position: GUL_BARA.runBefore,
      caption: 'White to roll 2-2, long past the opening turns. White trails the race, 71 pips against Black’s 57.',
    },
    {
      kind: 'position',
      position: GUL_BARA.runAfter.position,
      lastMove: GUL_BARA.runAfter.lastMove,
      caption:
        'The run: four 2s, four 3s, four 4s, four 5s, four 6s. Twenty moves bring the last two White checkers home and bear off all fifteen. Black has none off, so White wins a mars, 2 points; the game is over before Black rolls again.',
    },
    { kind: 'h', text: 'Bearing off and scoring' },
    {
      kind: 'p',
      text: 'Bearing off follows the usual rule. A win is 1 point, a mars 2 when the loser has borne off nothing. No cube, no triple. In Bulgaria gulbara is the middle game of the cycle tabla, gulbara, tapa, usually played to 5 points.',
    },
  ],
};
