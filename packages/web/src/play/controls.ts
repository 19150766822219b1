import type { GameView } from '@zar/protocol';

/**
 * Which buttons a player has, from the view alone. The server judges every action; this
 * only avoids offering what it would refuse (the cube limit is the server's business).
 */
export type Control = 'roll' | 'double' | 'take' | 'pass' | 'beaver' | 'raccoon' | 'resign' | 'accept' | 'decline';

const other = (p: 0 | 1): 0 | 1 => (p === 0 ? 1 : 0);

/** Who answers the pending cube decision: the doubled player, then alternately. */
export function cubeResponder(view: GameView): 0 | 1 {
  return view.game.phase === 'beavered' ? view.game.turn : other(view.game.turn);
}

export function canDouble(view: GameView, you: 0 | 1): boolean {
  const g = view.game;
  return (
    g.cubeEnabled && !g.crawford && g.cube.value * 2 <= g.cubeLimit && (g.cube.owner === null || g.cube.owner === you)
  );
}

export function controlsFor(view: GameView): Control[] {
  const you = view.you;
  if (you === null || view.status !== 'playing') return [];
  const g = view.game;
  const mine = g.turn === you;
  switch (g.phase) {
    case 'opening':
      return ['roll'];
    case 'roll':
      if (!mine) return [];
      return canDouble(view, you) ? ['roll', 'double', 'resign'] : ['roll', 'resign'];
    case 'move':
      return mine ? ['resign'] : [];
    case 'doubled':
      if (cubeResponder(view) !== you) return [];
      return view.settings.beaver ? ['take', 'pass', 'beaver'] : ['take', 'pass'];
    case 'beavered':
      if (cubeResponder(view) !== you) return [];
      return view.settings.raccoon ? ['take', 'pass', 'raccoon'] : ['take', 'pass'];
    case 'raccooned':
      return cubeResponder(view) === you ? ['take', 'pass'] : [];
    case 'resigning':
      return g.resign && g.resign.by !== you ? ['accept', 'decline'] : [];
    default:
      return [];
  }
}

/** Resignation levels the game knows: single and gammon, and backgammon where it exists. */
export const resignLevels = (maxPoints: number): (1 | 2 | 3)[] => (maxPoints >= 3 ? [1, 2, 3] : [1, 2]);
