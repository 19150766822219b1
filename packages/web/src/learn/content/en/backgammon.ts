import type { LearnPage } from '../../types.js';
import { BACKGAMMON } from '../positions.js';

export const backgammon: LearnPage = {
  slug: 'backgammon',
  title: 'Backgammon',
  summary:
    'The classic race with hitting: two armies of fifteen, opposite directions, the bar, the bear-off and the doubling cube.',
  blocks: [
    { kind: 'h', text: 'The race in one sentence' },
    {
      kind: 'p',
      text: 'Two players, fifteen checkers each, twenty-four points. You drive your checkers round the board towards your home while your opponent comes the other way, and whoever bears off all fifteen first wins the game.',
    },
    {
      kind: 'p',
      text: 'Every player counts the points from his own side: point 1 is the deepest point of your home board, point 24 the one farthest from it. Because the armies travel in opposite directions, your 1 point is your opponent’s 24. Your home board is points 1 to 6; that is where your checkers are heading and where they leave the board.',
    },
    { kind: 'h', text: 'Setting up' },
    {
      kind: 'p',
      text: 'Counted from your own side: two checkers on the 24 point, five on the 13, three on the 8 and five on the 6. Your opponent’s army is the mirror image of yours.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.start,
      caption:
        'The starting position, White to roll. Each side needs 167 pips to bring everything home and off: 167 against 167.',
    },
    { kind: 'h', text: 'The opening roll' },
    {
      kind: 'p',
      text: 'Each player throws a single die. The higher number moves first and plays the two numbers already on the table as his first move, so a game can never open with a double. On a tie both throw again. In Greek portes, Turkish tavla and Bulgarian tabla the winner of the throw picks up both dice and rolls afresh instead.',
    },
    { kind: 'h', text: 'Rolling and moving' },
    {
      kind: 'p',
      text: 'Roll two dice and move forward by exactly those numbers: one checker for each die, or one checker for both, touching down on the point in between. A point held by two or more enemy checkers is closed to you, even as a stopover. A double is played four times: 4-4 means four moves of four.',
    },
    {
      kind: 'p',
      text: 'You must use as much of the roll as the position allows: both dice, or all four numbers of a double. If only one die can be played, you play it; if either could be played but not both together, you must play the larger. The turn passes without a move only when nothing fits at all.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.opening31.position,
      lastMove: BACKGAMMON.opening31.lastMove,
      caption:
        'White opened with 3-1 and played 8/5 6/5, making the valuable 5 point. Black to roll. White’s count has dropped by four: 163 for White, still 167 for Black.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.reply65.position,
      lastMove: BACKGAMMON.reply65.lastMove,
      caption:
        'Black answered 6-5 by running a back checker all the way, 24/13. White to roll, with 163 pips against Black’s 156.',
    },
    { kind: 'h', text: 'Hitting and the bar' },
    {
      kind: 'p',
      text: 'A checker standing alone on a point is a blot. Land on it and you hit it: it is lifted onto the bar, the ridge in the middle of the board. A player with a checker on the bar may move nothing else until it is back in play.',
    },
    {
      kind: 'p',
      text: 'A checker on the bar re-enters in the opponent’s home board, on the point the die names: with a 2 it comes in on your 23 point, with a 6 on your 19. If every point the dice name is closed, the whole roll is lost. Once all your checkers are back, any numbers left over are played as usual.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.blot,
      caption: 'Black has left a blot three pips in front of White’s midpoint. White to roll, 166 pips to Black’s 176.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.hit.position,
      lastMove: BACKGAMMON.hit.lastMove,
      caption:
        'White rolled 3-1 and played 13/10* 6/5: the blot is hit and the 5 point closed. Black to roll, from the bar. The hit costs Black ten pips at a stroke: Black 186, White 162.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.entered.position,
      lastMove: BACKGAMMON.entered.lastMove,
      caption:
        'Black rolled 6-2: bar/23 brings the checker back in with the 2, and 13/7 uses the 6. White to roll; Black is at 178, White still at 162.',
    },
    { kind: 'h', text: 'Bearing off' },
    {
      kind: 'p',
      text: 'When all fifteen of your checkers are in your home board you may start taking them off. A die removes a checker from the point of its own number. If that point is empty, you must move a checker down from a higher point; only when no checker stands higher may you bear off from the highest occupied point.',
    },
    {
      kind: 'p',
      text: 'Bearing off is never compulsory: an ordinary move inside your home board is always allowed instead. A checker hit during the bear-off has to come in from the bar and travel all the way home again before you may take off another.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.bearOff,
      caption:
        'White has all fifteen home and six of them already off. White to roll, needing 36 pips against Black’s 57.',
    },
    {
      kind: 'position',
      position: BACKGAMMON.boreOff.position,
      lastMove: BACKGAMMON.boreOff.lastMove,
      caption:
        'White rolled 6-5 and took two checkers off, 6/off 5/off. Black to roll. White is down from 36 to 25 pips; Black still needs 57.',
    },
    { kind: 'h', text: 'Scoring' },
    {
      kind: 'list',
      items: [
        'Single game, 1 point: the loser has borne off at least one checker.',
        'Gammon, 2 points: the loser has borne off none.',
        'Backgammon, 3 points: the loser has borne off none and still has a checker on the bar or in the winner’s home board.',
      ],
    },
    {
      kind: 'p',
      text: 'Portes, tavla and tabla as played in Greece, Turkey and Bulgaria know no triple win: a backgammon counts as a gammon there, and the cube is left in the box.',
    },
    { kind: 'h', text: 'The doubling cube' },
    {
      kind: 'p',
      text: 'At the start of your turn, before rolling, you may offer the cube if it is in the middle or on your side. Your opponent either takes, and the game goes on at double the stake with the cube now his (only he may redouble next), or passes and loses the game at its current value. Whatever a game is worth at the end, single, gammon or backgammon, is multiplied by the cube.',
    },
    {
      kind: 'p',
      text: 'In a match the Crawford rule applies: the first game after one player comes within a single point of victory is played without the cube. In later games it is back in use. Of the five games on Zar, only backgammon has a cube.',
    },
  ],
};
