// A stand-in for gnubg that answers with gnubg's own recorded lines: REPLAY_FILE is a JSON object
// from a request line ("e PLIES B", as labelRequest writes it) to the answer gnubg's driver gave it
// (test/fixtures/gnubg-labels.json). A request it has no answer for is refused, as gnubg refuses.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const answers = JSON.parse(readFileSync(process.env.REPLAY_FILE ?? '', 'utf8'));
createInterface({ input: process.stdin }).on('line', (line) => {
  const request = line.trim();
  if (request === 'q') process.exit(0);
  console.log(answers[request] ?? `@@! no recorded answer for ${request.slice(0, 20)}`);
});
