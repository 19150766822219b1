import {
  decode,
  MAX_SWISS_ROUNDS,
  MAX_TOURNAMENT_SIZE,
  NewTournamentSchema,
  type TournamentSummary,
} from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { ru } from '../src/i18n/ru.js';
import { matchRoute, pathOf } from '../src/router.js';
import { bracketOf, roundName } from '../src/tournaments/bracket-model.js';
import {
  DEFAULT_ROUND,
  ROUND_CLOCKS,
  ROUND_LENGTHS,
  type TournamentChoices,
  tournamentRequest,
} from '../src/tournaments/create-request.js';
import { isOpen, listSections } from '../src/tournaments/list-model.js';
import { matchText, roundNameText } from '../src/tournaments/tournament-text.js';
import { knockoutView, pairing, round } from './support/tournaments.js';

const NOW = Date.parse('2026-12-02T12:00:00Z');

const CHOICES: TournamentChoices = {
  name: 'Club cup',
  cycle: null,
  preset: 'backgammon',
  format: 'knockout',
  rounds: '5',
  thirdPlace: true,
  roundSettings: [DEFAULT_ROUND],
  rated: false,
  maxPlayers: '16',
  startAt: null,
};

const roundChoice = fc.record({
  length: fc.constantFrom(...ROUND_LENGTHS),
  clock: fc.constantFrom(...ROUND_CLOCKS),
});

describe('the tournament form’s request', () => {
  it('sends a knock-out with its third-place match and no round count', () => {
    const r = tournamentRequest(CHOICES, NOW);
    expect(r).toEqual({
      ok: true,
      value: {
        name: 'Club cup',
        preset: 'backgammon',
        format: 'knockout',
        thirdPlace: true,
        roundSettings: [{ length: 3, clock: { preset: 'normal' } }],
        rated: false,
        maxPlayers: 16,
        startsAt: null,
      },
    });
  });

  it('sends a cycle by its id and a start time as the visitor typed it, in his time zone', () => {
    const r = tournamentRequest({ ...CHOICES, cycle: 'tavli', startAt: '2026-12-03T18:30' }, NOW);
    expect(r.ok && r.value.cycle).toBe('tavli');
    expect(r.ok && 'preset' in r.value).toBe(false);
    expect(r.ok && r.value.startsAt).toBe(new Date('2026-12-03T18:30').getTime());
  });

  it('refuses a start time that is past, or not a time, naming the field', () => {
    expect(tournamentRequest({ ...CHOICES, startAt: '2020-01-01T10:00' }, NOW)).toEqual({ ok: false, error: 'start' });
    expect(tournamentRequest({ ...CHOICES, startAt: '' }, NOW)).toEqual({ ok: false, error: 'start' });
  });

  it('accepts exactly the names of 3 to 40 characters once trimmed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (name) => {
        const r = tournamentRequest({ ...CHOICES, name }, NOW);
        const n = name.trim().length;
        expect(r.ok).toBe(n >= 3 && n <= 40);
        if (r.ok) expect(r.value.name).toBe(name.trim());
        else expect(r.error).toBe('name');
      }),
    );
  });

  it('refuses a Swiss’s rounds or the most players that are not whole numbers within bounds, naming the field', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -50, max: 1000 }).map(String)), (typed) => {
        const n = /^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN;
        const swiss = tournamentRequest({ ...CHOICES, format: 'swiss', rounds: typed }, NOW);
        expect(swiss.ok ? null : swiss.error).toBe(n >= 1 && n <= MAX_SWISS_ROUNDS ? null : 'rounds');
        // A knock-out has no round count to check.
        expect(tournamentRequest({ ...CHOICES, format: 'knockout', rounds: typed }, NOW).ok).toBe(true);
        const players = tournamentRequest({ ...CHOICES, maxPlayers: typed }, NOW);
        expect(players.ok ? null : players.error).toBe(n >= 2 && n <= MAX_TOURNAMENT_SIZE ? null : 'players');
      }),
    );
  });

  it('always sends what the protocol accepts, a Swiss no more round settings than rounds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('knockout', 'swiss') as fc.Arbitrary<'knockout' | 'swiss'>,
        fc.integer({ min: 1, max: MAX_SWISS_ROUNDS }),
        fc.array(roundChoice, { minLength: 0, maxLength: 20 }),
        fc.integer({ min: 2, max: MAX_TOURNAMENT_SIZE }),
        fc.boolean(),
        (format, rounds, rows, maxPlayers, rated) => {
          const typed = { rounds: String(rounds), maxPlayers: ` ${maxPlayers}` };
          const r = tournamentRequest({ ...CHOICES, ...typed, format, roundSettings: rows, rated }, NOW);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(decode(NewTournamentSchema, r.value).ok).toBe(true);
          expect(r.value.maxPlayers).toBe(maxPlayers);
          const sent = r.value.roundSettings;
          expect(sent.length).toBeGreaterThanOrEqual(1);
          if (format === 'swiss') {
            expect(r.value.rounds).toBe(rounds);
            expect(sent.length).toBeLessThanOrEqual(rounds);
            expect('thirdPlace' in r.value).toBe(false);
          } else expect('rounds' in r.value).toBe(false);
          // Each round's clock is a timed preset: no-shows lose on time.
          for (const s of sent) expect('preset' in s.clock && s.clock.preset !== 'untimed').toBe(true);
        },
      ),
    );
  });
});

const summary = (id: string, status: TournamentSummary['status']): TournamentSummary => ({
  id,
  name: id,
  format: 'swiss',
  settings: knockoutView().settings,
  rated: false,
  status,
  entrants: 2,
  maxPlayers: 8,
  round: 0,
  roundCount: 3,
  startsAt: null,
  winner: null,
});

