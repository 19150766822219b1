import { type DiceTally, type GameAction, mergeTallies } from '@zar/match';
import type { Kysely, Transaction } from 'kysely';
import { isSqlite } from '../dialect.js';
import type { DiceTotalsRow } from '../dice-store.js';
import { compareText } from '../lists.js';
import type { GameRow } from '../rows.js';
import type { Database } from '../tables.js';
import { type MatchDice, matchDice, NO_DICE, readTotals, SITE_TOTALS, totalsOfMatch } from './match-dice.js';

/** Matches counted per statement by the upgrade's backfill: bounds the memory it takes. */
const BACKFILL_BATCH = 100;

/** Owners whose totals the backfill writes per statement. */
const TOTALS_BATCH = 500;

/** Owners whose sums the backfill holds before it adds them to the table: bounds its memory on a site of many players. */
const BACKFILL_OWNERS = 5000;

/** What to add to one row of the totals. */
interface TotalsAddition {
  readonly owner: string;
  readonly matches: number;
  readonly tally: DiceTally;
}

/**
 * Counts a match's dice into the totals, inside the transaction of the action that ended it.
 * The marker row goes in first, with ON CONFLICT DO NOTHING: only the transaction that inserted
 * it counts the match, so a retry, or a second end of the same match, adds nothing.
 */
export async function countMatchDice(trx: Transaction<Database>, gameId: string): Promise<void> {
  if (!(await markCounted(trx, gameId))) return;
  const [dice] = await diceOfGames(trx, [gameId]);
  if (dice === undefined) return;
  await addTotals(
    trx,
    totalsOfMatch(dice).map(([owner, tally]) => ({ owner, matches: 1, tally })),
  );
}

/**
 * The upgrade to v4: every match already over, counted as countMatchDice would have counted it
 * (the same markers, the same tallies). A batch of matches takes a few statements (their
 * markers, rows and actions read together), not a few per match, and the sums per owner are
 * added to the table whenever they hold BACKFILL_OWNERS owners: a large database's upgrade
 * takes a few statements per hundred matches, and memory for a batch, whatever its size.
 */
export async function backfillDiceTotals(trx: Transaction<Database>): Promise<void> {
  const sums = new Map<string, TotalsAddition>();
  let after = '';
  for (;;) {
    const rows = await trx
      .selectFrom('games')
      .select('id')
      .where('status', '=', 'over')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    const last = rows.at(-1);
    if (last === undefined) break;
    for (const dice of await diceOfGames(
      trx,
      await markAllCounted(
        trx,
        rows.map((r) => r.id),
      ),
    )) {
      for (const [owner, tally] of totalsOfMatch(dice)) {
        const sum = sums.get(owner) ?? { owner, matches: 0, tally: NO_DICE.tally };
        sums.set(owner, { owner, matches: sum.matches + 1, tally: mergeTallies(sum.tally, tally) });
      }
    }
    if (sums.size >= BACKFILL_OWNERS) await addSums(trx, sums);
    after = last.id;
  }
  await addSums(trx, sums);
}

/** Adds the sums to the table in slices (one statement's bound values stay far under either database's limit) and empties them. */
async function addSums(trx: Transaction<Database>, sums: Map<string, TotalsAddition>): Promise<void> {
  const all = [...sums.values()];
  sums.clear();
  for (let i = 0; i < all.length; i += TOTALS_BATCH) await addTotals(trx, all.slice(i, i + TOTALS_BATCH));
}

/** The totals of one owner (a user id, or the site's key); none yet is zero. */
export async function diceTotalsOf(db: Kysely<Database>, userId: string | null): Promise<DiceTotalsRow> {
  const owner = userId ?? SITE_TOTALS;
  const row = await db
    .selectFrom('dice_totals')
    .select(['matches', 'tally'])
    .where('owner', '=', owner)
    .executeTakeFirst();
  return row === undefined ? NO_DICE : readTotals(Number(row.matches), row.tally, owner);
}

/** Marks a match counted; false when it was already (the marker is its game id, the key). */
async function markCounted(trx: Transaction<Database>, gameId: string): Promise<boolean> {
  const marked = await trx
    .insertInto('dice_counted')
    .values({ game_id: gameId })
    .onConflict((oc) => oc.column('game_id').doNothing())
    .executeTakeFirst();
  return Number(marked.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Marks the matches counted; the ids of those that were not yet. */
async function markAllCounted(trx: Transaction<Database>, gameIds: readonly string[]): Promise<string[]> {
  if (gameIds.length === 0) return [];
  const marked = await trx
    .insertInto('dice_counted')
    .values(gameIds.map((id) => ({ game_id: id })))
    .onConflict((oc) => oc.column('game_id').doNothing())
    .returning('game_id')
    .execute();
  return marked.map((m) => m.game_id);
}

/** The dice of these matches, read together (their rows, then all their actions); a record whose dice do not check adds none. */
async function diceOfGames(trx: Transaction<Database>, gameIds: readonly string[]): Promise<MatchDice[]> {
  if (gameIds.length === 0) return [];
  const games = await trx.selectFrom('games').select(['id', 'record', 'seats']).where('id', 'in', gameIds).execute();
  if (games.length !== new Set(gameIds).size) throw new Error(`dice of ${gameIds.join(', ')}: a game is missing`);
  const actions = await trx
    .selectFrom('actions')
    .select(['game_id', 'action'])
    .where('game_id', 'in', gameIds)
    .orderBy('game_id')
    .orderBy('seq')
    .execute();
  const byGame = new Map<string, GameAction[]>();
  for (const a of actions) {
    const list = byGame.get(a.game_id) ?? [];
    list.push(JSON.parse(a.action) as GameAction);
    byGame.set(a.game_id, list);
  }
  const all: MatchDice[] = [];
  for (const game of games) {
    const row = {
      record: JSON.parse(game.record) as GameRow['record'],
      seats: JSON.parse(game.seats) as GameRow['seats'],
    };
    const dice = matchDice(row, byGame.get(game.id) ?? []);
    if (dice !== null) all.push(dice);
  }
  return all;
}

/**
 * Adds to rows of the totals. Two matches ending at once both add to the site's row (and may
 * share a player): in PostgreSQL the rows are made if missing, then locked (SELECT … FOR
 * UPDATE) in the order of their keys, the site's first, so the second transaction waits for the
 * first and reads what it wrote, and no two wait on each other. SQLite writes one at a time.
 */
async function addTotals(trx: Transaction<Database>, additions: readonly TotalsAddition[]): Promise<void> {
  if (additions.length === 0) return;
  const sorted = [...additions].sort((a, b) => compareText(a.owner, b.owner));
  const owners = sorted.map((a) => a.owner);
  await trx
    .insertInto('dice_totals')
    .values(owners.map((owner) => ({ owner, matches: 0, tally: JSON.stringify(NO_DICE.tally) })))
    .onConflict((oc) => oc.column('owner').doNothing())
    .execute();
  const read = trx.selectFrom('dice_totals').selectAll().where('owner', 'in', owners).orderBy('owner');
  const rows = await (isSqlite(trx) ? read : read.forUpdate()).execute();
  for (const addition of sorted) {
    const row = rows.find((r) => r.owner === addition.owner);
    if (row === undefined) throw new Error(`dice_totals ${JSON.stringify(addition.owner)} vanished`);
    const before = readTotals(Number(row.matches), row.tally, row.owner);
    await trx
      .updateTable('dice_totals')
      .set({
        matches: before.matches + addition.matches,
        tally: JSON.stringify(mergeTallies(before.tally, addition.tally)),
      })
      .where('owner', '=', addition.owner)
      .execute();
  }
}
