import type { GameAction, Player } from '@zar/match';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NO_STANDING,
  RATED_PAIR_LIMIT,
  RATED_PAIR_WINDOW_MS,
  rateRequestOf,
  standingAfter,
  withPairLimit,
} from '../src/game/rating/ratings.js';
import {
  NO_REMATCH,
  offerRematch,
  type Rematch,
  rematchRow,
  rematchView,
  seriesNow,
} from '../src/game/rating/rematch.js';
import { CASUAL, ratedJson, ratedMeta, ratedSourceOf } from '../src/game/rating/view.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import type { GameRow, RatingChangeRow } from '../src/store/types.js';
import { gameRowFor } from './support/game-row.js';
import { played, settings, won } from './support/three-point-match.js';

/* The pure parts of rated matches and rematches: who is rated when, how offers combine. */

/** A record in which a player acted: the opening, then his play. */
const ACTED: GameAction[] = [
  { type: 'opening', dice: [3, 1] },
  { type: 'play', player: 0, play: '8/5 6/5' },
];
/** Both players connected. */
const THERE = [true, true] as const;

function row(change: Partial<GameRow> = {}): GameRow {
  const rated = gameRowFor({
    settings,
    seats: [humanSeat('ana', 'Ana'), humanSeat('bo', 'Bo')],
    // Seeded dice (record.dice): no fair dice to prove.
    dice: { source: 'seeded', seed: 's' },
    createdAt: 1,
    updatedAt: 1,
    version: 10,
    clock: { kind: 'timed', delayMs: 1000, perPointMs: 60_000 },
    rated: true,
    series: [2, 1],
  });
  // The record keeps Ana and Bo whatever seats a test gives.
  return { ...rated, ...change };
}

const player = fc.constantFrom<Player>(0, 1);
const status = fc.constantFrom<GameRow['status']>('waiting', 'playing', 'over');
const rematch: fc.Arbitrary<Rematch> = fc.record({
  offered: fc.tuple(fc.boolean(), fc.boolean()),
  next: fc.option(fc.constant('next01'), { nil: null }),
});

describe('rateRequestOf', () => {
  it('rates a rated match once, as it gets its winner: the winner and loser by their accounts', () => {
    fc.assert(
      fc.property(player, fc.boolean(), (winner, rated) => {
        const r = rateRequestOf(row({ rated }), played, won(winner), ACTED, THERE);
        if (!rated) {
          expect(r).toBeUndefined();
          return;
        }
        const ids = ['ana', 'bo'];
        expect(r).toEqual({ pool: 'backgammon', length: 3, winner: ids[winner], loser: ids[1 - winner] });
        // Any later action of a match already won, and any action that does not end it, rates nothing.
        expect(rateRequestOf(row({ rated }), won(winner), won(winner), ACTED, THERE)).toBeUndefined();
        expect(rateRequestOf(row({ rated }), played, played, ACTED, THERE)).toBeUndefined();
      }),
    );
  });

  it('rates a match nobody played (the opening, then a timeout) only when its winner was connected as it ended', () => {
    const actions = fc.constantFrom<GameAction>(
      { type: 'play', player: 0, play: '' },
      { type: 'resign', player: 1, level: 1 },
      { type: 'double', player: 0 },
    );
    fc.assert(
      fc.property(player, fc.tuple(fc.boolean(), fc.boolean()), fc.option(actions, { nil: null }), (w, there, by) => {
        const record: GameAction[] = [{ type: 'opening', dice: [3, 1] }];
        if (by !== null) record.push(by);
        record.push({ type: 'timeout', player: w === 0 ? 1 : 0 });
        const r = rateRequestOf(row(), played, won(w), record, there);
        // A player's own action makes it a match that was played, rated whoever is connected.
        expect(r !== undefined).toBe(by !== null || there[w]);
      }),
    );
  });

  it('never rates without two accounts or a pool', () => {
    expect(
      rateRequestOf(row({ seats: [humanSeat('ana', 'Ana'), botSeat('club')] }), played, won(0), ACTED, THERE),
    ).toBeUndefined();
    expect(rateRequestOf(row({ pool: null }), played, won(1), ACTED, THERE)).toBeUndefined();
    const self = row({ seats: [humanSeat('ana', 'Ana'), humanSeat('ana', 'Ana')] });
    expect(rateRequestOf(self, played, won(1), ACTED, THERE)).toBeUndefined();
  });

  it('reads the store’s changes seat by seat, whatever their order', () => {
    const at = 5;
    const rows: RatingChangeRow[] = [
      { gameId: 'game01', userId: 'bo', pool: 'backgammon', before: 1500, after: 1490, at },
      { gameId: 'game01', userId: 'ana', pool: 'backgammon', before: 1600, after: 1610, at },
    ];
    expect(standingAfter(row(), rows)).toEqual({
      seats: [1600, 1500],
      changes: [
        { before: 1600, after: 1610 },
        { before: 1500, after: 1490 },
      ],
    });
    expect(standingAfter(row(), rows.slice(0, 1))).toBeNull();
  });

  it('asks the store to rate within the pair limit of the day before the end', () => {
    const request = { pool: 'backgammon', length: 3, winner: 'ana', loser: 'bo' };
    const at = RATED_PAIR_WINDOW_MS + 7;
    expect(withPairLimit(request, at)).toEqual({
      ...request,
      perPair: { limit: RATED_PAIR_LIMIT, since: 7 },
    });
    expect(withPairLimit(undefined, at)).toBeUndefined();
  });

  it('asks nothing of a match created rated that was found not to count', () => {
    const capped = row({ rated: false, unrated: 'pair-limit' });
    expect(rateRequestOf(capped, played, won(1), ACTED, THERE)).toBeUndefined();
  });
});