describe('the tournaments page’s lists', () => {
  it('splits the list into open and finished, each in the server’s order', () => {
    const statuses = fc.constantFrom('registering', 'running', 'over', 'cancelled') as fc.Arbitrary<
      TournamentSummary['status']
    >;
    fc.assert(
      fc.property(fc.array(statuses, { maxLength: 30 }), (list) => {
        const all = list.map((s, i) => summary(`tour${String(i).padStart(3, '0')}`, s));
        const { open, finished } = listSections(all);
        expect(open.every(isOpen)).toBe(true);
        expect(finished.some(isOpen)).toBe(false);
        expect(open.length + finished.length).toBe(all.length);
        expect(open).toEqual(all.filter((t) => open.includes(t)));
        expect(finished).toEqual(all.filter((t) => finished.includes(t)));
      }),
    );
  });
});

describe('the knock-out bracket', () => {
  it('has no column before the draw', () => {
    expect(bracketOf(knockoutView()).columns).toEqual([]);
  });

  it('shows the rounds not drawn yet as places to be decided, halving to the final', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), (players) => {
        const size = 2 ** Math.ceil(Math.log2(players));
        const roundCount = Math.log2(size);
        const first = Array.from({ length: size / 2 }, (_, i) =>
          i < size - players ? pairing(`p${i}`, null, { state: 'bye', winner: 0 }) : pairing(`p${i}`, `q${i}`),
        );
        const b = bracketOf(knockoutView({ status: 'running', roundCount, rounds: [round(1, first)] }));
        expect(b.columns.map((c) => c.number)).toEqual(Array.from({ length: roundCount }, (_, i) => i + 1));
        b.columns.forEach((c, i) => {
          expect(c.matches).toHaveLength(size / 2 ** (i + 1));
          if (i > 0) expect(c.matches.every((m) => m.state === 'future' && m.players[0] === null)).toBe(true);
        });
        expect(b.columns.at(-1)?.matches).toHaveLength(1);
      }),
    );
  });

  it('keeps the third-place match out of the final’s column even when the round lists it last', () => {
    const final = pairing('ana', 'bob', { game: 'game0001', state: 'playing', score: [0, 0] });
    const third = pairing('cid', 'dan', { game: 'game0002', state: 'won', winner: 1, score: [0, 1] });
    const semis = [
      pairing('ana', 'dan', { state: 'won', winner: 0, game: 'game0003' }),
      pairing('bob', 'cid', { state: 'won', winner: 0, game: 'game0004' }),
    ];
    const view = knockoutView({
      thirdPlace: true,
      roundCount: 2,
      rounds: [round(1, semis), round(2, [final, third], third)],
    });
    const b = bracketOf(view);
    expect(b.columns[1]?.matches).toEqual([
      { players: ['ana', 'bob'], state: 'playing', winner: null, game: 'game0001', score: [0, 0] },
    ]);
    expect(b.thirdPlace).toEqual({ players: ['cid', 'dan'], state: 'won', winner: 1, game: 'game0002', score: [0, 1] });
    // A view that keeps it apart only gives the same bracket.
    expect(bracketOf({ ...view, rounds: [round(1, semis), round(2, [final], third)] })).toEqual(b);
  });

  it('names the rounds by their matches', () => {
    expect([1, 2, 3, 4, 8, 16].map(roundName)).toEqual([
      { kind: 'final' },
      { kind: 'semi' },
      { kind: 'quarter' },
      { kind: 'quarter' },
      { kind: 'roundOf', players: 16 },
      { kind: 'roundOf', players: 32 },
    ]);
    expect(roundNameText(makeI18n('en', en), 8)).toBe('Round of 16');
    expect(roundNameText(makeI18n('ru', ru), 2)).toBe('Полуфиналы');
  });
});

describe('a match in words, for a screen reader', () => {
  const i18n = makeI18n('en', en);
  it('says who won, the score while played, a bye and a place not decided', () => {
    const b = bracketOf(
      knockoutView({
        roundCount: 3,
        rounds: [
          round(1, [
            pairing('ana', null, { state: 'bye', winner: 0 }),
            pairing('bob', 'cid', { state: 'playing', score: [1, 0], game: 'game0001' }),
            pairing('dan', 'eve', { state: 'forfeit', winner: 1, score: [0, 0], game: 'game0002' }),
            pairing('fay', 'gus', { state: 'won', winner: 0, score: [1, 0], game: 'game0003' }),
          ]),
        ],
      }),
    );
    const [first, second] = b.columns;
    expect(first?.matches.map((m) => matchText(i18n, m))).toEqual([
      'ana goes through without playing',
      'bob against cid: 1–0 (Playing)',
      'dan against eve: eve won (Won by forfeit)',
      'fay against gus: fay won',
    ]);
    expect(matchText(i18n, second?.matches[0] as never)).toBe('To be decided against To be decided');
  });
});

describe('the tournaments’ addresses', () => {
  it('routes the list and a tournament, and writes their paths back', () => {
    expect(matchRoute('/tournaments')).toEqual({ page: 'tournaments' });
    expect(matchRoute('/tournaments/cup0001/')).toEqual({ page: 'tournament', id: 'cup0001' });
    expect(matchRoute('/tournaments/bad%20id').page).toBe('not-found');
    expect(pathOf({ page: 'tournaments' })).toBe('/tournaments');
    expect(pathOf({ page: 'tournament', id: 'cup0001' })).toBe('/tournaments/cup0001');
  });
});
