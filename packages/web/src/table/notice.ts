import { formatPlay, parseZarPosition, type Rules, startTurn } from '@zar/engine';
import type { EventAction, GameView } from '@zar/protocol';

/*
 * What just happened at the table, said in words so that nothing passes unseen: the opening
 * roll, a roll that could not be played, a forced play, a hit, a gul bara run going on, a
 * timeout (the clock run out, or an untimed match claimed). All of it is read from the
 * server's views and events (and, for "forced", the engine's turn builder on the position the
 * server sent); nothing here decides a rule.
 */

export type Pair = readonly [number, number];

/** The opening roll: White's die, Black's die, and who starts. */
export interface Opening {
  readonly white: number;
  readonly black: number;
  readonly starter: 0 | 1;
}

export type Notice =
  | { readonly kind: 'openingTie'; readonly die: number }
  /** The server declared a timeout: the clock ran out, or (untimed) the opponent claimed the match. */
  | { readonly kind: 'timeout'; readonly who: 0 | 1; readonly claimed: boolean }
  | { readonly kind: 'noPlay'; readonly who: 0 | 1; readonly dice: Pair }
  | {
      readonly kind: 'played';
      readonly who: 0 | 1;
      readonly dice: Pair | null;
      readonly play: string;
      readonly forced: boolean;
      readonly hit: boolean;
      /** A block of a gul bara doubles run. */
      readonly block: boolean;
      /** The run goes on: the same player now plays this double. */
      readonly runNext: Pair | null;
    };

/** Dice as the table shows them: the higher die first. */
export const highFirst = (d: Pair): Pair => (d[0] >= d[1] ? d : [d[1], d[0]]);

const turnsDone = (view: GameView): number => {
  const pos = parseZarPosition(view.game.position);
  return pos.ok ? pos.value.turns[0] + pos.value.turns[1] : 0;
};

const runGoesOn = (view: GameView): boolean => {
  const pos = parseZarPosition(view.game.position);
  return pos.ok && pos.value.run > 0;
};

/** The one legal play (in notation) for the dice to play in a view, or null when there are more or none. */
export function onlyPlay(rules: Rules, view: GameView | null): string | null {
  const g = view?.game;
  if (g?.phase !== 'move' || g.dice === null || !rules.turnModel) return null;
  const pos = parseZarPosition(g.position);
  if (!pos.ok) return null;
  const plays = startTurn(rules, pos.value, g.dice).context.plays;
  return plays.length === 1 && plays[0] ? formatPlay(plays[0].steps) : null;
}

/**
 * The notice for one socket event (`before`: the view before it, null when unknown). A roll
 * that can be played and the cube's actions are shown by the board and the status line.
 */
export function noticeOfEvent(
  rules: Rules,
  before: GameView | null,
  view: GameView,
  action: EventAction,
): Notice | null {
  switch (action.type) {
    case 'opening':
      return action.dice[0] === action.dice[1] ? { kind: 'openingTie', die: action.dice[0] } : null;
    case 'roll': {
      const last = view.lastMove;
      // The server passed the roll at once: the view's last move is that roll, with no play.
      if (last && last.play === '' && last.player === action.player && last.dice) {
        return { kind: 'noPlay', who: action.player, dice: highFirst(action.dice) };
      }
      return null;
    }
    case 'play': {
      const dice = before?.game.dice ?? null;
      const sameSide = view.game.phase === 'move' && view.game.turn === action.player && runGoesOn(view);
      const runNext = sameSide && view.game.dice ? view.game.dice : null;
      return {
        kind: 'played',
        who: action.player,
        dice: dice ? highFirst(dice) : null,
        play: action.play,
        forced: onlyPlay(rules, before) !== null,
        // Standard notation marks a hit (a pin in plakoto) with '*'.
        hit: action.play.includes('*'),
        block: runNext !== null || (before !== null && runGoesOn(before)),
        runNext,
      };
    }
    case 'timeout':
      // An untimed match ends on time only when the opponent claims it.
      return { kind: 'timeout', who: action.player, claimed: view.clock === null };
    default:
      return null;
  }
}

/** The notice a whole state implies (on joining or reloading): the last roll, if it passed. */
export function noticeOfState(view: GameView): Notice | null {
  const last = view.lastMove;
  if (last?.play !== '' || !last.dice) return null;
  return { kind: 'noPlay', who: last.player, dice: highFirst(last.dice) };
}

/**
 * The opening roll, shown until the game's first play has been answered. From the event when
 * the page saw it; else, where the starter plays the opening dice, from the state: the dice
 * still to play (the starter's die first) or, after the first play, that play's dice.
 */
export function openingOf(rules: Rules, view: GameView, action: EventAction | null): Opening | null {
  if (action?.type === 'opening') {
    const [white, black] = action.dice;
    if (white === black) return null;
    return { white, black, starter: view.game.turn };
  }
  if (rules.openingRoll !== 'play-opening-dice') return null;
  const done = turnsDone(view);
  const g = view.game;
  if (done === 0 && g.phase === 'move' && g.dice && view.lastMove === null) {
    const [own, other] = g.dice;
    return g.turn === 0 ? { white: own, black: other, starter: 0 } : { white: other, black: own, starter: 1 };
  }
  const last = view.lastMove;
  if (done === 1 && last?.dice && last.play !== '') {
    const [high, low] = highFirst(last.dice);
    return last.player === 0 ? { white: high, black: low, starter: 0 } : { white: low, black: high, starter: 1 };
  }
  return null;
}

/** Whether the opening roll is still worth showing: until the game's second turn is done. */
export const openingStillShown = (view: GameView): boolean =>
  view.status === 'playing' && view.game.phase !== 'opening' && turnsDone(view) <= 1;

/** The opening is being rolled, or was rolled and is still shown: the time its ties belong to. */
const openingTime = (view: GameView): boolean => view.status === 'playing' && turnsDone(view) <= 1;

/**
 * The news with one more notice: the latest `kept` of the game's notices, and the opening's
 * ties beside them. A tie is part of the opening, not news: counted with the rest, two ties
 * (or a tie and a forced first play) would push out what happened since.
 */
export function withNotice<T extends { readonly notice: Notice }>(news: readonly T[], added: T, kept: number): T[] {
  const all = [...news, added];
  const ties = all.filter((k) => k.notice.kind === 'openingTie');
  const rest = all.filter((k) => k.notice.kind !== 'openingTie');
  return [...ties, ...rest.slice(-kept)];
}

/**
 * The news in the order things happened around the opening line: the opening's ties come
 * before it (they were rolled first), everything else after it. The ties go with the opening
 * line: once the game's second turn is done, "Both rolled 5" would outlive the roll that
 * counted and stay under the board to the match's end.
 */
export function aroundOpening<T extends { readonly notice: Notice }>(
  news: readonly T[],
  view: GameView,
): { readonly before: T[]; readonly after: T[] } {
  return {
    before: openingTime(view) ? news.filter((k) => k.notice.kind === 'openingTie') : [],
    after: news.filter((k) => k.notice.kind !== 'openingTie'),
  };
}
