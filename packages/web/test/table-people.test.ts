import { createRules } from '@zar/engine';
import { MATCH_DEFAULTS, newMatch } from '@zar/match';
import { type GameView, matchView, type SeatView } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { en as enCatalogue } from '../src/i18n/en.js';
import { LANGS, makeI18n } from '../src/i18n/index.js';
import { loadCatalogue } from '../src/i18n/load.js';
import {
  AWAY_GRACE_MS,
  awayShown,
  CLAIM_SHOWN_MS,
  claimState,
  isAway,
  pointsShown,
  ratingLines,
  rematchState,
  rematchUnratedShown,
  seriesShown,
  unratedText,
  viewerFirst,
} from '../src/play/people.js';
import { noticeOfEvent } from '../src/table/notice.js';
import { CASUAL_UNTIMED } from './support/matches.js';

const PEOPLE: [SeatView, SeatView] = [
  { name: 'ana', kind: 'human', taken: true },
  { name: 'bob', kind: 'human', taken: true },
];

/** A match between ana (seat 0, the viewer) and bob, with the people fields as given. */
const viewOf = (meta: Partial<Parameters<typeof matchView>[1]> = {}): GameView =>
  matchView(
    newMatch({ ...MATCH_DEFAULTS, length: 5 }),
    {
      id: 'game01',
      status: 'playing',
      players: PEOPLE,
      you: 0,
      hint: false,
      analysable: false,
      ...CASUAL_UNTIMED,
      ...meta,
    },
    [],
  );

const over = (meta: Partial<Parameters<typeof matchView>[1]> = {}): GameView => viewOf({ status: 'over', ...meta });

describe('presence', () => {
  it('marks the opponent away when his page is closed, never the viewer, a bot or an empty seat', () => {
    const gone = viewOf({ presence: [true, false] });
    expect(isAway(gone, 1)).toBe(true);
    expect(isAway(gone, 0)).toBe(false);
    expect(isAway(viewOf({ presence: [false, true] }), 0)).toBe(false);
    expect(isAway(viewOf({ presence: [true, true] }), 1)).toBe(false);
    const bot: [SeatView, SeatView] = [PEOPLE[0], { name: 'bot', kind: 'bot', level: 'club', taken: true }];
    expect(isAway(viewOf({ players: bot, presence: [true, false] }), 1)).toBe(false);
    const empty: [SeatView, SeatView] = [PEOPLE[0], { name: '', kind: 'human', taken: false }];
    expect(isAway(viewOf({ players: empty, status: 'waiting', presence: [true, false] }), 1)).toBe(false);
  });

  it('shows a spectator both players who are away, and nobody once the match is over', () => {
    const watched = viewOf({ you: null, presence: [false, false] });
    expect([isAway(watched, 0), isAway(watched, 1)]).toEqual([true, true]);
    expect(isAway(over({ presence: [true, false] }), 1)).toBe(false);
  });
});

describe('the away mark waits out a reconnect', () => {
  it('shows a seat away only once it has been away for the grace, and a seat back at once', () => {
    expect(awayShown([null, 1_000], 1_000)).toEqual([false, false]);
    expect(awayShown([null, 1_000], 1_000 + AWAY_GRACE_MS - 1)).toEqual([false, false]);
    expect(awayShown([null, 1_000], 1_000 + AWAY_GRACE_MS)).toEqual([false, true]);
    expect(awayShown([null, null], 1_000_000)).toEqual([false, false]);
  });

  it('property: a seat is shown away exactly when it has been away for the grace or longer', () => {
    const since = fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null });
    fc.assert(
      fc.property(since, since, fc.integer({ min: 0, max: 2e9 }), (a, b, now) => {
        const shown = awayShown([a, b], now);
        expect(shown[0]).toBe(a !== null && now - a >= AWAY_GRACE_MS);
        expect(shown[1]).toBe(b !== null && now - b >= AWAY_GRACE_MS);
      }),
    );
  });
});

