// A stand-in for gnubg running gnubg-label.py, for the labeller's tests: it speaks the driver's
// protocol and answers "e PLIES B" with the mover's pip count / 1000 as the win chance and the
// opponent's / 1000 as the lose-gammon chance (B is [opponent 25, mover 25], points 1..24, bar),
// so that a test can tell which side went where and which output came back in which place.
// With FAKE_DIE_AFTER=n and FAKE_DIE_ONCE=path it exits after n answers, unless path exists
// (which it makes first): the next process started lives. With FAKE_REFUSE=1 it refuses every board.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const dieAfter = Number(process.env.FAKE_DIE_AFTER ?? -1);
const marker = process.env.FAKE_DIE_ONCE;
const refuses = process.env.FAKE_REFUSE === '1';
let dies = false;
if (dieAfter >= 0 && marker !== undefined) {
  try {
    // Made exclusively: of processes started together, one dies.
    writeFileSync(marker, '', { flag: 'wx' });
    dies = true;
  } catch {}
}
let answered = 0;
const pips = (counts) => counts.reduce((sum, n, i) => sum + n * (i + 1), 0);

console.log('chatter that is not an answer');
createInterface({ input: process.stdin }).on('line', (line) => {
  const words = line.trim().split(/\s+/);
  if (words[0] === 'q') process.exit(0);
  if (dies && answered === dieAfter) process.exit(3);
  if (refuses || words[0] !== 'e' || words.length !== 52) {
    console.log(`@@! unknown request ${words[0]}`);
  } else {
    const b = words.slice(2).map(Number);
    console.log(`@@ ${pips(b.slice(25)) / 1000} 0 0 ${pips(b.slice(0, 25)) / 1000} 0`);
  }
  answered++;
});
