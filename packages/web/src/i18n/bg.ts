import type { Catalogue } from './catalogue.js';
import { accountBg } from './sections/account/bg.js';
import { analysisBg } from './sections/analysis/bg.js';
import { analysisBoardBg } from './sections/analysisBoard/bg.js';
import { boardBg } from './sections/board/bg.js';
import { companyBg } from './sections/company/bg.js';
import { correspondenceBg } from './sections/correspondence/bg.js';
import { diceBg } from './sections/dice/bg.js';
import { errorsBg } from './sections/errors/bg.js';
import { gamesBg } from './sections/games/bg.js';
import { hintsBg } from './sections/hints/bg.js';
import { historyBg } from './sections/history/bg.js';
import { importsBg } from './sections/imports/bg.js';
import { learnBg } from './sections/learn/bg.js';
import { lobbyBg } from './sections/lobby/bg.js';
import { looksBg } from './sections/looks/bg.js';
import { peopleBg } from './sections/people/bg.js';
import { playBg } from './sections/play/bg.js';
import { playersBg } from './sections/players/bg.js';
import { puzzlesBg } from './sections/puzzles/bg.js';
import { recordBg } from './sections/record/bg.js';
import { setupBg } from './sections/setup/bg.js';
import { siteBg } from './sections/site/bg.js';
import { tableBg } from './sections/table/bg.js';
import { tournamentsBg } from './sections/tournaments/bg.js';
import { welcomeBg } from './sections/welcome/bg.js';

/** Bulgarian. */
export const bg: Catalogue = {
  ...siteBg,
  ...gamesBg,
  ...setupBg,
  ...playBg,
  board: boardBg,
  learn: learnBg,
  history: historyBg,
  analysis: analysisBg,
  account: accountBg,
  errors: errorsBg,
  table: tableBg,
  looks: looksBg,
  record: recordBg,
  welcome: welcomeBg,
  hints: hintsBg,
  lobby: lobbyBg,
  players: playersBg,
  people: peopleBg,
  dice: diceBg,
  company: companyBg,
  tournaments: tournamentsBg,
  imports: importsBg,
  analysisBoard: analysisBoardBg,
  puzzles: puzzlesBg,
  correspondence: correspondenceBg,
};