describe('claiming the match of an absent opponent', () => {
  it('says nothing when the server says the viewer cannot claim', () => {
    expect(claimState(viewOf({ claim: null, presence: [true, false] }), 0)).toBeNull();
    expect(claimState(viewOf({ you: null, claim: 1_000 }), 0)).toBeNull();
    expect(claimState(over({ claim: 0 }), 0)).toBeNull();
  });

  it('counts down from the frame while the opponent is away, then offers the claim', () => {
    const away = viewOf({ claim: 300_000, presence: [true, false] });
    expect(claimState(away, 0)).toEqual({ kind: 'soon', who: 1, left: 300_000 });
    expect(claimState(away, 120_000)).toEqual({ kind: 'soon', who: 1, left: 180_000 });
    expect(claimState(away, 300_000)).toEqual({ kind: 'now', who: 1 });
    expect(claimState(away, 900_000)).toEqual({ kind: 'now', who: 1 });
  });

  it('counts down with the away mark: not while a reconnect may still come, then as away', () => {
    const gone = viewOf({ claim: 300_000, presence: [true, false] });
    expect(claimState(gone, 0, [false, false])).toBeNull();
    expect(claimState(gone, 0, [false, true])).toEqual({ kind: 'soon', who: 1, left: 300_000 });
    // The claim itself is the server's to open, whatever the page shows.
    expect(claimState(gone, 300_000, [false, false])).toEqual({ kind: 'now', who: 1 });
  });

  it('does not nag while a connected opponent thinks, until the claim is near', () => {
    const thinking = viewOf({ claim: 300_000, presence: [true, true] });
    expect(claimState(thinking, 0)).toBeNull();
    expect(claimState(thinking, 300_000 - CLAIM_SHOWN_MS)).toEqual({ kind: 'soon', who: 1, left: CLAIM_SHOWN_MS });
    expect(claimState(viewOf({ claim: 0, presence: [true, true] }), 0)).toEqual({ kind: 'now', who: 1 });
  });

  it('property: the claim opens exactly when the server said, never before', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(2_000_000), fc.boolean(), (claim, elapsed, present) => {
        const s = claimState(viewOf({ claim, presence: [true, present] }), elapsed);
        if (elapsed >= claim) expect(s).toEqual({ kind: 'now', who: 1 });
        else if (s !== null) expect(s).toEqual({ kind: 'soon', who: 1, left: claim - elapsed });
        else expect(present && claim - elapsed > CLAIM_SHOWN_MS).toBe(true);
      }),
    );
  });
});

describe('the rematch', () => {
  const r = (offered: [boolean, boolean], allowed = true, next: string | null = null) => ({ offered, allowed, next });

  it('is offered once the match is over, to a player of it', () => {
    expect(rematchState(over({ rematch: r([false, false]) }))).toEqual({ kind: 'offer' });
    expect(rematchState(viewOf({ rematch: r([false, false]) }))).toEqual({ kind: 'none' });
    expect(rematchState(over({ you: null, rematch: r([false, false]) }))).toEqual({ kind: 'none' });
    expect(rematchState(over({ rematch: r([false, false], false) }))).toEqual({ kind: 'none' });
  });

  it('waits for the opponent after the viewer offers, and answers the opponent’s offer', () => {
    expect(rematchState(over({ rematch: r([true, false]) }))).toEqual({ kind: 'waiting', who: 1 });
    expect(rematchState(over({ rematch: r([false, true]) }))).toEqual({ kind: 'offered', who: 1 });
    expect(rematchState(over({ you: 1, rematch: r([true, false]) }))).toEqual({ kind: 'offered', who: 0 });
  });

  it('goes to the next match once both agreed, spectators too', () => {
    expect(rematchState(over({ rematch: r([true, true], false, 'game02') }))).toEqual({ kind: 'go', next: 'game02' });
    expect(rematchState(over({ you: null, rematch: r([true, true], false, 'game02') }))).toEqual({
      kind: 'go',
      next: 'game02',
    });
  });
});

describe('the end of a match as the viewer reads it', () => {
  it('puts the viewer first, seat 0 for a spectator', () => {
    expect(viewerFirst(viewOf({ you: 0 }))).toEqual([0, 1]);
    expect(viewerFirst(viewOf({ you: 1 }))).toEqual([1, 0]);
    expect(viewerFirst(viewOf({ you: null }))).toEqual([0, 1]);
  });

  it('says the game’s points, except for a match lost on time, which is lost whatever they were', () => {
    const match = over();
    expect(pointsShown(match, { winner: 1, kind: 'gammon', points: 2 })).toBe(true);
    expect(pointsShown(match, { winner: 1, kind: 'timeout', points: 2 })).toBe(false);
    expect(pointsShown(match, { winner: null, kind: 'timeout', points: 0 })).toBe(false);
    const money: GameView = { ...match, settings: { ...match.settings, length: 0 } };
    expect(pointsShown(money, { winner: 1, kind: 'timeout', points: 2 })).toBe(true);
  });
});