describe('offerRematch', () => {
  it('starts a rematch only once both seats agree, only after the match, only once', () => {
    fc.assert(
      fc.property(
        rematch,
        status,
        fc.option(player, { nil: null }),
        fc.boolean(),
        fc.boolean(),
        (r, st, seat, offer, bot) => {
          const seats: GameRow['seats'] = bot ? [humanSeat('ana', 'Ana'), botSeat('club')] : row().seats;
          const step = offerRematch(r, st, seats, seat, offer);
          if (seat === null) {
            expect(step).toMatchObject({ ok: false, error: { code: 'ERR_NOT_A_PLAYER' } });
            return;
          }
          if (st !== 'over' || r.next !== null) {
            expect(step).toMatchObject({ ok: false, error: { code: 'ERR_NO_REMATCH' } });
            return;
          }
          if (!step.ok) throw new Error('refused');
          expect(step.value.offered[seat]).toBe(offer);
          // The other seat keeps its word, unless it is a bot, which says what its opponent says.
          const other = seat === 0 ? 1 : 0;
          expect(step.value.offered[other]).toBe(seats[other].kind === 'bot' ? offer : r.offered[other]);
          expect(step.start).toBe(step.value.offered[0] && step.value.offered[1]);
          expect(step.value.next).toBeNull();
        },
      ),
    );
  });

  it('lets a seated viewer offer while the match is over and no rematch started; a spectator never', () => {
    fc.assert(
      fc.property(rematch, status, fc.option(player, { nil: null }), (r, st, you) => {
        const v = rematchView(r, st, you);
        expect(v.allowed).toBe(you !== null && st === 'over' && r.next === null);
        expect(v.offered).toEqual(r.offered);
        expect(v.next).toBe(r.next);
      }),
    );
  });
});

