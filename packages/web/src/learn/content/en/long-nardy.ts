import type { LearnPage } from '../../types.js';
import { LONG_NARDY } from '../positions.js';

export const longNardy: LearnPage = {
  slug: 'long-nardy',
  title: 'Long nardy',
  summary:
    'The great game of Russia and the Caucasus: everyone starts on the head, both armies run the same way, nobody is ever hit.',
  blocks: [
    { kind: 'h', text: 'Setup and direction' },
    {
      kind: 'p',
      text: 'Each player puts all fifteen checkers on his 24 point, the head. The two heads sit in diagonally opposite corners and both armies travel the same way round the board, so your opponent’s head is your 12 point and his home board is your 13 to 18. Home for you is, as ever, points 1 to 6.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.start,
      caption: 'Long nardy at the start: fifteen checkers on each head. White to roll.',
    },
    {
      kind: 'p',
      text: 'Each player throws one die and the higher one starts; on Zar the winner then rolls both dice for his first move. In later games of a match the winner of the previous game starts.',
    },
    { kind: 'h', text: 'Moving without hitting' },
    {
      kind: 'p',
      text: 'The dice work as in backgammon: one move per die, four for a double, the same checker may take both numbers if it can stop in between. What changes is the blocking: a single enemy checker is enough to close a point. There is no hitting and no bar. You must play both dice if you can, and the larger one if only one will go.',
    },
    { kind: 'h', text: 'The head rule' },
    {
      kind: 'p',
      text: 'Only one checker may leave the head in a turn. It may travel as far as the dice take it, but a second one stays put. There is one exception, on each player’s very first turn: with 6-6, 4-4 or 3-3 two checkers may come off, because a single checker could not play all four numbers anyway; the opponent’s head on your 12 point bars its way.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.opening66.position,
      lastMove: LONG_NARDY.opening66.lastMove,
      caption:
        'White opened with 6-6 and played 24/18(2), two checkers off the head thanks to the first-turn exception. The other two sixes are lost: 18/12 would land on Black’s head. Black to roll.',
    },
    { kind: 'h', text: 'The six-block rule' },
    {
      kind: 'p',
      text: 'You may not build six points in a row unless at least one enemy checker is already ahead of them. Five in a row is always fine. “In a row” means along your opponent’s path, and that path turns the corner between your 1 and your 24 points, so 3, 2, 1, 24, 23, 22 is an unbroken line. Your 13 and 12 are not neighbours: for your opponent they are his 1 and his 24.',
    },
    {
      kind: 'p',
      text: 'Zar checks the rule after every single step: a step that would close an illegal block may not be played, even if a later step of the same roll would open it again.',
    },
    {
      kind: 'position',
      position: LONG_NARDY.wrapBlock,
      caption:
        'White to roll 2-1. White holds 24, 23, 22, 3 and 2: five points in a line along Black’s path, which crosses the corner. 3/1 would close the sixth while every Black checker is still behind the wall, so it is not allowed. 3/2 3/1 is legal, because it empties the 3 point.',
    },
    { kind: 'h', text: 'Bearing off and scoring' },
    {
      kind: 'p',
      text: 'Bearing off starts once all fifteen are home and follows the backgammon rule: the exact point, otherwise a move from a higher point, otherwise the highest point occupied.',
    },
    {
      kind: 'list',
      items: [
        'Oin, 1 point: the loser has borne off at least one checker.',
        'Mars, 2 points: the loser has borne off none.',
      ],
    },
    {
      kind: 'p',
      text: 'There is no cube. Koks, the “home mars” and the equalising last roll are house rules that Zar does not use. Matches usually run to 3, 5 or 7 points.',
    },
  ],
};
