import type { GameStateView, RecordEntry } from '@zar/protocol';

type Dice = readonly [number, number];
type Seat = 0 | 1;

/** One block of a turn: the dice and what was played with them. */
export interface Block {
  readonly dice: Dice;
  /** '' when nothing could be played; null while the roll waits for its play. */
  readonly play: string | null;
}

/**
 * One line of the move list. `first`..`last` are the indices of its entries in the game's
 * entries; the position after `last` is what the line shows on the board.
 */
export type Line = { readonly first: number; readonly last: number } & (
  | { readonly kind: 'opening'; readonly dice: Dice; readonly starter: Seat | null }
  /** A roll and its play; several blocks for a gul bara run. */
  | { readonly kind: 'turn'; readonly player: Seat; readonly blocks: readonly Block[] }
  | {
      readonly kind: 'double' | 'take' | 'drop' | 'beaver' | 'raccoon';
      readonly player: Seat;
      /** The cube's value once the action is done: doubled to, taken at, beavered to… */
      readonly cube: number;
    }
  | { readonly kind: 'resign'; readonly player: Seat; readonly level: 1 | 2 | 3 }
  | { readonly kind: 'accept' | 'decline' | 'timeout'; readonly player: Seat }
);

/** A roll was played: right after it the roller is in his move phase (else the server passed at once). */
const playable = (e: RecordEntry, player: Seat): boolean => e.game.phase === 'move' && e.game.turn === player;

/** The cube as a state shows it: an offered double counts at its new value. */
const cubeOf = (g: GameStateView): number => g.cube.value * (g.phase === 'doubled' ? 2 : 1);

/**
 * The move list of one game, from its starting state and its entries. Rolls and plays are
 * joined into turns (a gul bara run's blocks into its turn), a roll that could not be played
 * is a turn with an empty play, cube and resignation actions are lines of their own. Nothing
 * here judges a rule: what could be played is read from the states the server sent.
 */
export function linesOf(start: GameStateView, entries: readonly RecordEntry[]): Line[] {
  const lines: Line[] = [];
  // The line of the turn a next play belongs to: its roll left the mover to play.
  let open: number | null = null;
  let before = start;
  for (const [i, e] of entries.entries()) {
    const a = e.action;
    const prior = before;
    before = e.game;
    if (a.type === 'play') {
      const block: Block = { dice: prior.dice ?? [0, 0], play: a.play };
      const turn = open === null ? undefined : lines[open];
      if (open !== null && turn?.kind === 'turn' && turn.player === a.player && turn.last === i - 1) {
        // The roll's own block is filled first; each further block is the next dice of a run.
        const blocks: Block[] = turn.blocks[0]?.play === null ? [block] : [...turn.blocks, block];
        lines[open] = { ...turn, blocks, last: i };
      } else {
        // The opening dice, played with no roll action before them.
        lines.push({ kind: 'turn', player: a.player, blocks: [block], first: i, last: i });
        open = lines.length - 1;
      }
      if (!playable(e, a.player)) open = null;
      continue;
    }
    open = null;
    const at = { first: i, last: i };
    switch (a.type) {
      case 'opening': {
        // Who starts is the server's word: the player on turn once the dice differ.
        const tie = a.dice[0] === a.dice[1];
        lines.push({ kind: 'opening', dice: a.dice, starter: tie ? null : e.game.turn, ...at });
        continue;
      }
      case 'roll': {
        const played = playable(e, a.player);
        lines.push({ kind: 'turn', player: a.player, blocks: [{ dice: a.dice, play: played ? null : '' }], ...at });
        if (played) open = lines.length - 1;
        continue;
      }
      case 'double':
      case 'beaver':
      case 'raccoon':
      case 'take':
        lines.push({ kind: a.type, player: a.player, cube: cubeOf(e.game), ...at });
        continue;
      case 'drop':
        lines.push({ kind: a.type, player: a.player, cube: cubeOf(prior), ...at });
        continue;
      case 'resign':
        lines.push({ kind: 'resign', player: a.player, level: a.level, ...at });
        continue;
      default:
        lines.push({ kind: a.type, player: a.player, ...at });
    }
  }
  return lines;
}