describe('rematchRow and the series', () => {
  it('the next match keeps settings, clock, rating, pool and seats, and counts this one in its series', () => {
    fc.assert(
      fc.property(fc.option(player, { nil: null }), fc.nat(50), fc.nat(50), fc.boolean(), (winner, a, b, no) => {
        const tournament = { id: 't1', round: 2 };
        const over = row({ status: 'over', winner, series: [a, b], noSpectators: [no, false], tournament });
        const next = rematchRow(over, 99, 'next01');
        expect(next).toMatchObject({
          id: 'next01',
          status: 'playing',
          seats: over.seats,
          clock: over.clock,
          rated: true,
          pool: 'backgammon',
          rematchOf: 'game01',
          version: 0,
          score: [0, 0],
          winner: null,
          createdAt: 99,
        });
        expect(next.record.settings).toBe(over.record.settings);
        expect(next.series).toEqual(seriesNow([a, b], winner));
        expect(next.series[0] + next.series[1]).toBe(a + b + (winner === null ? 0 : 1));
        // A seeded match's rematch is seeded too, differently.
        expect(next.record.dice).toEqual({ source: 'seeded', seed: 's>next01' });
        // No fair dice for seeded ones; the wish about spectators stands; a rematch is no round.
        expect(next.fair).toBeNull();
        expect(next.noSpectators).toEqual([no, false]);
        expect(next.tournament).toBeNull();
      }),
    );
  });

  it('the rematch of a match created rated that did not count is created rated, its players counted again as it begins', () => {
    const over = row({ status: 'over', winner: 0, rated: false, unrated: 'pair-limit' });
    expect(rematchRow(over, 99, 'next01')).toMatchObject({ rated: true, unrated: null });
    // A casual match's rematch stays casual.
    expect(rematchRow(row({ status: 'over', rated: false }), 99, 'next02')).toMatchObject({
      rated: false,
      unrated: null,
    });
  });

  it("a match on fair dice gets new seeds for its rematch: a fresh server seed, the bot's seed drawn, the person's to come", () => {
    const fair = { serverSeed: 'a'.repeat(64), clientSeeds: ['c'.repeat(32), 'b'.repeat(32)] } as const;
    const over = row({
      status: 'over',
      winner: 0,
      record: { version: 1, settings, players: ['Ana', 'Bot'], dice: { source: 'crypto' } },
      seats: [humanSeat('ana', 'Ana'), botSeat('club')],
      fair,
    });
    const next = rematchRow(over, 99, 'next01');
    expect(next.record.dice).toEqual({ source: 'crypto' });
    expect(next.fair?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(next.fair?.serverSeed).not.toBe(fair.serverSeed);
    expect(next.fair?.clientSeeds[0]).toBeNull();
    expect(next.fair?.clientSeeds[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(next.fair?.clientSeeds[1]).not.toBe(fair.clientSeeds[1]);
  });

  it('the view counts this match in the series once it is over, and its JSON is the view’s', () => {
    fc.assert(
      fc.property(status, fc.option(player, { nil: null }), rematch, (st, winner, r) => {
        const source = { ...CASUAL, series: [1, 2] as const, rematch: r };
        const meta = ratedMeta(source, st, winner, null);
        expect(meta.series).toEqual(st === 'over' ? seriesNow([1, 2], winner) : [1, 2]);
        const json = ratedJson(source, st, winner);
        for (const you of [0, 1, null] as const) {
          const text = `{${json.rated}${json.rematch[you ?? 2]}${json.end}}`;
          const m = ratedMeta(source, st, winner, you);
          expect(JSON.parse(text)).toEqual({
            rated: m.rated,
            rematch: m.rematch,
            series: m.series,
            ratings: m.ratings,
          });
        }
      }),
    );
    expect(ratedMeta(CASUAL, 'over', 0, 0).rematch).toEqual({ ...NO_REMATCH, allowed: true });
  });

  it('a match created rated that did not count is shown not rated, with the reason, from its row', () => {
    const source = ratedSourceOf(row({ rated: false, unrated: 'pair-limit' }), NO_STANDING);
    const why = { reason: 'pair-limit', limit: RATED_PAIR_LIMIT, hours: RATED_PAIR_WINDOW_MS / 3_600_000 };
    expect(ratedMeta(source, 'playing', null, 0)).toMatchObject({ rated: false, unrated: why });
    expect(JSON.parse(`{${ratedJson(source, 'over', 0).end.slice(1)}}`)).toMatchObject({ unrated: why });
    expect(ratedMeta(ratedSourceOf(row(), NO_STANDING), 'playing', null, 0)).not.toHaveProperty('unrated');
  });
});
