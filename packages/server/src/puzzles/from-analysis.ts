import { type MatchAnalysis, selectPuzzles } from '@zar/bot';
import { ok, type Result } from '@zar/engine';
import { GLICKO2, type MatchRecord } from '@zar/match';
import type { GameRow, PuzzlesStore } from '../store/types.js';

/**
 * The puzzles cut from a stored analysis of game `row` (its record as analysed), added to the
 * store: only the decisions of the seats people held count, as a puzzle is a position "a real
 * player chose worse" (a weak bot's slip is not one). A puzzle's id hashes its position, so a
 * puzzle already kept (met in another match, or cut twice) keeps its row and its rating; its
 * source is the game's id. Answers how many were new.
 */
export async function addPuzzlesOf(
  store: PuzzlesStore,
  row: Pick<GameRow, 'id' | 'seats'>,
  record: MatchRecord,
  analysis: Pick<MatchAnalysis, 'decisions'>,
): Promise<Result<number>> {
  const people = row.seats.map((s) => s.kind === 'human');
  const decisions = analysis.decisions.filter((d) => people[d.player] === true);
  if (decisions.length === 0) return ok(0);
  const cut = selectPuzzles(record, { decisions }, row.id);
  if (!cut.ok) return cut;
  if (cut.value.length === 0) return ok(0);
  return ok(await store.addPuzzles(cut.value, GLICKO2.initial));
}

/** addPuzzlesOf as the background analysis's `analysed`: a refusal is thrown, for it to log. */
export const cutPuzzles =
  (store: PuzzlesStore) =>
  async (row: GameRow, record: MatchRecord, analysis: MatchAnalysis): Promise<void> => {
    const r = await addPuzzlesOf(store, row, record, analysis);
    if (!r.ok) throw new Error(`the puzzles could not be cut (${r.error.code}): ${r.error.message}`);
  };
