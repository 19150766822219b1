import { accountEn } from './sections/account/en.js';
import { analysisEn } from './sections/analysis/en.js';
import { analysisBoardEn } from './sections/analysisBoard/en.js';
import { boardEn } from './sections/board/en.js';
import { companyEn } from './sections/company/en.js';
import { correspondenceEn } from './sections/correspondence/en.js';
import { diceEn } from './sections/dice/en.js';
import { errorsEn } from './sections/errors/en.js';
import { gamesEn } from './sections/games/en.js';
import { hintsEn } from './sections/hints/en.js';
import { historyEn } from './sections/history/en.js';
import { importsEn } from './sections/imports/en.js';
import { learnEn } from './sections/learn/en.js';
import { lobbyEn } from './sections/lobby/en.js';
import { looksEn } from './sections/looks/en.js';
import { peopleEn } from './sections/people/en.js';
import { playEn } from './sections/play/en.js';
import { playersEn } from './sections/players/en.js';
import { puzzlesEn } from './sections/puzzles/en.js';
import { recordEn } from './sections/record/en.js';
import { setupEn } from './sections/setup/en.js';
import { siteEn } from './sections/site/en.js';
import { tableEn } from './sections/table/en.js';
import { tournamentsEn } from './sections/tournaments/en.js';
import { welcomeEn } from './sections/welcome/en.js';

/**
 * The English interface catalogue. It is the source of the catalogue's type: every other
 * language must provide the same keys. `{name}` marks a slot; an object with `other` is a
 * plural message (see plural.ts). Learn pages are not here: they live in src/learn/content.
 *
 * The strings themselves live by feature in sections/<feature>/<lang>.ts, so that a feature's
 * strings in all eight languages are one folder; each language's file only puts its sections
 * together. A section is one key of the catalogue, or (spread) a few small keys that belong
 * to the same feature.
 */
export const en = {
  ...siteEn,
  ...gamesEn,
  ...setupEn,
  ...playEn,
  board: boardEn,
  learn: learnEn,
  history: historyEn,
  analysis: analysisEn,
  account: accountEn,
  errors: errorsEn,
  table: tableEn,
  looks: looksEn,
  record: recordEn,
  welcome: welcomeEn,
  hints: hintsEn,
  lobby: lobbyEn,
  players: playersEn,
  people: peopleEn,
  dice: diceEn,
  company: companyEn,
  tournaments: tournamentsEn,
  imports: importsEn,
  analysisBoard: analysisBoardEn,
  puzzles: puzzlesEn,
  correspondence: correspondenceEn,
};
