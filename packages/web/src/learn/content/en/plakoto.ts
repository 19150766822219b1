import type { LearnPage } from '../../types.js';
import { PLAKOTO } from '../positions.js';

export const plakoto: LearnPage = {
  slug: 'plakoto',
  title: 'Plakoto',
  summary:
    'The Greek pinning game, also called tapa and mahbusa: land on a lone checker and it is trapped under yours.',
  blocks: [
    { kind: 'h', text: 'Setup' },
    {
      kind: 'p',
      text: 'Each player starts with all fifteen checkers on his own 24 point, which lies in the corner of the opponent’s home board. The armies travel in opposite directions, as in backgammon, and each is trying to bring everything home and bear it off.',
    },
    {
      kind: 'position',
      position: PLAKOTO.start,
      caption: 'Plakoto at the start: each side’s fifteen checkers in the other’s home corner. White to roll.',
    },
    {
      kind: 'p',
      text: 'Both players throw one die; the higher number starts and rolls both dice again. In a match the winner of the previous game starts the next one.',
    },
    { kind: 'h', text: 'Pinning instead of hitting' },
    {
      kind: 'p',
      text: 'Land on a lone enemy checker and you pin it: it stays on the point, trapped under yours, and may not move until every checker on top of it has left. Nothing goes to a bar. While you hold the pin the point belongs to you; your opponent cannot land there, and you may stack more of your own on top.',
    },
    {
      kind: 'p',
      text: 'A point is closed to you when two or more enemy checkers stand on it, or when the enemy has pinned one of yours there. Otherwise the dice work as in backgammon: both numbers if possible, the larger if only one can be played, and numbers that cannot be played are lost.',
    },
    {
      kind: 'position',
      position: PLAKOTO.blot,
      caption:
        'White to roll 2-1. Black has a lone checker on White’s 11 point, two pips in front of White’s pair on the 13.',
    },
    {
      kind: 'position',
      position: PLAKOTO.pinned.position,
      lastMove: PLAKOTO.pinned.lastMove,
      caption:
        'White played 24/23 13/11*: the Black checker is pinned under a White one and cannot move until White leaves. Black to roll, and Black may not land on that point either.',
    },
    { kind: 'h', text: 'The mother' },
    {
      kind: 'p',
      text: 'Your last checker on your starting point is the mother. If your opponent pins her, the game ends on the spot and you lose 2 points. The exception: if the pinner still has a checker on his own starting point, play goes on, and should you then pin his mother as well, the game is a draw. Some Greek tables play without the exception; on Zar it is on unless you choose otherwise.',
    },
    {
      kind: 'position',
      position: PLAKOTO.motherAlone,
      caption:
        'White to roll 2-1. Black’s mother stands alone on its starting point, White’s 1 point, and White has no checker left on its own start.',
    },
    {
      kind: 'position',
      position: PLAKOTO.motherPinned.position,
      lastMove: PLAKOTO.motherPinned.lastMove,
      caption:
        'White played 3/1* 2/1 and pinned the mother. Black would be on roll, but the game is already over: White wins 2 points.',
    },
    { kind: 'h', text: 'Bearing off and scoring' },
    {
      kind: 'p',
      text: 'You may bear off once all fifteen are home and none of them is pinned; a checker pinned late by an enemy straggler halts your bear-off until it is free. The usual rule applies: exact point, else a move from higher up, else the highest point.',
    },
    {
      kind: 'list',
      items: [
        'Win, 1 point: the loser has borne off at least one checker.',
        'Double win, 2 points: the loser has borne off none.',
        'Mother pinned, 2 points, game over at once.',
      ],
    },
    {
      kind: 'p',
      text: 'There is no cube and no triple win. In a Greek tavli match plakoto is the second game of the cycle portes, plakoto, fevga; in Bulgaria tapa closes the cycle tabla, gulbara, tapa.',
    },
  ],
};
