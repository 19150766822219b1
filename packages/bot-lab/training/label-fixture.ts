import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { trainedBackgammonEvaluator } from '@zar/bot';
import { BOARD_LENGTH, rulesFor, THEM } from '@zar/engine';
import { GNUBG, gnubgBoard } from '../bench/gnubg-process.js';
import { drawPositions } from './label-draw.js';
import { gnubgCommand, labelRequest } from './label-teacher.js';

/*
 * Writes test/fixtures/gnubg-labels.json, gnubg's own answers for the labeller's tests (which
 * never run gnubg): for the opening, a few boards made to sit on each side of gnubg's crashed
 * rule, and positions drawn as a label set draws them, the class gnubg's `classifypos` gives
 * and the driver's answer lines at 0 and 2 plies. Run from packages/bot-lab:
 *
 *   npx tsx training/label-fixture.ts test/fixtures/gnubg-labels.json
 */
const COMMAND = 'npx tsx training/label-fixture.ts test/fixtures/gnubg-labels.json';
const out = process.argv[2] ?? 'test/fixtures/gnubg-labels.json';

const START = rulesFor('backgammon').start().board.slice(0, BOARD_LENGTH);

/** The opening with the mover's checkers (points 1..24, then off) as given; 15 in all. */
function moverAt(points: Record<number, number>, off = 0): Int8Array {
  const b = START.slice();
  b.fill(0, 0, 26);
  b[0] = off;
  for (const [p, n] of Object.entries(points)) b[Number(p)] = n;
  return b;
}

function swapped(b: Int8Array): Int8Array {
  const s = b.slice();
  s.set(b.subarray(THEM, THEM + 26), 0);
  s.set(b.subarray(0, 26), THEM);
  return s;
}

const made = [
  START,
  moverAt({ 1: 8, 24: 2, 13: 5 }), // 7 besides the 1-point's pile: contact
  moverAt({ 1: 9, 24: 2, 13: 4 }), // 6 besides it: crashed
  moverAt({ 1: 5, 2: 5, 24: 2, 13: 3 }), // 6 besides both piles, one kept: crashed
  moverAt({ 1: 4, 2: 4, 24: 2, 13: 5 }), // 8 besides them: contact
  moverAt({ 1: 1, 2: 8, 24: 2, 13: 4 }), // 8 besides the 2-point's spares: contact
  moverAt({ 2: 10, 24: 2, 13: 3 }), // 6 besides them: crashed
  moverAt({ 24: 2, 13: 4 }, 9), // 6 left in all: crashed
  swapped(moverAt({ 1: 9, 24: 2, 13: 4 })), // the opponent crashed
];
const drawn = drawPositions(await trainedBackgammonEvaluator(), {
  positions: 2000,
  seed: 5,
  childrenShare: 0.1,
  explore: 0,
});
const boards = [...made];
// Every fiftieth, so that the rows come from several games and their later stages.
for (let i = 0; i < drawn.count; i += 50) boards.push(drawn.boards.slice(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH));

const how = gnubgCommand(GNUBG);
const child = spawn(how.command, how.args, { stdio: ['pipe', 'pipe', 'ignore'] });
const answers: string[] = [];
createInterface({ input: child.stdout }).on('line', (line) => {
  if (line.startsWith('@@')) answers.push(line);
});
let text = '';
for (const b of boards) {
  const [opponent, mover] = gnubgBoard(b);
  text += `c ${(opponent as number[]).join(' ')} ${(mover as number[]).join(' ')}\n`;
  text += labelRequest(b, 0) + labelRequest(b, 2);
}
child.stdin.end(`${text}q\n`);
await new Promise((resolve) => child.on('exit', resolve));
if (answers.length !== 3 * boards.length)
  throw new Error(`${answers.length} answers for ${3 * boards.length} requests`);
const rows = boards.map((b, i) => ({
  // Made boards (after the opening) test the class rule; they are not positions play reaches.
  source: i === 0 ? 'opening' : i < made.length ? 'made' : 'drawn',
  board: Array.from(b),
  class: Number((answers[3 * i] as string).slice(3)),
  plies0: answers[3 * i + 1],
  plies2: answers[3 * i + 2],
}));
// One row a line: the file stays small and its diffs readable.
const head = JSON.stringify({ command: COMMAND, gnubg: GNUBG }).slice(0, -1);
writeFileSync(out, `${head},"rows":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`);
console.log(`wrote ${rows.length} rows to ${out}`);
