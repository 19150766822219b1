import { createRules, type Rules } from '@zar/engine';
import { type GameAction, MATCH_DEFAULTS, type MatchState, newMatch } from '@zar/match';
import { type GameView, matchView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import {
  aroundOpening,
  highFirst,
  noticeOfEvent,
  noticeOfState,
  onlyPlay,
  openingOf,
  openingStillShown,
  withNotice,
} from '../src/table/notice.js';
import { apply, CASUAL_UNTIMED, SEATS_AGAINST_BOT } from './support/matches.js';

const seats = SEATS_AGAINST_BOT;

const viewOf = (m: MatchState, actions: readonly GameAction[] = []): GameView =>
  matchView(
    m,
    { id: 'game01', status: 'playing', players: seats, you: 0, hint: false, analysable: false, ...CASUAL_UNTIMED },
    actions,
  );

const rulesFor = (game: string): Rules => {
  const r = createRules(game as 'backgammon', {});
  if (!r.ok) throw new Error(game);
  return r.value;
};

/** A view of the game as given, with the game's fields replaced (a position the server could send). */
const withGame = (view: GameView, game: Partial<GameView['game']>): GameView => ({
  ...view,
  game: { ...view.game, ...game },
});

describe('table notices', () => {
  const bg = rulesFor('backgammon');
  const start = newMatch({ ...MATCH_DEFAULTS, length: 3 });
  const opening: GameAction = { type: 'opening', dice: [3, 5] };
  const afterOpening = apply(start, opening);

  it('show the opening roll, die by colour and who starts, from the event and from a state alone', () => {
    const view = viewOf(afterOpening, [opening]);
    expect(view.game.turn).toBe(1);
    const seen = { white: 3, black: 5, starter: 1 };
    expect(openingOf(bg, view, { type: 'opening', dice: [3, 5] })).toEqual(seen);
    expect(openingOf(bg, view, null)).toEqual(seen);
    expect(openingStillShown(view)).toBe(true);
    // After Black's first play, a page that joins now still learns the opening from the last move.
    const play: GameAction = { type: 'play', player: 1, play: '8/3 6/3' };
    const played = apply(afterOpening, play);
    const after = viewOf(played, [opening, play]);
    expect(openingOf(bg, after, null)).toEqual(seen);
    expect(openingStillShown(after)).toBe(true);
    // White's answer ends it.
    const answered = apply(played, { type: 'roll', player: 0, dice: [2, 1] });
    const reply = onlyPlay(bg, viewOf(answered)) ?? '13/11 6/5';
    expect(openingStillShown(viewOf(apply(answered, { type: 'play', player: 0, play: reply })))).toBe(false);
  });

  it('say an opening tie, and nothing for an ordinary roll', () => {
    const tie = apply(start, { type: 'opening', dice: [4, 4] });
    expect(noticeOfEvent(bg, viewOf(start), viewOf(tie), { type: 'opening', dice: [4, 4] })).toEqual({
      kind: 'openingTie',
      die: 4,
    });
    const rolled = apply(
      afterOpening,
      { type: 'play', player: 1, play: '8/3 6/3' },
      {
        type: 'roll',
        player: 0,
        dice: [1, 2],
      },
    );
    expect(noticeOfEvent(bg, null, viewOf(rolled), { type: 'roll', player: 0, dice: [1, 2] })).toBeNull();
  });

  it('keep a roll that could not be played, high die first, from the event or the state', () => {
    const view = viewOf(afterOpening);
    const passed: GameView = { ...view, lastMove: { player: 0, dice: [2, 6], play: '' } };
    const action = { type: 'roll', player: 0, dice: [2, 6] } as const;
    expect(noticeOfEvent(bg, view, passed, action)).toEqual({ kind: 'noPlay', who: 0, dice: [6, 2] });
    expect(noticeOfState(passed)).toEqual({ kind: 'noPlay', who: 0, dice: [6, 2] });
    expect(noticeOfState(view)).toBeNull();
  });

  it('say a forced play as forced and a hit as a hit', () => {
    const view = viewOf(afterOpening);
    // One checker left on the 1-point: a 6-5 bears it off, the only play there is.
    const forced = withGame(view, { position: 'backgammon:1,offx14/13x15', turn: 0, dice: [6, 5], phase: 'move' });
    expect(onlyPlay(bg, forced)).toBe('1/off');
    expect(onlyPlay(bg, view)).toBeNull();
    const after = withGame(view, { phase: 'roll', turn: 1, dice: null });
    const n = noticeOfEvent(bg, forced, after, { type: 'play', player: 0, play: '1/off' });
    expect(n).toMatchObject({ kind: 'played', who: 0, dice: [6, 5], forced: true, hit: false, block: false });
    const hit = noticeOfEvent(bg, view, after, { type: 'play', player: 1, play: '13/8 6/3*' });
    expect(hit).toMatchObject({ kind: 'played', forced: false, hit: true, runNext: null });
  });

  it('follow a gul bara doubles run block by block, each with its dice', () => {
    const gb = rulesFor('gul-bara');
    const base = viewOf(newMatch({ ...MATCH_DEFAULTS, length: 3, cycle: [{ game: 'gul-bara' }] }));
    const at = (position: string, dice: [number, number]) =>
      withGame(base, { game: 'gul-bara', position, dice, turn: 0, phase: 'move' });
    const before = at('gul-bara:24x15/24x15:turns=3.3', [4, 4]);
    const during = at('gul-bara:24x11,20x4/24x15:turns=3.3:run=5', [5, 5]);
    const n = noticeOfEvent(gb, before, during, { type: 'play', player: 0, play: '24/20(4)' });
    expect(n).toMatchObject({ kind: 'played', dice: [4, 4], block: true, runNext: [5, 5] });
    expect(highFirst([2, 5])).toEqual([5, 2]);
  });
});

describe('the news around the opening line', () => {
  const start = newMatch({ ...MATCH_DEFAULTS, length: 3 });
  const tied = apply(start, { type: 'opening', dice: [5, 5] });
  const opened = apply(tied, { type: 'opening', dice: [3, 5] });
  const firstPlay = apply(opened, { type: 'play', player: 1, play: '8/3 6/3' });
  const rolled = apply(firstPlay, { type: 'roll', player: 0, dice: [2, 1] });
  const secondPlay = apply(rolled, { type: 'play', player: 0, play: '13/11 6/5' });
  const news = [
    { id: 1, notice: { kind: 'openingTie', die: 3 } },
    { id: 2, notice: { kind: 'openingTie', die: 5 } },
    { id: 3, notice: { kind: 'noPlay', who: 1, dice: [6, 6] } },
    { id: 4, notice: { kind: 'timeout', who: 0, claimed: false } },
  ] as const;

  it('puts the opening’s ties before the opening line and everything else after it, each in its order', () => {
    const { before, after } = aroundOpening(news, viewOf(opened));
    expect(before.map((k) => k.id)).toEqual([1, 2]);
    expect(after.map((k) => k.id)).toEqual([3, 4]);
  });

  it('shows a tie while the opening is rolled and shown, and lets it go with the opening line', () => {
    for (const m of [tied, opened, firstPlay, rolled]) {
      expect(aroundOpening(news, viewOf(m)).before.map((k) => k.id)).toEqual([1, 2]);
    }
    // The second turn is done: the opening line is gone, and "Both rolled 5" with it.
    const later = viewOf(secondPlay);
    expect(openingStillShown(later)).toBe(false);
    expect(aroundOpening(news, later)).toEqual({ before: [], after: [news[2], news[3]] });
  });

  it('keeps the latest two notices of the game, the opening’s ties apart', () => {
    const played = {
      kind: 'played',
      who: 0,
      dice: [2, 1],
      play: '13/11 6/5',
      forced: true,
      hit: false,
      block: false,
      runNext: null,
    } as const;
    let kept: { id: number; notice: (typeof news)[number]['notice'] | typeof played }[] = [];
    for (const k of [...news, { id: 5, notice: played }]) kept = withNotice(kept, k, 2);
    expect(kept.map((k) => k.id)).toEqual([1, 2, 4, 5]);
  });
});
