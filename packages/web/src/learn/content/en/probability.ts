import type { LearnPage } from '../../types.js';

export const probability: LearnPage = {
  slug: 'probability',
  title: 'Dice and odds',
  summary: 'How often each sum comes up, and how likely a blot is to be hit at each distance.',
  blocks: [
    { kind: 'h', text: 'Thirty-six rolls' },
    {
      kind: 'p',
      text: 'Two dice give thirty-six equally likely rolls. A particular non-double, say 6-5, can fall two ways (6 then 5, or 5 then 6); a particular double only one. So any given double turns up once in thirty-six throws, and some double or other one throw in six.',
    },
    {
      kind: 'p',
      text: 'When one checker uses both dice, what counts is their sum. The table shows how many of the thirty-six rolls produce each sum: seven is the most common, two and twelve the rarest.',
    },
    { kind: 'table', table: 'dice-sums' },
    {
      kind: 'p',
      text: 'In these games the sum is only part of the story, since the dice can also be played separately and a double is played four times. On average a roll moves a little over eight pips once the doubles are counted in full.',
    },
    { kind: 'h', text: 'How likely is a hit?' },
    {
      kind: 'p',
      text: 'For each distance between an attacking checker and an enemy blot, the next table counts the rolls that take the attacker exactly there: one die showing the distance, the two dice adding up to it, or a double played two, three or four times to cover it.',
    },
    { kind: 'table', table: 'shots-by-distance' },
    {
      kind: 'p',
      text: 'Up to six pips away a single die can do the job and the numbers are high; six itself is the most dangerous distance, because direct sixes, combinations and doubles all add up there. From seven on you need both dice and the risk drops sharply. Beyond twelve only doubles reach, and thirteen and fourteen cannot be reached in one roll at all. Hence the old advice: do not leave a blot within six pips in front of an enemy checker if you can help it.',
    },
    {
      kind: 'p',
      text: 'Two simplifications are built into the table. It ignores closed points, so in a real position a route through an enemy point may be shut and the real chance lower. And it looks at one attacker only: when several checkers aim at the same blot the chance grows, though not by simple addition, since one roll can serve several of them.',
    },
    { kind: 'h', text: 'Coming in from the bar' },
    {
      kind: 'p',
      text: 'A checker on the bar fails to enter only when both dice name closed points. Against one closed point that happens once in thirty-six rolls; against five it happens twenty-five times, so you get in with just eleven rolls of thirty-six. Against a closed board you cannot enter at all.',
    },
  ],
};
