import type { Catalogue } from './catalogue.js';
import { accountRo } from './sections/account/ro.js';
import { analysisRo } from './sections/analysis/ro.js';
import { analysisBoardRo } from './sections/analysisBoard/ro.js';
import { boardRo } from './sections/board/ro.js';
import { companyRo } from './sections/company/ro.js';
import { correspondenceRo } from './sections/correspondence/ro.js';
import { diceRo } from './sections/dice/ro.js';
import { errorsRo } from './sections/errors/ro.js';
import { gamesRo } from './sections/games/ro.js';
import { hintsRo } from './sections/hints/ro.js';
import { historyRo } from './sections/history/ro.js';
import { importsRo } from './sections/imports/ro.js';
import { learnRo } from './sections/learn/ro.js';
import { lobbyRo } from './sections/lobby/ro.js';
import { looksRo } from './sections/looks/ro.js';
import { peopleRo } from './sections/people/ro.js';
import { playRo } from './sections/play/ro.js';
import { playersRo } from './sections/players/ro.js';
import { puzzlesRo } from './sections/puzzles/ro.js';
import { recordRo } from './sections/record/ro.js';
import { setupRo } from './sections/setup/ro.js';
import { siteRo } from './sections/site/ro.js';
import { tableRo } from './sections/table/ro.js';
import { tournamentsRo } from './sections/tournaments/ro.js';
import { welcomeRo } from './sections/welcome/ro.js';

/** Romanian. */
export const ro: Catalogue = {
  ...siteRo,
  ...gamesRo,
  ...setupRo,
  ...playRo,
  board: boardRo,
  learn: learnRo,
  history: historyRo,
  analysis: analysisRo,
  account: accountRo,
  errors: errorsRo,
  table: tableRo,
  looks: looksRo,
  record: recordRo,
  welcome: welcomeRo,
  hints: hintsRo,
  lobby: lobbyRo,
  players: playersRo,
  people: peopleRo,
  dice: diceRo,
  company: companyRo,
  tournaments: tournamentsRo,
  imports: importsRo,
  analysisBoard: analysisBoardRo,
  puzzles: puzzlesRo,
  correspondence: correspondenceRo,
};
