import type { Catalogue } from './catalogue.js';
import { accountAr } from './sections/account/ar.js';
import { analysisAr } from './sections/analysis/ar.js';
import { analysisBoardAr } from './sections/analysisBoard/ar.js';
import { boardAr } from './sections/board/ar.js';
import { companyAr } from './sections/company/ar.js';
import { correspondenceAr } from './sections/correspondence/ar.js';
import { diceAr } from './sections/dice/ar.js';
import { errorsAr } from './sections/errors/ar.js';
import { gamesAr } from './sections/games/ar.js';
import { hintsAr } from './sections/hints/ar.js';
import { historyAr } from './sections/history/ar.js';
import { importsAr } from './sections/imports/ar.js';
import { learnAr } from './sections/learn/ar.js';
import { lobbyAr } from './sections/lobby/ar.js';
import { looksAr } from './sections/looks/ar.js';
import { peopleAr } from './sections/people/ar.js';
import { playAr } from './sections/play/ar.js';
import { playersAr } from './sections/players/ar.js';
import { puzzlesAr } from './sections/puzzles/ar.js';
import { recordAr } from './sections/record/ar.js';
import { setupAr } from './sections/setup/ar.js';
import { siteAr } from './sections/site/ar.js';
import { tableAr } from './sections/table/ar.js';
import { tournamentsAr } from './sections/tournaments/ar.js';
import { welcomeAr } from './sections/welcome/ar.js';

/** Arabic (right to left; numbers and move notation stay left to right). */
export const ar: Catalogue = {
  ...siteAr,
  ...gamesAr,
  ...setupAr,
  ...playAr,
  board: boardAr,
  learn: learnAr,
  history: historyAr,
  analysis: analysisAr,
  account: accountAr,
  errors: errorsAr,
  table: tableAr,
  looks: looksAr,
  record: recordAr,
  welcome: welcomeAr,
  hints: hintsAr,
  lobby: lobbyAr,
  players: playersAr,
  people: peopleAr,
  dice: diceAr,
  company: companyAr,
  tournaments: tournamentsAr,
  imports: importsAr,
  analysisBoard: analysisBoardAr,
  puzzles: puzzlesAr,
  correspondence: correspondenceAr,
};
