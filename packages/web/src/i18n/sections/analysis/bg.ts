import type { Catalogue } from '../../catalogue.js';

/** Bulgarian strings of the 'analysis' section. */
export const analysisBg: Catalogue['analysis'] = {
  title: 'Анализ на мача',
  back: 'Обратно към мача',
  queued: 'Изчаква анализ (преди него: {n})…',
  running: 'Мачът се анализира…',
  depth: 'Всяко решение се сравнява с най-доброто, намерено от бота на дълбочина {plies}.',
  player: 'Играч',
  decisions: 'Решения',
  errorRate: 'Честота на грешките',
  errorRateLong: 'Загубено еквити на решение, в хилядни (mEMG)',
  pr: 'PR',
  prLong: 'Рейтинг на играта: 500 × загубено еквити на решение; по-малкото е по-добре',
  luck: 'Късмет',
  luckLong:
    'Късмет: сборът от еквитито, което хвърлянията му дават над средното хвърляне (EMG); положителен: по-голям късмет от средния',
  show: 'Покажи',
  filters: {
    marked: 'Съмнителни ходове, грешки и груби грешки',
    errors: 'Грешки и груби грешки',
    all: 'Всички решения',
  },
  none: 'Няма такива решения: добра игра.',
  gameN: 'Игра {n}',
  best: 'най-добре',
  marks: {
    doubtful: 'Съмнително',
    error: 'Грешка',
    blunder: 'Груба грешка',
  },
  cube: {
    'no-double': 'Без удвояване',
    double: 'Удвои',
    take: 'Приемам',
    drop: 'Отказвам',
    beaver: 'Бобър',
  },
  cubeLine: {
    'no-double': 'Без удвояване',
    'double-take': 'Удвояване, прието',
    'double-drop': 'Удвояване, отказано',
  },
  doublerView: 'Еквити на страната, която може да удвои',
  play: 'Ход',
  equity: 'Еквити',
  played: 'изиграно',
};
