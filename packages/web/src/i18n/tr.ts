import type { Catalogue } from './catalogue.js';
import { accountTr } from './sections/account/tr.js';
import { analysisTr } from './sections/analysis/tr.js';
import { analysisBoardTr } from './sections/analysisBoard/tr.js';
import { boardTr } from './sections/board/tr.js';
import { companyTr } from './sections/company/tr.js';
import { correspondenceTr } from './sections/correspondence/tr.js';
import { diceTr } from './sections/dice/tr.js';
import { errorsTr } from './sections/errors/tr.js';
import { gamesTr } from './sections/games/tr.js';
import { hintsTr } from './sections/hints/tr.js';
import { historyTr } from './sections/history/tr.js';
import { importsTr } from './sections/imports/tr.js';
import { learnTr } from './sections/learn/tr.js';
import { lobbyTr } from './sections/lobby/tr.js';
import { looksTr } from './sections/looks/tr.js';
import { peopleTr } from './sections/people/tr.js';
import { playTr } from './sections/play/tr.js';
import { playersTr } from './sections/players/tr.js';
import { puzzlesTr } from './sections/puzzles/tr.js';
import { recordTr } from './sections/record/tr.js';
import { setupTr } from './sections/setup/tr.js';
import { siteTr } from './sections/site/tr.js';
import { tableTr } from './sections/table/tr.js';
import { tournamentsTr } from './sections/tournaments/tr.js';
import { welcomeTr } from './sections/welcome/tr.js';

/** Turkish. */
export const tr: Catalogue = {
  ...siteTr,
  ...gamesTr,
  ...setupTr,
  ...playTr,
  board: boardTr,
  learn: learnTr,
  history: historyTr,
  analysis: analysisTr,
  account: accountTr,
  errors: errorsTr,
  table: tableTr,
  looks: looksTr,
  record: recordTr,
  welcome: welcomeTr,
  hints: hintsTr,
  lobby: lobbyTr,
  players: playersTr,
  people: peopleTr,
  dice: diceTr,
  company: companyTr,
  tournaments: tournamentsTr,
  imports: importsTr,
  analysisBoard: analysisBoardTr,
  puzzles: puzzlesTr,
  correspondence: correspondenceTr,
};
