import type { LearnPage } from '../../types.js';

export const culture: LearnPage = {
  slug: 'culture',
  title: 'Culture and words',
  summary:
    'What the games are called from Bucharest to Baghdad, where they came from, and what the players shout at the dice.',
  blocks: [
    { kind: 'h', text: 'One board, many names' },
    {
      kind: 'list',
      items: [
        'Backgammon is table in Romania, tavla in Turkey, portes in Greece, tabla in Bulgaria, short nardy (короткие нарды) in Russia and Ukraine, and tawla (طاولة) or sheesh besh across the Arab world.',
        'Long nardy (длинные нарды) is the everyday game of Russia, Ukraine and the Caucasus; Azerbaijanis call it uzun nərd.',
        'Plakoto in Greece is tapa in Bulgaria, North Macedonia and Turkey, and mahbusa (محبوسة, “the imprisoned one”) in Syria, Lebanon and Egypt.',
        'Fevga has a near twin in Turkish moultezim; both are close cousins of long nardy.',
        'Gul bara is гюлбара in Bulgaria and gyulbara or ghiulbahar in Romania.',
        'Greeks play portes, plakoto and fevga one after another and call the whole match tavli; Bulgarians play the cycle tabla, gulbara, tapa.',
      ],
    },
    { kind: 'h', text: 'A short history' },
    {
      kind: 'p',
      text: 'Race games with dice are among the oldest games we know. The Romans played tabula on twenty-four points with fifteen checkers a side, and a sixth-century epigram records a disastrous throw by the emperor Zeno. A Middle Persian text credits the sage Bozorgmehr with inventing nard as Persia’s answer to Indian chess. From Persia and Byzantium the game spread into the coffee houses of the Ottoman world and the Balkans, to the Caucasus and to medieval Europe, where “tables” became backgammon in seventeenth-century England. The doubling cube was added in New York clubs in the 1920s; since the 1990s self-taught computer programs have reshaped how the game is played.',
    },
    {
      kind: 'p',
      text: 'The words travelled with the board: table, tavla, tavli, tabla and tawla all come from the Latin tabula, while нарды goes back to the Persian nard.',
    },
    { kind: 'h', text: 'The dice calls' },
    {
      kind: 'p',
      text: 'Wherever the game went, players kept calling the dice in Persian and Turkish numbers, and you will hear the same words in a café in Istanbul, Sofia or Baku.',
    },
    {
      kind: 'terms',
      items: [
        { term: 'yek', meaning: 'one (Persian yek)' },
        { term: 'dü', meaning: 'two (Persian du)' },
        { term: 'se', meaning: 'three' },
        { term: 'cehar', meaning: 'four (Persian chahar)' },
        { term: 'penç', meaning: 'five (Persian panj)' },
        { term: 'şeş', meaning: 'six (Persian shesh)' },
        { term: 'hep yek', meaning: 'double ones, 1-1' },
        { term: 'dubara', meaning: 'double twos, 2-2' },
        { term: 'düşeş', meaning: 'double sixes, 6-6: “two sixes”' },
        {
          term: 'şeş-beş',
          meaning: '6-5, with the Turkish beş for five; in much of the Middle East also a name for the game itself',
        },
      ],
    },
    { kind: 'h', text: 'Other words at the table' },
    {
      kind: 'terms',
      items: [
        { term: 'mars', meaning: 'a double win, the loser has borne off nothing (marț in Romanian, марс in Russian)' },
        { term: 'oin (ойн)', meaning: 'a plain single win in long nardy' },
        { term: 'head (голова)', meaning: 'the starting point in long nardy, where all fifteen checkers begin' },
        { term: 'mana (μάνα)', meaning: 'the mother in plakoto: the last checker on the starting point' },
        { term: 'pip', meaning: 'one point of distance; the pip count is how far an army still has to travel' },
      ],
    },
  ],
};
