import { formatPlay } from '@zar/engine';
import {
  type Agent,
  actorOf,
  allowedActions,
  type Decision,
  type GameAction,
  type MatchState,
  matchReducer,
  newMatch,
  parseMatchSettings,
  rulesOf,
  seededDice,
  step,
} from '@zar/match';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendEvent,
  decode,
  type EventAction,
  emptyRecord,
  gameStateView,
  type MatchRecordView,
  MatchRecordViewSchema,
  matchView,
  type SeatView,
} from '../src/index.js';
import { CASUAL } from './support/casual.js';

const PLAYERS: readonly [SeatView, SeatView] = [
  { name: 'Ana', kind: 'human', taken: true },
  { name: 'Bo', kind: 'human', taken: true },
];

/** A player who picks at random among what the rules allow him: cube, resignations and plays alike. */
function randomAgent(random: () => number): Agent {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  return {
    decide(match: MatchState, me): Decision {
      const allowed = allowedActions(match, me);
      const options: Decision[] = [];
      if (allowed.roll) options.push({ type: 'roll' }, { type: 'roll' }, { type: 'roll' });
      if (allowed.play) {
        const g = match.game;
        const plays = rulesOf(g.settings).legalPlays(g.position, g.dice as NonNullable<typeof g.dice>);
        const play = plays.length === 0 ? '' : formatPlay(pick(plays).steps);
        return { type: 'play', play };
      }
      for (const type of ['double', 'take', 'drop', 'beaver', 'raccoon', 'accept', 'decline'] as const) {
        if (allowed[type]) options.push({ type });
      }
      if (random() < 0.02) for (const r of allowed.resign) options.push({ type: 'resign', level: r.level });
      return pick(options);
    },
  };
}

const asEvent = (a: GameAction): EventAction => a as EventAction;

/** The player who must act runs out of time (at the opening roll, the one the game names). */
async function ranOut(match: MatchState) {
  const action: GameAction = { type: 'timeout', player: actorOf(match.game) ?? match.game.turn };
  const r = matchReducer(match, action);
  return r.ok ? { ok: true as const, value: { match: r.value, action } } : r;
}

/**
 * A random match, action by action, with the event the server sends after each. `flagFall`:
 * after that many actions the player who must act runs out of time (the server's `timeout`).
 */
async function randomMatch(seed: number, length: number, game: string, steps: number, flagFall: number | null = null) {
  const settings = parseMatchSettings({ length, cycle: [{ preset: game }], beaver: true, raccoon: true });
  if (!settings.ok) throw new Error(settings.error.message);
  let random = seed >>> 0;
  const next = () => {
    random = (random * 1_103_515_245 + 12_345) >>> 0;
    return random / 2 ** 32;
  };
  const agents = [randomAgent(next), randomAgent(next)] as const;
  const dice = seededDice(seed);
  let match = newMatch(settings.value);
  const first = match;
  const events: { v: number; action: EventAction; view: ReturnType<typeof matchView>; match: MatchState }[] = [];
  const actions: GameAction[] = [];
  for (let i = 0; i < steps && match.winner === null; i++) {
    const r = i === flagFall ? await ranOut(match) : await step(match, agents, dice);
    if (!r.ok) throw new Error(r.error.message);
    match = r.value.match;
    actions.push(r.value.action);
    const status = match.winner === null ? 'playing' : 'over';
    const view = matchView(
      match,
      {
        id: 'match1',
        status,
        players: PLAYERS,
        you: null,
        hint: false,
        analysable: false,
        ...CASUAL,
      },
      actions,
    );
    events.push({ v: i + 1, action: asEvent(r.value.action), view, match });
  }
  return { first, events, end: match };
}

const fold = (start: MatchRecordView, events: Awaited<ReturnType<typeof randomMatch>>['events']) =>
  events.reduce<MatchRecordView | null>((r, e) => r && appendEvent(r, e, e.v * 10), start);

describe('appendEvent: the move list kept from the socket events', () => {
  it('for any match: v 1..N, each entry its own game right after it, games and scores as the match played them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(0, 1, 3, 5),
        fc.constantFrom('backgammon', 'plakoto', 'long-nardy', 'gul-bara'),
        fc.option(fc.nat(300), { nil: null, freq: 2 }),
        async (seed, length, game, flagFall) => {
          const { first, events, end } = await randomMatch(seed, length, game, 400, flagFall);
          const start = emptyRecord('match1', first.settings, PLAYERS, 'playing', gameStateView(first.game), false);
          const record = fold(start, events);
          if (record === null) throw new Error('a gap in consecutive events');
          expect(decode(MatchRecordViewSchema, record).ok).toBe(true);
          const entries = record.games.flatMap((g) => g.entries);
          expect(entries.map((e) => e.v)).toEqual(events.map((_, i) => i + 1));
          expect(entries.map((e) => e.action)).toEqual(events.map((e) => e.action));
          expect(record.v).toBe(events.length);
          expect(record.score).toEqual(end.score);
          expect(record.winner).toBe(end.winner);
          // One game a result, plus the one being played; each begins at the score the others left.
          const ended = record.games.filter((g) => g.result !== null);
          expect(ended.map((g) => g.result)).toEqual(end.results);
          expect(record.games.length).toBe(end.results.length + (end.winner === null ? 1 : 0));
          let score = [0, 0];
          for (const [i, g] of record.games.entries()) {
            expect(g.number).toBe(i + 1);
            expect(g.scoreBefore).toEqual(score);
            expect(g.crawford).toBe(g.start.crawford);
            if (g.result === null) continue;
            expect(g.entries.at(-1)?.game.phase).toBe('over');
            expect(g.entries.at(-1)?.game.result).toEqual(g.result);
            // Only the last entry of a game is over.
            expect(g.entries.slice(0, -1).every((e) => e.game.phase !== 'over')).toBe(true);
            const after = events[(g.entries.at(-1)?.v ?? 0) - 1]?.match as MatchState;
            score = [after.score[0], after.score[1]];
          }
          // The game being played ends where the live view is.
          const last = record.games.at(-1);
          const now = last?.entries.at(-1)?.game ?? last?.start;
          expect(now).toEqual(gameStateView(end.game));
          // A timeout ends the match (a money session too): the opponent wins it, the last
          // game's line says how, and no game follows it.
          const flagged = events.at(-1)?.action;
          if (flagged?.type === 'timeout') {
            const winner = flagged.player === 0 ? 1 : 0;
            expect([record.status, record.winner]).toEqual(['over', winner]);
            expect(record.games.at(-1)?.result).toMatchObject({ winner, kind: 'timeout' });
            if (length > 0) expect(record.score[winner]).toBe(length);
          }
          // Joining late: a record fetched at any version, then the events after it, gives the same.
          const k = seed % (events.length + 1);
          const prefix = fold(start, events.slice(0, k)) as MatchRecordView;
          expect(fold(prefix, events)).toEqual(record);
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);

  it('an event already held is ignored; one that skips a version asks for a fetch', async () => {
    const { first, events } = await randomMatch(7, 3, 'backgammon', 10);
    const start = emptyRecord('match1', first.settings, PLAYERS, 'playing', gameStateView(first.game), false);
    const [a, b] = events;
    if (a === undefined || b === undefined) throw new Error('too few events');
    const once = appendEvent(start, a, 1) as MatchRecordView;
    expect(once.v).toBe(1);
    expect(once.games[0]?.entries).toEqual([{ v: 1, at: 1, action: a.action, game: a.view.game }]);
    expect(appendEvent(once, a, 2)).toBe(once);
    expect(appendEvent(start, b, 2)).toBeNull();
  });
});
