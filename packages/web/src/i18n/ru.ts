import type { Catalogue } from './catalogue.js';
import { accountRu } from './sections/account/ru.js';
import { analysisRu } from './sections/analysis/ru.js';
import { analysisBoardRu } from './sections/analysisBoard/ru.js';
import { boardRu } from './sections/board/ru.js';
import { companyRu } from './sections/company/ru.js';
import { correspondenceRu } from './sections/correspondence/ru.js';
import { diceRu } from './sections/dice/ru.js';
import { errorsRu } from './sections/errors/ru.js';
import { gamesRu } from './sections/games/ru.js';
import { hintsRu } from './sections/hints/ru.js';
import { historyRu } from './sections/history/ru.js';
import { importsRu } from './sections/imports/ru.js';
import { learnRu } from './sections/learn/ru.js';
import { lobbyRu } from './sections/lobby/ru.js';
import { looksRu } from './sections/looks/ru.js';
import { peopleRu } from './sections/people/ru.js';
import { playRu } from './sections/play/ru.js';
import { playersRu } from './sections/players/ru.js';
import { puzzlesRu } from './sections/puzzles/ru.js';
import { recordRu } from './sections/record/ru.js';
import { setupRu } from './sections/setup/ru.js';
import { siteRu } from './sections/site/ru.js';
import { tableRu } from './sections/table/ru.js';
import { tournamentsRu } from './sections/tournaments/ru.js';
import { welcomeRu } from './sections/welcome/ru.js';

/** Russian. */
export const ru: Catalogue = {
  ...siteRu,
  ...gamesRu,
  ...setupRu,
  ...playRu,
  board: boardRu,
  learn: learnRu,
  history: historyRu,
  analysis: analysisRu,
  account: accountRu,
  errors: errorsRu,
  table: tableRu,
  looks: looksRu,
  record: recordRu,
  welcome: welcomeRu,
  hints: hintsRu,
  lobby: lobbyRu,
  players: playersRu,
  people: peopleRu,
  dice: diceRu,
  company: companyRu,
  tournaments: tournamentsRu,
  imports: importsRu,
  analysisBoard: analysisBoardRu,
  puzzles: puzzlesRu,
  correspondence: correspondenceRu,
};
