import type { Interface } from 'node:readline';
import { type Dice, formatPlay, matchPlay } from '@zar/engine';
import { type Agent, type Decision, doubleRefusal, type MatchState, type Player, rulesOf } from '@zar/match';
import { renderBoard } from './board-text.js';
import type { TextSink } from './io.js';

/** Reads one answer; resolves null when the input has ended. */
export type Ask = (prompt: string) => Promise<string | null>;

export function askFrom(rl: Interface, out: TextSink): Ask {
  const lines = rl[Symbol.asyncIterator]();
  return async (prompt) => {
    out.write(prompt);
    const next = await lines.next();
    return next.done ? null : String(next.value).trim();
  };
}

export class InputEnded extends Error {}

/** Shows the match from the player's side: the board, the dice, the cube and the score. */
function showTable(match: MatchState, me: Player, names: readonly [string, string], out: TextSink): void {
  const g = match.game;
  const rules = rulesOf(g.settings);
  out.write(`\n${renderBoard(g.position, rules)}`);
  const cube = g.settings.cube.enabled
    ? `cube ${g.cube.value}${g.cube.owner === null ? ' (centred)' : `, owned by ${names[g.cube.owner]}`}${g.settings.crawford ? ', Crawford game' : ''}`
    : 'no cube';
  const length = match.settings.length;
  out.write(
    `On roll: ${names[g.turn]} (X). ${names[0]} ${match.score[0]} – ${names[1]} ${match.score[1]}${length > 0 ? ` of ${length}` : ''}; ${cube}\n`,
  );
  if (me !== g.turn) out.write(`You are ${names[me]} (O).\n`);
}

/** A person at the keyboard. Each answer is checked before it is returned, so a typo re-asks. */
export function humanAgent(ask: Ask, out: TextSink, names: readonly [string, string]): Agent {
  const need = async (prompt: string): Promise<string> => {
    const answer = await ask(prompt);
    if (answer === null) throw new InputEnded('input ended');
    return answer.toLowerCase();
  };
  return {
    async decide(match, me): Promise<Decision> {
      const g = match.game;
      showTable(match, me, names, out);
      if (g.phase === 'roll') {
        const canDouble = doubleRefusal(g) === null;
        for (;;) {
          const a = await need(canDouble ? 'Roll (r), double (d) or resign (q)? ' : 'Roll (r) or resign (q)? ');
          if (a === '' || a === 'r') return { type: 'roll' };
          if (a === 'd' && canDouble) return { type: 'double' };
          if (a === 'q') return { type: 'resign', level: await resignLevel(need) };
        }
      }
      if (g.phase === 'doubled') {
        for (;;) {
          const a = await need(`${names[g.turn]} doubles to ${g.stake * 2}. Take (t) or pass (p)? `);
          if (a === 't') return { type: 'take' };
          if (a === 'p') return { type: 'drop' };
        }
      }
      if (g.phase === 'beavered' || g.phase === 'raccooned') {
        for (;;) {
          const a = await need(`The cube is at ${g.cube.value}. Accept (t) or refuse (p)? `);
          if (a === 't') return { type: 'take' };
          if (a === 'p') return { type: 'drop' };
        }
      }
      if (g.phase === 'resigning') {
        const level = g.resign?.level ?? 1;
        for (;;) {
          const a = await need(
            `${names[g.resign?.by ?? 0]} offers to resign (${['', 'single', 'gammon', 'backgammon'][level]}). Accept (y) or decline (n)? `,
          );
          if (a === 'y') return { type: 'accept' };
          if (a === 'n') return { type: 'decline' };
        }
      }
      return choosePlay(match, need, out);
    },
  };
}

async function resignLevel(need: (p: string) => Promise<string>): Promise<1 | 2 | 3> {
  for (;;) {
    const a = await need('Resign a single (1), gammon (2) or backgammon (3)? ');
    if (a === '1' || a === '2' || a === '3') return Number(a) as 1 | 2 | 3;
  }
}

async function choosePlay(match: MatchState, need: (p: string) => Promise<string>, out: TextSink): Promise<Decision> {
  const g = match.game;
  const rules = rulesOf(g.settings);
  const plays = rules.legalPlays(g.position, g.dice as Dice);
  const texts = plays.map((p) => formatPlay(p.steps)).sort();
  const dice = `${g.dice?.[0]}-${g.dice?.[1]}${g.position.run > 0 ? ` (doubles run, block of ${g.position.run}s)` : ''}`;
  if (texts.length === 1) {
    out.write(`You rolled ${dice}; the only play is ${texts[0]}.\n`);
    return { type: 'play', play: texts[0] as string };
  }
  for (;;) {
    const a = await need(
      `You rolled ${dice}. Your play (e.g. ${texts[0]}), "?" lists all ${texts.length}, q resigns: `,
    );
    if (a === '?') {
      for (const [i, t] of texts.entries()) out.write(`  ${String(i + 1).padStart(3)}. ${t}\n`);
      continue;
    }
    if (a === 'q') return { type: 'resign', level: await resignLevel(need) };
    const n = Number(a);
    if (Number.isInteger(n) && n >= 1 && n <= texts.length) return { type: 'play', play: texts[n - 1] as string };
    const found = matchPlay(plays, a);
    if (found.ok) return { type: 'play', play: formatPlay(found.value.steps) };
    out.write(`  ${found.error.message}\n`);
  }
}