describe('the series and the ratings at the end', () => {
  it('shows the series once either player has won a match of it', () => {
    expect(seriesShown(over({ series: [0, 0] }))).toBe(false);
    expect(seriesShown(over({ series: [1, 0] }))).toBe(true);
    expect(seriesShown(over({ series: [2, 3] }))).toBe(true);
  });

  it('lists both rating changes of a rated match, the viewer first, whole as ratings are shown, adding up', () => {
    const ratings = [
      { before: 1500, after: 1512.26 },
      { before: 1623.44, after: 1615.38 },
    ] as const;
    const rated = over({ rated: true, ratings: [ratings[0], ratings[1]] });
    expect(ratingLines(rated)).toEqual([
      { seat: 0, before: 1500, after: 1512, change: 12 },
      { seat: 1, before: 1623, after: 1615, change: -8 },
    ]);
    expect(ratingLines({ ...rated, you: 1 })?.map((l) => l.seat)).toEqual([1, 0]);
    expect(ratingLines(over({ rated: false }))).toBeNull();
    expect(ratingLines(over({ rated: true, ratings: null }))).toBeNull();
  });

  it('property: the change shown is always the difference of the two ratings shown', () => {
    const rating = fc.double({ min: 0, max: 4000, noNaN: true });
    fc.assert(
      fc.property(rating, rating, rating, rating, (a, b, c, d) => {
        const lines = ratingLines(
          over({
            rated: true,
            ratings: [
              { before: a, after: b },
              { before: c, after: d },
            ],
          }),
        );
        for (const l of lines ?? []) expect(l.change).toBeCloseTo(l.after - l.before, 9);
      }),
    );
  });
});

describe('a match asked rated and played unrated', () => {
  const why = { reason: 'pair-limit', limit: 3, hours: 24 } as const;
  const en = makeI18n('en', enCatalogue);

  it('tells a player he has played his limit of rated matches against this one, and a spectator that they have', () => {
    expect(unratedText(en, viewOf({ rated: false, unrated: why }))).toBe(
      'Not rated: you have played 3 rated matches against this player in the last 24 hours.',
    );
    expect(unratedText(en, viewOf({ you: null, rated: false, unrated: why }))).toBe(
      'Not rated: these two players have played 3 rated matches against each other in the last 24 hours.',
    );
    expect(unratedText(en, viewOf({ rated: true }))).toBeNull();
    expect(unratedText(en, viewOf({ rated: false }))).toBeNull();
  });

  it('says it in every language, with the numbers the server gave, the player and the spectator apart', async () => {
    for (const lang of LANGS) {
      const i18n = makeI18n(lang, await loadCatalogue(lang));
      const player = unratedText(i18n, viewOf({ rated: false, unrated: why }));
      const spectator = unratedText(i18n, viewOf({ you: null, rated: false, unrated: why }));
      for (const text of [player, spectator]) {
        expect(text, lang).toContain(i18n.num(24));
        expect(text, lang).not.toMatch(/[{}]/);
      }
      expect(player, lang).not.toBe(spectator);
      // A form that spells the count out (Arabic "one", "two") says no digit: three is a digit everywhere.
      expect(player, lang).toContain(i18n.num(3));
    }
  });

  it('says beside the rematch offer that the rematch would not be rated either', () => {
    const r = (offered: [boolean, boolean], next: string | null = null) => ({ offered, allowed: next === null, next });
    expect(rematchUnratedShown(over({ rated: false, unrated: why, rematch: r([false, false]) }))).toBe(true);
    expect(rematchUnratedShown(over({ rated: false, unrated: why, rematch: r([false, true]) }))).toBe(true);
    expect(rematchUnratedShown(over({ rated: false, unrated: why, rematch: r([true, false]) }))).toBe(true);
    expect(rematchUnratedShown(over({ rated: true, rematch: r([false, false]) }))).toBe(false);
    expect(rematchUnratedShown(over({ you: null, rated: false, unrated: why, rematch: r([false, false]) }))).toBe(
      false,
    );
    expect(rematchUnratedShown(over({ rated: false, unrated: why, rematch: r([true, true], 'game02') }))).toBe(false);
  });
});

describe('the timeout in the table news', () => {
  const rules = createRules('backgammon', {});
  if (!rules.ok) throw new Error('rules');
  it('says who ran out of time, or that an untimed match was claimed', () => {
    const clock = {
      delayMs: 10_000,
      perPointMs: 60_000,
      reserve: [0, 120_000] as [number, number],
      delay: 0,
      actor: null,
      running: false,
    };
    const timed = over({ clock });
    expect(noticeOfEvent(rules.value, null, timed, { type: 'timeout', player: 0 })).toEqual({
      kind: 'timeout',
      who: 0,
      claimed: false,
    });
    expect(noticeOfEvent(rules.value, null, over(), { type: 'timeout', player: 1 })).toEqual({
      kind: 'timeout',
      who: 1,
      claimed: true,
    });
  });
});
