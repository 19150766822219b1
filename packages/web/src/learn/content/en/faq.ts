import type { LearnPage } from '../../types.js';

export const faq: LearnPage = {
  slug: 'faq',
  title: 'Quick answers',
  summary: 'Short answers to the questions every new player asks.',
  blocks: [
    {
      kind: 'faq',
      q: 'How many checkers are there?',
      a: 'Thirty, fifteen per player, in all five games. In backgammon they start spread over four points; in the other four games each side begins with its whole stack on one point.',
    },
    {
      kind: 'faq',
      q: 'How many checkers may stand on one point?',
      a: 'As many as you like; there is no upper limit. In backgammon two or more of yours make the point yours and a single one is a blot. In long nardy, fevga and gul bara even one checker closes a point to the other side.',
    },
    {
      kind: 'faq',
      q: 'What is a gammon, or mars, worth?',
      a: 'Two points, twice a plain win. It happens when the loser has not borne off a single checker. Backgammon adds the triple: three points if the loser also still has a checker on the bar or in the winner’s home board. The cube multiplies all of these.',
    },
    {
      kind: 'faq',
      q: 'Who starts?',
      a: 'Each player throws one die and the higher number begins. In backgammon he plays the two numbers just thrown, so the first move is never a double; in the other games, and in regional backgammon, he rolls both dice again. A tie means throwing again.',
    },
    {
      kind: 'faq',
      q: 'Why do people shout “şeş-beş” and “düşeş” at the dice?',
      a: 'Those are Persian and Turkish numbers that travelled with the game: yek, dü, se, cehar, penç, şeş for one to six. Şeş-beş is 6-5, düşeş 6-6, hep yek 1-1. That is why backgammon is called shesh besh in much of the Middle East.',
    },
    {
      kind: 'faq',
      q: 'Do I have to use both dice?',
      a: 'Yes, whenever the position allows it, and all four numbers of a double. If only one die can be played you must play it, and when you could play either but not both, the larger one.',
    },
    {
      kind: 'faq',
      q: 'What if I cannot move at all?',
      a: 'Then your turn passes and the dice are lost. The same happens in backgammon when you have a checker on the bar and every entry point is closed.',
    },
    {
      kind: 'faq',
      q: 'May I bear off with a number larger than my highest point?',
      a: 'Yes, but only from the highest point you occupy, and only if no checker of yours stands higher than the number thrown. Otherwise you must move a checker down inside your home board.',
    },
    {
      kind: 'faq',
      q: 'Which games use the doubling cube?',
      a: 'Only backgammon. Long nardy, plakoto, fevga and gul bara are played for 1 or 2 points a game, and matches are played to an agreed score, often 5 or 7.',
    },
    {
      kind: 'faq',
      q: 'What is the Crawford rule?',
      a: 'In a backgammon match, the first game after a player gets within one point of winning is played without the cube. It stops the trailing player from doubling his way back for free in that game.',
    },
    {
      kind: 'faq',
      q: 'What is the difference between short and long nardy?',
      a: 'Short nardy is backgammon: opposite directions, hitting, the bar. In long nardy both sides go the same way from a single head point, one lone checker blocks a point, and nobody is ever hit.',
    },
    {
      kind: 'faq',
      q: 'Can a game end in a draw?',
      a: 'Only in plakoto, when both mothers end up pinned. In every other game someone has to bear off first.',
    },
  ],
};
