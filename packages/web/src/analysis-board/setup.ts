import { type Dice, type GameId, matchPlay, type Position, rulesFor } from '@zar/engine';
import { type BoardCube, type BoardSetup, MONEY_CUBE } from '@zar/match';

/*
 * The analysis board's setup (@zar/match's BoardSetup: the position from the side on roll,
 * who that is, the dice, backgammon's cube and score) and the steps the page takes on it. The
 * board always draws player 0 near, whoever is on roll, so that an edit and a play forward
 * never turn the board round.
 */

/** A fresh board of the game: its starting position, player 0 on roll, no dice; money play in backgammon. */
export function startSetup(game: GameId): BoardSetup {
  const rules = rulesFor(game);
  return { game, position: rules.start(), onRoll: 0, dice: null, cube: rules.hasCube ? MONEY_CUBE : null };
}

/** The position seen from player 0, the side drawn near. */
export function nearView(setup: BoardSetup): Position {
  return setup.onRoll === 0 ? setup.position : rulesFor(setup.game).swapSides(setup.position);
}

/** The setup with its position set from player 0's view (an edit of the board). */
export function withNearView(setup: BoardSetup, near: Position): BoardSetup {
  const position = setup.onRoll === 0 ? near : rulesFor(setup.game).swapSides(near);
  return { ...setup, position };
}

/** The cube and score seen from the other side. */
function turnCube(cube: BoardCube | null): BoardCube | null {
  if (cube === null) return null;
  const owner = cube.owner === 'centre' ? 'centre' : cube.owner === 'onRoll' ? 'opponent' : 'onRoll';
  return { ...cube, owner, score: [cube.score[1], cube.score[0]] };
}

/** The other player on roll, the board as it stands. */
export function switchOnRoll(setup: BoardSetup): BoardSetup {
  return {
    ...setup,
    position: rulesFor(setup.game).swapSides(setup.position),
    onRoll: setup.onRoll === 0 ? 1 : 0,
    cube: turnCube(setup.cube),
    dice: null,
  };
}

/** The dice set (larger first, as the setup keeps them), or taken away. */
export function withDice(setup: BoardSetup, dice: Dice | null): BoardSetup {
  const kept: Dice | null = dice === null ? null : dice[0] >= dice[1] ? dice : [dice[1], dice[0]];
  return { ...setup, dice: kept, cube: setup.cube === null ? null : { ...setup.cube, doubled: false } };
}

/**
 * The setup after a play of its dice, written as the evaluation writes it: the other side on
 * roll with no dice yet, or in a gul bara run the same side with the run's next double. Null
 * when the play is not one of the roll's (the setup changed since it was ranked).
 */
export function playForward(setup: BoardSetup, notation: string): BoardSetup | null {
  if (setup.dice === null) return null;
  const rules = rulesFor(setup.game);
  const found = matchPlay(rules.legalPlays(setup.position, setup.dice), notation);
  if (!found.ok) return null;
  const next = found.value.next;
  if (next.run > 0 && rules.outcome(next) === null) {
    return { ...setup, position: next, dice: [next.run, next.run] };
  }
  return { ...setup, position: next, onRoll: setup.onRoll === 0 ? 1 : 0, dice: null, cube: turnCube(setup.cube) };
}
