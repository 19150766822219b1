import { type Dice, formatPlay } from '@zar/engine';
import {
  type GameAction,
  MATCH_DEFAULTS,
  type MatchRecord,
  type MatchState,
  matchReducer,
  newMatch,
  type Player,
  rulesOf,
} from '../../src/index.js';

/**
 * The 5-point match behind fixtures/mat/zar-golden.mat, built with the reducer and scripted
 * dice: each player's rolls cycle through a fixed list, and each play is the first legal one.
 * Game 1: Bob doubles, Alice drops. Game 2: Alice doubles, Bob takes, Alice wins a gammon
 * on the 2-cube. Game 3 (Crawford): Alice rolls and then resigns a single game. Game 4:
 * played out, with dances, until Alice wins the match.
 */
export function goldenMatch(): MatchRecord {
  const settings = { ...MATCH_DEFAULTS, length: 5 };
  const actions: GameAction[] = [];
  let m: MatchState = newMatch(settings);
  const act = (a: GameAction): void => {
    const r = matchReducer(m, a);
    if (!r.ok) throw new Error(`golden match: ${JSON.stringify(a)} refused: ${r.error.message}`);
    m = r.value;
    actions.push(a);
  };
  const rolls: Record<Player, Dice[]> = { 0: [], 1: [] };
  const used: Record<Player, number> = { 0: 0, 1: 0 };
  const script = (p: Player, dice: Dice[]): void => {
    rolls[p] = dice;
    used[p] = 0;
  };
  /** Plays turns (rolling when due) until `stop` says so or the game ends. */
  const turns = (count: number): void => {
    const game = m.gameNumber;
    for (let k = 0; k < count && m.gameNumber === game && m.winner === null; k++) {
      const g = m.game;
      if (g.phase === 'roll') {
        const list = rolls[g.turn];
        act({ type: 'roll', player: g.turn, dice: list[used[g.turn]++ % list.length] as Dice });
      }
      const after = m.game;
      if (m.gameNumber === game && after.phase === 'move') {
        const plays = rulesOf(after.settings).legalPlays(after.position, after.dice as Dice);
        act({ type: 'play', player: after.turn, play: formatPlay(plays[0]?.steps ?? []) });
      }
    }
  };

  // Game 1: Alice opens 3-1; Bob doubles at his second turn and Alice drops.
  script(0, [[6, 4]]);
  script(1, [[5, 2]]);
  act({ type: 'opening', dice: [3, 1] });
  turns(3);
  act({ type: 'double', player: 1 });
  act({ type: 'drop', player: 0 });

  // Game 2: Bob opens 6-5 (a tie first); Alice doubles, Bob takes; Alice's big dice run home.
  act({ type: 'opening', dice: [4, 4] });
  act({ type: 'opening', dice: [5, 6] });
  script(0, [
    [6, 6],
    [5, 5],
    [6, 5],
  ]);
  script(1, [
    [2, 1],
    [1, 1],
    [3, 1],
  ]);
  turns(1);
  act({ type: 'double', player: 0 });
  act({ type: 'take', player: 1 });
  turns(500);

  // Game 3, the Crawford game: Alice opens 4-2, Bob plays a turn, Alice rolls and resigns.
  script(0, [[3, 2]]);
  script(1, [[6, 3]]);
  act({ type: 'opening', dice: [4, 2] });
  turns(2);
  act({ type: 'roll', player: 0, dice: [5, 5] });
  act({ type: 'resign', player: 0, level: 1 });
  act({ type: 'accept', player: 1 });

  // Game 4: played out; Bob's small dice leave him stuck on the bar behind Alice's board.
  script(0, [
    [6, 6],
    [4, 4],
    [5, 5],
    [6, 5],
    [3, 3],
  ]);
  script(1, [
    [1, 2],
    [2, 3],
    [6, 6],
    [1, 1],
  ]);
  act({ type: 'opening', dice: [6, 1] });
  turns(500);
  if (m.winner === null) throw new Error(`golden match: no winner, score ${m.score.join('-')}`);
  return { version: 1, settings, players: ['Alice', 'Bob'], actions };
}
