import { BAR, borneOff, mine, onBar, type Position, pinnedOn, type Rules, theirsOnMyPoint } from '@zar/engine';

/**
 * The board as text, drawn from the side on roll (X, at the bottom) with every point in its
 * numbering: 13..24 across the top, 12..1 across the bottom, home board bottom right. The
 * opponent (O) is placed through `theirPointToMine`, so the same drawing serves games where
 * the sides move in opposite directions and games where they move the same way.
 */

const ROWS = 5;
const HALF = 6;
const ME = 'X';
const THEY = 'O';
/** A pinned checker (plakoto) is drawn in lower case, at the edge, under its pinner. */
const PINNED_ME = 'x';
const PINNED_THEY = 'o';

/** Checkers on each of my points 1..24, edge first. */
function stacks(pos: Position, rules: Rules): string[][] {
  const b = pos.board;
  const out: string[][] = [[]];
  for (let q = 1; q < BAR; q++) {
    const mineHere = mine(b, q);
    const they = theirsOnMyPoint(rules, b, q);
    const pinned = rules.hasPins ? pinnedOn(b, q) : null;
    if (pinned === 'onRoll') out.push([PINNED_ME, ...THEY.repeat(they)]);
    else if (pinned === 'opponent') out.push([PINNED_THEY, ...ME.repeat(mineHere)]);
    else out.push([...ME.repeat(mineHere), ...THEY.repeat(they)]);
  }
  return out;
}

/** Row `row` (0 = at the edge) of a point; a stack taller than the column shows its top colour's count last. */
function pointCell(tokens: readonly string[], row: number): string {
  if (tokens.length <= ROWS || row < ROWS - 1) return cell(tokens[row] ?? '');
  const top = tokens[tokens.length - 1];
  return cell(String(tokens.filter((t) => t === top).length));
}

/** Row of the bar column, counted from the middle of the board outwards. */
function barCell(count: number, token: string, fromMiddle: number): string {
  if (count > ROWS && fromMiddle === ROWS - 1) return cell(String(count));
  return cell(fromMiddle < count ? token : '');
}

const cell = (s: string): string => ` ${s.padEnd(2)}`;
const label = (n: number): string => (n < 10 ? ` ${n} ` : ` ${n}`);
const range = (from: number, to: number): number[] => {
  const step = from <= to ? 1 : -1;
  const out: number[] = [];
  for (let n = from; n !== to + step; n += step) out.push(n);
  return out;
};

export function renderBoard(pos: Position, rules: Rules): string {
  const b = pos.board;
  const points = stacks(pos, rules);
  const [myPips, theirPips] = rules.pips(pos);
  const topLeft = range(13, 12 + HALF);
  const topRight = range(13 + HALF, 24);
  const bottomLeft = range(12, 13 - HALF);
  const bottomRight = range(HALF, 1);
  const border = `+${'-'.repeat(3 * HALF)}+---+${'-'.repeat(3 * HALF)}+`;
  const labels = (left: number[], right: number[]): string =>
    ` ${left.map(label).join('')}     ${right.map(label).join('')}`.trimEnd();
  const row = (left: number[], right: number[], r: number, bar: string): string =>
    `|${left.map((q) => pointCell(points[q] ?? [], r)).join('')}|${bar}|${right.map((q) => pointCell(points[q] ?? [], r)).join('')}|`;
  const side = (token: string, pips: number, off: number, bar: number): string =>
    `  ${token}  ${pips} pips, ${off} off${rules.hasBar ? `, ${bar} on the bar` : ''}`;

  const theirBar = onBar(b, 'opponent');
  const myBar = onBar(b, 'onRoll');
  const lines = [labels(topLeft, topRight), border + side(THEY, theirPips, borneOff(b, 'opponent'), theirBar)];
  for (let r = 0; r < ROWS; r++) lines.push(row(topLeft, topRight, r, barCell(theirBar, THEY, ROWS - 1 - r)));
  lines.push(`|${' '.repeat(3 * HALF)}|${rules.hasBar ? 'BAR' : '   '}|${' '.repeat(3 * HALF)}|`);
  for (let r = ROWS - 1; r >= 0; r--) {
    lines.push(row(bottomLeft, bottomRight, r, barCell(myBar, ME, ROWS - 1 - r)));
  }
  lines.push(`${border}${side(ME, myPips, borneOff(b, 'onRoll'), myBar)}  (on roll)`);
  lines.push(labels(bottomLeft, bottomRight));
  lines.push('', `${pos.game}: ${ME} is on roll; points are numbered from ${ME}'s side`);
  if (rules.hasPins) lines.push(`${PINNED_ME}, ${PINNED_THEY}: a pinned checker, under the checker that pins it`);
  if (pos.run > 0) lines.push(`doubles run: ${ME} plays the block of ${pos.run}s next`);
  if (pos.turns[0] > 0 || pos.turns[1] > 0) lines.push(`turns played: ${ME} ${pos.turns[0]}, ${THEY} ${pos.turns[1]}`);
  const outcome = rules.outcome(pos);
  if (outcome) {
    const who = outcome.winner === null ? 'nobody' : outcome.winner === 'onRoll' ? ME : THEY;
    lines.push(`game over: ${who} wins (${outcome.kind}, ${outcome.points} point${outcome.points === 1 ? '' : 's'})`);
  }
  return `${lines.join('\n')}\n`;
}
