import type { Catalogue } from './catalogue.js';
import { accountEl } from './sections/account/el.js';
import { analysisEl } from './sections/analysis/el.js';
import { analysisBoardEl } from './sections/analysisBoard/el.js';
import { boardEl } from './sections/board/el.js';
import { companyEl } from './sections/company/el.js';
import { correspondenceEl } from './sections/correspondence/el.js';
import { diceEl } from './sections/dice/el.js';
import { errorsEl } from './sections/errors/el.js';
import { gamesEl } from './sections/games/el.js';
import { hintsEl } from './sections/hints/el.js';
import { historyEl } from './sections/history/el.js';
import { importsEl } from './sections/imports/el.js';
import { learnEl } from './sections/learn/el.js';
import { lobbyEl } from './sections/lobby/el.js';
import { looksEl } from './sections/looks/el.js';
import { peopleEl } from './sections/people/el.js';
import { playEl } from './sections/play/el.js';
import { playersEl } from './sections/players/el.js';
import { puzzlesEl } from './sections/puzzles/el.js';
import { recordEl } from './sections/record/el.js';
import { setupEl } from './sections/setup/el.js';
import { siteEl } from './sections/site/el.js';
import { tableEl } from './sections/table/el.js';
import { tournamentsEl } from './sections/tournaments/el.js';
import { welcomeEl } from './sections/welcome/el.js';

/** Greek. */
export const el: Catalogue = {
  ...siteEl,
  ...gamesEl,
  ...setupEl,
  ...playEl,
  board: boardEl,
  learn: learnEl,
  history: historyEl,
  analysis: analysisEl,
  account: accountEl,
  errors: errorsEl,
  table: tableEl,
  looks: looksEl,
  record: recordEl,
  welcome: welcomeEl,
  hints: hintsEl,
  lobby: lobbyEl,
  players: playersEl,
  people: peopleEl,
  dice: diceEl,
  company: companyEl,
  tournaments: tournamentsEl,
  imports: importsEl,
  analysisBoard: analysisBoardEl,
  puzzles: puzzlesEl,
  correspondence: correspondenceEl,
};
