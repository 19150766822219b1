import type { GameView } from '@zar/protocol';

/** The one line that tells the viewer what is going on and what to do. */
export type StatusLine =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'over' }
  | { readonly kind: 'opening' }
  | { readonly kind: 'yourRoll'; readonly canDouble: boolean }
  | { readonly kind: 'yourMove' }
  | { readonly kind: 'theirTurn'; readonly who: 0 | 1 }
  | { readonly kind: 'doubled'; readonly who: 0 | 1; readonly value: number }
  | { readonly kind: 'youDoubled'; readonly value: number }
  | { readonly kind: 'resignOffer'; readonly who: 0 | 1; readonly level: 1 | 2 | 3 }
  | { readonly kind: 'youResigned'; readonly level: 1 | 2 | 3 };

/** The status line for the viewer (a spectator is treated as seat 0 watching). */
export function statusOf(view: GameView): StatusLine {
  if (view.status === 'waiting') return { kind: 'waiting' };
  if (view.status === 'over') return { kind: 'over' };
  const g = view.game;
  const you = view.you;
  switch (g.phase) {
    case 'opening':
      return { kind: 'opening' };
    case 'roll':
      if (view.allowed.roll) return { kind: 'yourRoll', canDouble: view.allowed.double };
      return { kind: 'theirTurn', who: g.turn };
    case 'move':
      return view.allowed.play ? { kind: 'yourMove' } : { kind: 'theirTurn', who: g.turn };
    case 'doubled':
    case 'beavered':
    case 'raccooned': {
      // The answer is awaited from one side; the other asked (doubled, beavered or raccooned).
      const asker: 0 | 1 = g.actor === 0 ? 1 : 0;
      const value = g.cube.value * (g.phase === 'doubled' ? 2 : 1);
      return asker === you ? { kind: 'youDoubled', value } : { kind: 'doubled', who: asker, value };
    }
    case 'resigning': {
      const offer = g.resign;
      if (!offer) return { kind: 'theirTurn', who: g.turn };
      return offer.by === you
        ? { kind: 'youResigned', level: offer.level }
        : { kind: 'resignOffer', who: offer.by, level: offer.level };
    }
    default:
      return { kind: 'over' };
  }
}
