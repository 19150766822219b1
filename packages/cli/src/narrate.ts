import type { GameAction, MatchState } from '@zar/match';

/** One line for the log of a match: who did what, in words a player reads. */
export function narrate(before: MatchState, action: GameAction, names: readonly [string, string]): string {
  const who = 'player' in action ? names[action.player] : '';
  switch (action.type) {
    case 'opening': {
      const [a, b] = action.dice;
      if (a === b) return `Opening roll: ${a}-${b}, a tie; rolling again`;
      return `Opening roll: ${names[0]} ${a}, ${names[1]} ${b}; first to move: ${a > b ? names[0] : names[1]}`;
    }
    case 'roll':
      return `${who}: rolls ${action.dice[0]}-${action.dice[1]}`;
    case 'play':
      return `${who}: plays ${action.play === '' ? '(no play)' : action.play}`;
    case 'double':
      return `${who}: doubles to ${before.game.cube.value * 2}`;
    case 'take':
      return `${who}: takes`;
    case 'drop':
      return `${who}: passes`;
    case 'beaver':
      return `${who}: beavers`;
    case 'raccoon':
      return `${who}: raccoons`;
    case 'resign':
      return `${who}: offers to resign (${['', 'single', 'gammon', 'backgammon'][action.level]})`;
    case 'accept':
      return `${who}: accepts the resignation`;
    case 'decline':
      return `${who}: declines the resignation`;
    case 'timeout':
      return `${who}: ran out of time`;
  }
}

/** The line after a game ends, and after the match ends. */
export function narrateResult(after: MatchState, names: readonly [string, string]): string[] {
  const last = after.results.at(-1);
  if (!last) return [];
  const lines: string[] = [];
  const winner = last.winner === null ? null : names[last.winner];
  lines.push(
    winner === null
      ? `Game ${after.results.length} is a draw`
      : `Game ${after.results.length} to ${winner}: ${last.points} point${last.points === 1 ? '' : 's'} (${last.kind})`,
  );
  const n = after.settings.length;
  lines.push(`Score: ${names[0]} ${after.score[0]}, ${names[1]} ${after.score[1]}${n > 0 ? ` (match to ${n})` : ''}`);
  if (after.winner !== null) lines.push(`Match won by ${names[after.winner]}`);
  return lines;
}
