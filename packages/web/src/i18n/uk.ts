import type { Catalogue } from './catalogue.js';
import { accountUk } from './sections/account/uk.js';
import { analysisUk } from './sections/analysis/uk.js';
import { analysisBoardUk } from './sections/analysisBoard/uk.js';
import { boardUk } from './sections/board/uk.js';
import { companyUk } from './sections/company/uk.js';
import { correspondenceUk } from './sections/correspondence/uk.js';
import { diceUk } from './sections/dice/uk.js';
import { errorsUk } from './sections/errors/uk.js';
import { gamesUk } from './sections/games/uk.js';
import { hintsUk } from './sections/hints/uk.js';
import { historyUk } from './sections/history/uk.js';
import { importsUk } from './sections/imports/uk.js';
import { learnUk } from './sections/learn/uk.js';
import { lobbyUk } from './sections/lobby/uk.js';
import { looksUk } from './sections/looks/uk.js';
import { peopleUk } from './sections/people/uk.js';
import { playUk } from './sections/play/uk.js';
import { playersUk } from './sections/players/uk.js';
import { puzzlesUk } from './sections/puzzles/uk.js';
import { recordUk } from './sections/record/uk.js';
import { setupUk } from './sections/setup/uk.js';
import { siteUk } from './sections/site/uk.js';
import { tableUk } from './sections/table/uk.js';
import { tournamentsUk } from './sections/tournaments/uk.js';
import { welcomeUk } from './sections/welcome/uk.js';

/** Ukrainian. */
export const uk: Catalogue = {
  ...siteUk,
  ...gamesUk,
  ...setupUk,
  ...playUk,
  board: boardUk,
  learn: learnUk,
  history: historyUk,
  analysis: analysisUk,
  account: accountUk,
  errors: errorsUk,
  table: tableUk,
  looks: looksUk,
  record: recordUk,
  welcome: welcomeUk,
  hints: hintsUk,
  lobby: lobbyUk,
  players: playersUk,
  people: peopleUk,
  dice: diceUk,
  company: companyUk,
  tournaments: tournamentsUk,
  imports: importsUk,
  analysisBoard: analysisBoardUk,
  puzzles: puzzlesUk,
  correspondence: correspondenceUk,
};
