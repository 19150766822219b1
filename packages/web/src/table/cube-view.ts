import type { CubeView } from '@zar/board-ui';
import type { GameStateView } from '@zar/protocol';

/**
 * The cube as the board draws it: centred or beside its owner, turned while a double is
 * offered; none where the server says it is not in play (a game without a cube, the Crawford
 * game, a 1-point match), so that no centred 64 stands where nobody may double.
 */
export function cubeOf(g: GameStateView, viewer: 0 | 1, canDouble: boolean): CubeView | null {
  if (!g.cubeInPlay) return null;
  const owner = g.cube.owner === null ? null : g.cube.owner === viewer ? 'own' : 'opp';
  const offered = g.phase === 'doubled';
  return { value: offered ? g.cube.value * 2 : g.cube.value, owner, offered, canDouble };
}
