import type { LearnPage } from '../../types.js';

export const strategy: LearnPage = {
  slug: 'strategy',
  title: 'Strategy basics',
  summary: 'First ideas for each family: hitting games, the pinning game, the no-hit races and the doubles race.',
  blocks: [
    { kind: 'h', text: 'Backgammon: points, blots and the race' },
    {
      kind: 'p',
      text: 'From the first roll three aims pull in different directions: make points, block your opponent, run your back checkers. The 5 point of your home board is the most valuable on the board; hold it and every checker you hit has a narrower road back from the bar.',
    },
    {
      kind: 'list',
      items: [
        'Good opening moves make a point: 3-1 as 8/5 6/5, 4-2 as 8/4 6/4, 6-1 as 13/7 8/7.',
        'A blot within six pips of an enemy checker can be hit directly, with at least eleven rolls in thirty-six; one seven or more pips away needs a combination and is far safer.',
        'Six points in a row, a full prime, cannot be jumped. Even four or five in a row make life hard for the checkers behind them.',
        'A blot is not a mistake in itself but a bet: what it gains must outweigh what a hit would cost.',
        'Once the two armies have passed each other the game is a pure race. Count the pips: the side that is ahead wants to stay out of trouble, the side behind wants contact.',
      ],
    },
    {
      kind: 'p',
      text: 'With the cube, a rough guide for money play: double when you are a clear favourite but not yet so far ahead that your opponent should pass; take when you expect to win at least one game in four, ignoring gammons.',
    },
    { kind: 'h', text: 'Plakoto: the fight for the corners' },
    {
      kind: 'list',
      items: [
        'Early pins count double: an enemy checker pinned near its starting corner loses its whole journey, and the point you take blocks his stack.',
        'Leave the start in pairs when you can, and keep more than one checker at home until the mother can follow safely.',
        'A lone checker in front of the enemy stack is an invitation. Count how many rolls land on it before you leave it there.',
        'Late in the game watch out for stragglers: a single enemy checker behind your lines can still pin a blot in your home board and stop your bear-off.',
      ],
    },
    { kind: 'h', text: 'Long nardy and fevga: blocking races' },
    {
      kind: 'list',
      items: [
        'Nothing is ever hit, so position is everything: points held in front of the enemy army slow him down for many turns.',
        'In long nardy only one checker leaves the head each turn, so every turn spent without taking one down is a tempo gone. Keep the supply line moving.',
        'Build walls of up to five points; remember the sixth is only legal once an enemy checker has got past.',
        'Spread rather than stack: a tall pile on one point blocks nothing and wastes numbers later.',
        'In fevga the first checker is your scout: get it past the enemy start quickly so the rest of the army is free to move.',
      ],
    },
    { kind: 'h', text: 'Gul bara: living with the run' },
    {
      kind: 'list',
      items: [
        'After the opening turns any double is worth a fortune, so keep your position flexible enough to use a long run in full.',
        'A run stops at the first number that cannot be played. Points held at the right distance in front of your opponent can cut his run short.',
        'Count the race with the doubles in mind: a player who is behind is never quite out of it.',
      ],
    },
  ],
};
