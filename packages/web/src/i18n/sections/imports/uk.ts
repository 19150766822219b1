import type { Catalogue } from '../../catalogue.js';

/** Ukrainian strings of the 'imports' section. */
export const importsUk: Catalogue['imports'] = {
  title: 'Імпорт матчу',
  intro:
    'Завантажте матч, зіграний деінде: файл .mat (його експортують gnubg, eXtreme Gammon, JellyFish і великі сайти), файл .sgf із gnubg або запис Zar JSON, до 1 МБ. Zar перевірить його хід за ходом; потім його можна переглянути й замовити аналіз.',
  link: 'Імпортувати матч із файлу',
  file: 'Файл',
  paste: 'Або вставте його текст',
  submit: 'Перевірити й імпортувати',
  checking: 'Перевірка…',
  empty: 'Спершу виберіть файл або вставте його текст.',
  tooLarge: 'Цей файл більший за 1 МБ.',
  atLine: 'Рядок {line}: {text}',
  unchecked: 'Те, що йде далі, перевірити неможливо.',
  others: 'Ці рядки теж не вдається прочитати:',
  yours: 'Ваші імпортовані матчі',
  none: 'Ви ще не імпортували жодного матчу.',
  replay: 'Перегляд',
  analysis: 'Аналіз',
  another: 'Імпортувати інший матч',
  errors: {
    ERR_JSON: 'Цей файл не є коректним JSON.',
    ERR_MAT_EMPTY: 'Це не файл .mat, або в ньому немає жодної партії.',
    ERR_MAT_HEADER: 'Файл має починатися з «N point match», а в ньому «{found}».',
    ERR_MAT_SYNTAX: 'Цей рядок не вдається прочитати: «{found}».',
    ERR_MAT_SCORE: 'У файлі рахунок {given}, але за попередніми партіями виходить {expected}.',
    ERR_MAT_ILLEGAL_MOVE: 'У гравця {player} випало {dice}, і файл грає «{move}», що тут не дозволено.',
    ERR_MAT_ILLEGAL_ACTION: '«{action}» гравця {player} у цей момент партії не дозволено.',
    ERR_MAT_CUBE: 'Кубик тут піднімається до {expected}, а не до {value}.',
    ERR_MAT_RESULT: 'Файл зараховує цю партію гравцеві {player} як {points}, але її ходи цього не дають.',
    ERR_MAT_TRUNCATED: 'Файл уривається до кінця партії {game} або матчу.',
    ERR_RECORD_VERSION: 'Цей запис Zar має версію {version}; Zar читає версію 1.',
    ERR_RECORD_SHAPE: 'Цей запис Zar хибний у полі «{field}».',
    ERR_RECORD_ILLEGAL: 'Правила не дозволяють дію запису номер {number}.',
  },
};
