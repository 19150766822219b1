import { allowedActions, type GameAction, type MatchState, NOTHING_ALLOWED, type Player } from '@zar/match';
import { gameStateView, matchView } from '@zar/protocol';
import { analysableNow } from '../analysis/analysable.js';
import type { GameRow } from '../store/types.js';
import { hintNow } from './hint-now.js';
import type { Standing } from './rating/ratings.js';
import { type RatedSource, ratedJson, seatViews } from './rating/view.js';

export interface ViewSource {
  readonly id: string;
  readonly status: GameRow['status'];
  readonly seats: GameRow['seats'];
  readonly match: MatchState;
  readonly actions: readonly GameAction[];
  /** Rated or casual, the seats' ratings, the rematch and the series (rating/view.ts). */
  readonly rated: RatedSource;
}

/**
 * The JSON of a room's frames, written without building a GameView object per frame and
 * without serialising again the parts that did not change: settings, the previous game and
 * the results change a few times a match, the players when someone sits down. Each part is
 * remembered by the identity of the value it came from, which is safe because match states
 * and rows are never mutated (a change is a new object). The text parses to exactly
 * matchView's GameView (test/view-json.test.ts holds it to that).
 *
 * A view differs between viewers only in `you` and what they may do (`allowed`), so one event
 * is serialised once, in two halves around those, and each group of subscribers costs one
 * concatenation.
 */
export class ViewJson {
  private readonly settings = memo<MatchState['settings']>();
  private readonly players = memo<readonly [GameRow['seats'], Standing]>(([seats, standing]) =>
    JSON.stringify(seatViews(seats, standing)),
  );
  private readonly previous = memo<MatchState['previous']>((p) => JSON.stringify(p ? gameStateView(p) : null));
  private readonly results = memo<MatchState['results']>();
  private last: { source: ViewSource; halves: ViewHalves } | null = null;
  private seatPair: readonly [GameRow['seats'], Standing] | null = null;

  /**
   * The view's text in parts; `viewFor` joins them for one viewer. They are kept only until the
   * event loop's turn ends (released by `forgetAtTurnEnd`): within a turn one change is sent to
   * every watcher and may be resent, but kept till the game's next action (a second or more away)
   * these kilobytes of text outlived two young-generation collections and were promoted, and they
   * were most of what the rooms' actions left for the collector: the longer each scavenge, the
   * longer every player waited behind it.
   */
  halves(s: ViewSource): ViewHalves {
    const l = this.last;
    if (l !== null && same(l.source, s)) return l.halves;
    const halves = this.write(s);
    if (this.last === null) forgetAtTurnEnd(this);
    this.last = { source: s, halves };
    return halves;
  }

  /** Drops the text kept for this turn (forgetAtTurnEnd). */
  forget(): void {
    this.last = null;
  }

  private write(s: ViewSource): ViewHalves {
    const m = s.match;
    const analysable = analysableNow(s.status, m.settings);
    // Without `previous`, matchView does not rebuild the previous game's view; it comes from the memo.
    // Only the moving fields and lastMove are taken from this view: the rest of its meta is not written.
    const meta = {
      id: s.id,
      status: s.status,
      players: NO_PLAYERS,
      you: null,
      hint: false,
      analysable,
      rated: s.rated.rated,
      clock: null,
      presence: [false, false] as const,
      claim: null,
      rematch: { offered: [false, false] as const, allowed: false, next: null },
      series: [0, 0] as const,
      ratings: null,
      fair: null,
      watch: NO_WATCH,
      chat: NO_CHAT,
      tournament: null,
    };
    const view = matchView({ ...m, previous: null }, meta, s.actions);
    // The fields that change with every action, serialised as matchView builds them.
    const moving = JSON.stringify({
      score: view.score,
      crawford: view.crawford,
      gameNumber: view.gameNumber,
      winner: view.winner,
      game: view.game,
    });
    const players = this.players.of(this.seatsOf(s.seats, s.rated.standing));
    const head = `{"id":${JSON.stringify(s.id)},"status":${JSON.stringify(s.status)},"players":${players},"you":`;
    const rated = ratedJson(s.rated, s.status, m.winner);
    const tail =
      `,"analysable":${analysable},"settings":${this.settings.of(m.settings)},${moving.slice(1, -1)},` +
      `"previous":${this.previous.of(m.previous)},"results":${this.results.of(m.results)},` +
      `"lastMove":${JSON.stringify(view.lastMove)},${rated.rated}`;
    // What a seat may do, and whether it may ask for a hint: the two parts of a view that are the viewer's own.
    const allowed = (seat: Player) => `${JSON.stringify(allowedActions(m, seat))},"hint":${hintNow(s.seats, m, seat)}`;
    return { head, tail, allowed: [allowed(0), allowed(1)], rematch: rated.rematch, end: rated.end };
  }

