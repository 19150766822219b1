import type { Catalogue } from '../../catalogue.js';

/** Bulgarian strings of the 'imports' section. */
export const importsBg: Catalogue['imports'] = {
  title: 'Внасяне на мач',
  intro:
    'Качете мач, изигран другаде: файл .mat (експортират ги gnubg, eXtreme Gammon, JellyFish и големите сайтове), файл .sgf от gnubg или запис Zar JSON, до 1 MB. Zar го проверява ход по ход; после можете да го прегледате и да поискате анализа му.',
  link: 'Внасяне на мач от файл',
  file: 'Файл',
  paste: 'Или поставете текста му',
  submit: 'Провери и внеси',
  checking: 'Проверява се…',
  empty: 'Първо изберете файл или поставете текста му.',
  tooLarge: 'Този файл е по-голям от 1 MB.',
  atLine: 'Ред {line}: {text}',
  unchecked: 'Това, което следва, не може да се провери.',
  others: 'И тези редове не могат да се прочетат:',
  yours: 'Вашите внесени мачове',
  none: 'Още не сте внесли нито един мач.',
  replay: 'Преглед',
  analysis: 'Анализ',
  another: 'Внасяне на друг мач',
  errors: {
    ERR_JSON: 'Този файл не е валиден JSON.',
    ERR_MAT_EMPTY: 'Това не е файл .mat или в него няма нито една партия.',
    ERR_MAT_HEADER: 'Файлът трябва да започва с „N point match“; в него има „{found}“.',
    ERR_MAT_SYNTAX: 'Този ред не може да се прочете: „{found}“.',
    ERR_MAT_SCORE: 'Файлът дава резултат {given}, но предишните партии дават {expected}.',
    ERR_MAT_ILLEGAL_MOVE: '{player} хвърля {dice} и файлът играе „{move}“, което там не е позволено.',
    ERR_MAT_ILLEGAL_ACTION: '„{action}“ на {player} не е позволено в този момент от партията.',
    ERR_MAT_CUBE: 'Кубът тук отива на {expected}, а не на {value}.',
    ERR_MAT_RESULT: 'Файлът дава тази партия на {player} за {points}, а ходовете ѝ не го дават.',
    ERR_MAT_TRUNCATED: 'Файлът свършва преди партия {game} или мачът да приключат.',
    ERR_RECORD_VERSION: 'Този запис на Zar е версия {version}; Zar чете версия 1.',
    ERR_RECORD_SHAPE: 'Този запис на Zar е грешен в „{field}“.',
    ERR_RECORD_ILLEGAL: 'Правилата не позволяват действие номер {number} от записа.',
  },
};
