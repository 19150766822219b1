import type { Catalogue } from '../../catalogue.js';

/** Russian strings of the 'imports' section. */
export const importsRu: Catalogue['imports'] = {
  title: 'Импорт матча',
  intro:
    'Загрузите матч, сыгранный в другом месте: файл .mat (его экспортируют gnubg, eXtreme Gammon, JellyFish и крупные сайты), файл .sgf из gnubg или запись Zar JSON, до 1 МБ. Zar проверит его ход за ходом; затем его можно просмотреть и запросить анализ.',
  link: 'Импортировать матч из файла',
  file: 'Файл',
  paste: 'Или вставьте его текст',
  submit: 'Проверить и импортировать',
  checking: 'Проверка…',
  empty: 'Сначала выберите файл или вставьте его текст.',
  tooLarge: 'Этот файл больше 1 МБ.',
  atLine: 'Строка {line}: {text}',
  unchecked: 'То, что идёт после, проверить нельзя.',
  others: 'Эти строки тоже не удаётся прочитать:',
  yours: 'Ваши импортированные матчи',
  none: 'Вы ещё не импортировали ни одного матча.',
  replay: 'Просмотр',
  analysis: 'Анализ',
  another: 'Импортировать другой матч',
  errors: {
    ERR_JSON: 'Этот файл не является корректным JSON.',
    ERR_MAT_EMPTY: 'Это не файл .mat, или в нём нет ни одной партии.',
    ERR_MAT_HEADER: 'Файл должен начинаться с «N point match», а в нём «{found}».',
    ERR_MAT_SYNTAX: 'Эту строку не удаётся прочитать: «{found}».',
    ERR_MAT_SCORE: 'В файле счёт {given}, но по предыдущим партиям выходит {expected}.',
    ERR_MAT_ILLEGAL_MOVE: 'У игрока {player} выпало {dice}, и файл играет «{move}», что здесь не разрешено.',
    ERR_MAT_ILLEGAL_ACTION: '«{action}» игрока {player} в этот момент партии не разрешено.',
    ERR_MAT_CUBE: 'Кубик здесь поднимается до {expected}, а не до {value}.',
    ERR_MAT_RESULT: 'Файл засчитывает эту партию игроку {player} как {points}, но её ходы этого не дают.',
    ERR_MAT_TRUNCATED: 'Файл обрывается до конца партии {game} или матча.',
    ERR_RECORD_VERSION: 'У этой записи Zar версия {version}; Zar читает версию 1.',
    ERR_RECORD_SHAPE: 'Эта запись Zar неверна в поле «{field}».',
    ERR_RECORD_ILLEGAL: 'Правила не разрешают действие записи номер {number}.',
  },
};
