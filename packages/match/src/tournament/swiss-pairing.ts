/**
 * Swiss pairing, Dutch-like after FIDE's handbook C.04.3, simplified for
 * matches without colours or draws. Pure and deterministic: the same record gives the same draw.
 *
 * - Players are ranked by score, then rating, then id. Within a score group the top half meets
 *   the bottom half in order (1 v k+1, 2 v k+2 ...); when a group is odd its lowest player floats
 *   down and meets the highest of the next group.
 * - Nobody meets the same opponent twice while a draw without a repeat exists: when the natural
 *   opponent was met, the next one in Dutch order is tried (the rest of the bottom half, then the
 *   top half from its lowest up, then the lower groups), backtracking when a choice leaves the
 *   rest unpairable.
 * - With an odd number of active players one gets a bye, scored as a win: the lowest-ranked
 *   player who has had none and whose bye leaves a draw without repeats.
 * - When those absolute rules cannot all hold (more rounds than the field allows), a second bye
 *   is given before a repeat pairing (a repeat decides nothing new), and a repeat is allowed only
 *   when no draw avoids it; even then each player meets a new opponent first when one is left.
 * - The search is bounded (SEARCH_BUDGET a pass) so that no draw holds the server up: it is
 *   exhaustive for fields of up to 12 players, and in a larger field where the budget ends
 *   before a repeat-free draw is found a repeat may be paired though one existed. That happens
 *   only near the end of a round robin, far past the rounds a Swiss has (log2 of the field and a
 *   few more); in a 63-player field paired for 66 rounds the slowest draw took a third of a second.
 */
import { ok, type Result } from '@zar/engine';
import { byRating, checkPlayers, fail, type TournamentErrorCode, type TournamentPlayer } from './players.js';
import { type SwissGame, type SwissRound, type SwissTally, tallySwiss } from './swiss-games.js';

/** Work allowed a pass: each step of the search costs the number of players it still has to pair. */
export const SEARCH_BUDGET = 300_000;

/**
 * The next round's draw for the `active` players (all entrants when omitted; the server leaves
 * out those who withdrew or were removed after a forfeit). Refused: bad entrants or record, a
 * round with games still undecided, an unknown active player, fewer than 2 active players.
 */
export function pairSwissRound(
  players: readonly TournamentPlayer[],
  games: readonly SwissGame[],
  active?: readonly string[],
): Result<SwissRound, TournamentErrorCode> {
  const checked = checkPlayers(players);
  if (!checked.ok) return checked;
  const tallied = tallySwiss(players, games);
  if (!tallied.ok) return tallied;
  const tally = tallied.value;
  if (games.some((g) => g.kind === null)) return fail(`round ${tally.lastRound} is not finished`);
  const ids = new Set(active ?? players.map((p) => p.id));
  for (const id of ids) if (!tally.score.has(id)) return fail(`"${id}" is not registered`);
  if (ids.size < 2) return fail('fewer than 2 active players');
  const ranked = players
    .filter((p) => ids.has(p.id))
    .sort((x, y) => tally.score.get(y.id)! - tally.score.get(x.id)! || byRating(x, y))
    .map((p) => p.id);
  return ok({ round: tally.lastRound + 1, ...draw(ranked, tally) });
}

type Draw = { pairs: [string, string][]; bye: string | null };

/** Tries the passes in order of how much they give up; the last always succeeds. */
function draw(ranked: readonly string[], tally: SwissTally): Draw {
  if (ranked.length % 2 === 0) {
    const pairs = pairAll(ranked, tally, false) ?? pairAll(ranked, tally, true)!;
    return { pairs, bye: null };
  }
  const lowestFirst = [...ranked].reverse();
  const fresh = lowestFirst.filter((id) => tally.byes.get(id) === 0);
  const passes: [readonly string[], boolean][] = [
    [fresh, false],
    [lowestFirst, false],
    [fresh.length > 0 ? fresh : lowestFirst, true],
  ];
  for (const [candidates, repeats] of passes) {
    const budget = { left: SEARCH_BUDGET };
    for (const bye of candidates) {
      const pairs = pairAll(
        ranked.filter((id) => id !== bye),
        tally,
        repeats,
        budget,
      );
      if (pairs) return { pairs, bye };
    }
  }
  throw new Error('unreachable: pairing with repeats allowed always succeeds');
}

/** Pairs every player in `ranked` (even), or null when the rules (or the budget) do not allow it. */
function pairAll(
  ranked: readonly string[],
  tally: SwissTally,
  repeats: boolean,
  budget = { left: SEARCH_BUDGET },
): [string, string][] | null {
  const allowed = (p: string, q: string) => repeats || !tally.met.get(p)!.has(q);
  const search = (rest: readonly string[]): [string, string][] | null => {
    if (rest.length === 0) return [];
    budget.left -= rest.length;
    if (budget.left < 0) return null;
    if (!repeats && rest.some((p) => !rest.some((q) => q !== p && allowed(p, q)))) return null;
    const p = rest[0]!;
    const order = dutchOrder(rest, tally);
    // Allowed to repeat, a player still meets a new opponent first when one is left.
    const fresh = (q: string) => !tally.met.get(p)!.has(q);
    const candidates = repeats ? [...order.filter(fresh), ...order.filter((q) => !fresh(q))] : order;
    for (const q of candidates) {
      if (!allowed(p, q)) continue;
      const sub = search(rest.filter((x) => x !== p && x !== q));
      if (sub) return [[p, q], ...sub];
    }
    return null;
  };
  return search(ranked);
}

/**
 * The opponents of `rest[0]` (the highest still unpaired) in order of preference: his score
 * group's bottom half from its top, then its top half from its lowest, then lower groups.
 */
function dutchOrder(rest: readonly string[], tally: SwissTally): string[] {
  const score = tally.score.get(rest[0]!)!;
  let groupEnd = 1;
  while (groupEnd < rest.length && tally.score.get(rest[groupEnd]!) === score) groupEnd++;
  const half = Math.floor(groupEnd / 2);
  const bottom = rest.slice(Math.max(half, 1), groupEnd);
  const top = rest.slice(1, Math.max(half, 1)).reverse();
  return [...bottom, ...top, ...rest.slice(groupEnd)];
}
