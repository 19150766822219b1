import { hintOf, type Level, resumableMatchAgent, whyNoHint } from '@zar/bot';
import { err, ok, type Result } from '@zar/engine';
import {
  type Agent,
  actorOf,
  type DiceSource,
  fairRolls,
  type GameAction,
  type MatchState,
  matchReducer,
  newMatch,
  type Player,
  parseMatchSettings,
  seedNumber,
  seedsFromText,
  step,
  toAction,
} from '@zar/match';
import {
  appendEvent,
  type ClientAction,
  type EventAction,
  eventAction,
  foldRecord,
  type GameView,
  HINT_MAX_PLAYS,
  type Hint,
  type MatchRecordView,
  matchView,
  type OfflineRecord,
  type ViewMeta,
} from '@zar/protocol';
import { gameAction } from './game-action.js';

/** The person's seat: `zar play` seats the person first too, so a seed plays the same there. */
export const PERSON: Player = 0;
export const BOT: Player = 1;

/** What one action did: the event the page's record and sounds read, and the view after it. */
export interface OfflineEvent {
  readonly v: number;
  readonly action: EventAction;
  readonly view: GameView;
}

type Refusal = { readonly code: string; readonly message: string };

/**
 * One match against the bot, played wholly where it runs (the page's worker, or a test): the
 * match layer's reducer judges every action as the server's room does, the dice are the seed's
 * (@zar/match fairRolls of seedsFromText, roll number n for the n-th draw) and the bot is
 * `zar play`'s (resumableMatchAgent at the level, seeded with seedNumber of the same text), so
 * the same seed and the same choices of the person give the same match as `zar play --seed`,
 * resumed after a reload or not: the bot's noise for a decision comes from the seed and the
 * decision's place in the match, not from a stream the record does not keep.
 */
export class OfflineMatch {
  private readonly rollAt: (index: number) => readonly [number, number];
  private readonly bot: Agent;
  private readonly actions: GameAction[];
  private match: MatchState;
  private drawn: number;
  /** The move list's record (protocol record.ts), kept as the page keeps a live game's: each event appended. */
  private moves: MatchRecordView | null = null;

  private constructor(
    readonly setup: Omit<OfflineRecord, 'actions'>,
    match: MatchState,
    actions: GameAction[],
  ) {
    this.rollAt = fairRolls(seedsFromText(setup.seed));
    this.bot = resumableMatchAgent(setup.level as Level, seedNumber(setup.seed));
    this.match = match;
    this.actions = actions;
    this.drawn = actions.filter(carriesDice).length;
  }

  /**
   * A match from its kept record: a new one (no actions) or one resumed after a reload, which
   * goes on with the very dice and bot choices the unbroken match would have had.
   */
  static from(record: OfflineRecord): Result<OfflineMatch, string> {
    const settings = parseMatchSettings(record.settings);
    if (!settings.ok) return settings;
    let match = newMatch(settings.value);
    const states = [match];
    const actions: GameAction[] = [];
    for (const [i, a] of record.actions.entries()) {
      const action = gameAction(a);
      const next = action === null ? null : matchReducer(match, action);
      if (next === null || !next.ok)
        return err('ERR_RECORD_ILLEGAL', `the kept match's action ${i + 1} does not replay`);
      match = next.value;
      states.push(match);
      actions.push(action as GameAction);
    }
    const { actions: _, ...rest } = record;
    const made = new OfflineMatch({ ...rest, settings: settings.value }, match, actions);
    const status = match.winner === null ? 'playing' : 'over';
    made.moves = foldRecord(record.id, states, actions, made.seats(), status, () => record.startedAt);
    return ok(made);
  }

  get state(): MatchState {
    return this.match;
  }

  get version(): number {
    return this.actions.length;
  }

  /** The record to keep, export or upload: every action so far. */
  kept(): OfflineRecord {
    return { ...this.setup, actions: this.actions.map(eventAction) };
  }