  /** The same pair for the same seats and standing, so that the players' memo holds across frames. */
  private seatsOf(seats: GameRow['seats'], standing: Standing): readonly [GameRow['seats'], Standing] {
    const last = this.seatPair;
    if (last !== null && last[0] === seats && last[1] === standing) return last;
    this.seatPair = [seats, standing];
    return this.seatPair;
  }
}

/** The writers holding a view's text this turn: one release for all of them, not a timer each. */
let holding: ViewJson[] = [];
/** Taken when this module loads, so that a test's fake timers cannot hold the release back. */
const atTurnEnd = setImmediate;

function forgetAtTurnEnd(json: ViewJson): void {
  if (holding.length === 0) atTurnEnd(forgetAll);
  holding.push(json);
}

function forgetAll(): void {
  const now = holding;
  holding = [];
  for (const json of now) json.forget();
}

/** Actions are only ever appended, so their count stands for the list. */
const same = (a: ViewSource, b: ViewSource): boolean =>
  a.match === b.match &&
  a.seats === b.seats &&
  a.status === b.status &&
  a.id === b.id &&
  a.actions === b.actions &&
  a.actions.length === b.actions.length &&
  a.rated === b.rated;

const NO_SEAT = { name: '', kind: 'human', taken: false } as const;
/** matchView copies the players through; their JSON comes from the memo instead. */
const NO_PLAYERS = [NO_SEAT, NO_SEAT] as const;

/** A view's text but for the viewer's seat and what each seat may do, which come between head and tail. */
export interface ViewHalves {
  readonly head: string;
  readonly tail: string;
  /** `allowed` and `hint` of seat 0 and seat 1; a spectator may do nothing. */
  readonly allowed: readonly [string, string];
  /** The rematch as seat 0, seat 1 and a spectator see it, each with its leading comma (rating/view.ts). */
  readonly rematch: readonly [string, string, string];
  /** What follows the rematch: series and ratings (the view's company fields and its closing brace come after). */
  readonly end: string;
}

/** matchView copies these through; their JSON is written by company/view.ts. */
const NO_WATCH = { spectators: 0, allowed: true, forbidden: [false, false], canForbid: false } as const;
const NO_CHAT = { write: null, read: [] };

const NOTHING = `${JSON.stringify(NOTHING_ALLOWED)},"hint":false`;

/**
 * Joins the halves of a view around one viewer's seat. `clockPresence`: the clock, presence and claim
 * of this frame, which change with the moment it is written (clock-presence.ts clockPresenceJson);
 * `company`: the dice's proof, the watchers, the viewer's chat and the tournament
 * (company/view.ts companyJson).
 */
export const viewFor = (
  { head, tail, allowed, rematch, end }: ViewHalves,
  you: Player | null,
  clockPresence: string,
  company: string,
): string =>
  `${head}${you === null ? 'null' : you},"allowed":${you === null ? NOTHING : allowed[you]}${tail}${clockPresence}${rematch[you ?? 2]}${end}${company}}`;

/** The JSON of the last value seen, made again only when a different value comes. */
function memo<T>(write: (value: T) => string = (v) => JSON.stringify(v)) {
  let last: { value: T; json: string } | null = null;
  return {
    of(value: T): string {
      if (last === null || last.value !== value) last = { value, json: write(value) };
      return last.json;
    },
  };
}

/** Written in the contract's package, which the browser's offline play shares. */
export { eventAction } from '@zar/protocol';