  /** The match's record as the move list reads it; null if the fold could not take an action (a broken invariant). */
  get recordView(): MatchRecordView | null {
    return this.moves;
  }

  /** The person's view, built as the server builds a player's (protocol matchView). */
  view(): GameView {
    const m = this.match;
    return matchView(
      m,
      {
        ...META,
        id: this.setup.id,
        status: m.winner === null ? 'playing' : 'over',
        players: this.seats(),
        // The server's hint rule (game/hint-now.ts): the person's own decision, rules the bot values.
        hint: whyNoHint(m, PERSON) === null,
      },
      this.actions,
    );
  }

  /** The person acts: judged by the reducer, a roll drawing the seed's next dice. */
  act(action: ClientAction): Result<OfflineEvent, string> {
    if (this.match.winner !== null) return refuse({ code: 'ERR_MATCH_OVER', message: 'the match is over' });
    if (actorOf(this.match.game) !== PERSON && action.type !== 'resign') {
      return refuse({ code: 'ERR_NOT_YOUR_TURN', message: 'it is the bot’s turn' });
    }
    return this.apply(toAction(action, PERSON, this.dice()));
  }

  /** The bot's hint for the person's decision now, as GET /api/games/:id/hint answers it. */
  hint(): Promise<Result<Hint, string>> {
    return hintOf(this.match, PERSON, { maxPlays: HINT_MAX_PLAYS });
  }

  /** Whether the bot or the dice act next (the opening roll, the bot's turn): `next` plays it. */
  due(): boolean {
    return this.match.winner === null && actorOf(this.match.game) !== PERSON;
  }

  /** The next action that is not the person's: the opening roll, or the bot's decision. */
  async next(): Promise<Result<OfflineEvent, string>> {
    if (!this.due()) return refuse({ code: 'ERR_NOT_ALLOWED', message: 'the person is to act' });
    const r = await step(this.match, [NOBODY, this.bot], this.dice());
    if (!r.ok) return r;
    return this.keep(r.value.action, r.value.match);
  }

  private apply(action: GameAction): Result<OfflineEvent, string> {
    const r = matchReducer(this.match, action);
    if (!r.ok) return r;
    return this.keep(action, r.value);
  }

  private keep(action: GameAction, match: MatchState): Result<OfflineEvent, string> {
    this.actions.push(action);
    if (carriesDice(action)) this.drawn++;
    this.match = match;
    const event = { v: this.actions.length, action: eventAction(action), view: this.view() };
    this.moves = this.moves && appendEvent(this.moves, event, Date.now());
    return ok(event);
  }

  /** The seed's next roll, drawn only by an action the reducer keeps (a refused roll draws none). */
  private dice(): DiceSource {
    const roll = (): [number, number] => {
      const [a, b] = this.rollAt(this.drawn);
      return [a, b];
    };
    return { roll, openingRoll: roll };
  }

  seats(): GameView['players'] {
    const [person, bot] = this.setup.names;
    return [
      { name: person, kind: 'human', taken: true },
      { name: bot, kind: 'bot', level: this.setup.level, taken: true },
    ];
  }
}

const refuse = (e: Refusal): Result<never, string> => err(e.code, e.message);

const carriesDice = (a: GameAction): boolean => a.type === 'opening' || a.type === 'roll';

/** The person's seat is never asked: his decisions come from the page. */
const NOBODY: Agent = {
  decide: () => {
    throw new Error('the person is asked by the page, not the driver');
  },
};

/** What an offline view says beyond the match: casual, no clock, no company. */
const META: Omit<ViewMeta, 'id' | 'status' | 'players'> = {
  you: PERSON,
  analysable: false,
  hint: false,
  rated: false,
  clock: null,
  presence: [true, true],
  claim: null,
  rematch: { offered: [false, false], allowed: false, next: null },
  series: [0, 0],
  ratings: null,
  fair: null,
  watch: { spectators: 0, allowed: false, forbidden: [false, false], canForbid: false },
  chat: { write: null, read: [] },
  tournament: null,
};
