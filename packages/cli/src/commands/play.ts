import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { isLevel, LEVEL_NAMES, type Level, resumableMatchAgent } from '@zar/bot';
import { GAME_IDS, ok, type Result } from '@zar/engine';
import {
  type Agent,
  type DiceProof,
  type DiceSource,
  diceProof,
  exportMat,
  fairDice,
  type GameAction,
  type JsonMatchRecord,
  MATCH_DEFAULTS,
  type MatchRecord,
  type MatchSettings,
  newMatch,
  parseMatchSettings,
  randomClientSeed,
  randomServerSeed,
  seedNumber,
  seedsFromText,
  step,
  toJsonRecord,
} from '@zar/match';
import type { Command } from 'commander';
import { askFrom, humanAgent, InputEnded } from '../human.js';
import { type CliContext, fail } from '../io.js';
import { narrate, narrateResult } from '../narrate.js';

interface PlayOptions {
  game: string;
  length: string;
  level: string;
  seed?: string;
  clientSeeds?: string;
  auto?: boolean;
  twoPlayers?: boolean;
  export?: string;
  names?: string;
  quiet?: boolean;
}

export function registerPlay(program: Command, ctx: CliContext): void {
  program
    .command('play')
    .description('play a match in the terminal: you against the bot, two people at one keyboard, or two bots')
    .option(
      '-g, --game <games>',
      `the game, or games played in turn, comma-separated (${GAME_IDS.join(', ')})`,
      'backgammon',
    )
    .option('-n, --length <points>', 'points to win the match; 0 for a money session', '5')
    .option('--level <level>', `bot level: ${LEVEL_NAMES.join(', ')}`, 'club')
    .option('--seed <seed>', 'fix the dice seeds by this text, to replay a match exactly (default: random seeds)')
    .option(
      '--client-seeds <a,b>',
      'the players’ own dice seeds (printable ASCII, no spaces or commas; default: random)',
    )
    .option('--auto', 'two bots play the whole match without prompts')
    .option('--two-players', 'two people take turns at this keyboard')
    .option('--names <a,b>', 'the players’ names')
    .option(
      '--export <file>',
      'write the match record: .mat for backgammon, Zar JSON (with the proof of the dice) for a .json file or the other games',
    )
    .option('-q, --quiet', 'with --auto: print only results')
    .action(async (opts: PlayOptions) => {
      const settings = parseMatchSettings({
        ...MATCH_DEFAULTS,
        length: Number(opts.length),
        cycle: opts.game.split(',').map((game) => ({ game: game.trim() })),
      });
      if (!settings.ok) return fail(ctx, settings.error);
      if (!isLevel(opts.level)) {
        return fail(ctx, { code: 'ERR_LEVEL', message: `levels are ${LEVEL_NAMES.join(', ')}` });
      }
      const proof = playSeeds(opts);
      if (!proof.ok) return fail(ctx, proof.error);
      const dice = fairDice(proof.value);
      if (!dice.ok) return fail(ctx, dice.error);
      const source: DiceSource = dice.value;
      const names = playerNames(opts);
      const rl = opts.auto ? null : createInterface({ input: ctx.io.stdin, terminal: false });
      const agents = seats(opts, names, rl, ctx);
      try {
        if (!opts.quiet) {
          ctx.io.stdout.write(
            `Dice commitment ${proof.value.commitment}, client seeds ${proof.value.clientSeeds.join(', ')}\n`,
          );
        }
        const record = await playMatch(ctx, settings.value, agents, source, names, opts);
        // The match is over: reveal the server seed, with which anyone can check every roll.
        if (!opts.quiet) ctx.io.stdout.write(`Dice server seed ${proof.value.serverSeed}\n`);
        if (opts.export) writeRecord(ctx, { ...record, proof: proof.value }, opts.export);
      } catch (e) {
        if (!(e instanceof InputEnded)) throw e;
        ctx.io.stdout.write('\nInput ended; the match is left unfinished.\n');
      } finally {
        rl?.close();
      }
    });
}

/**
 * The dice seeds (docs/fair-dice.md): fixed by `--seed`, else a random server seed; the
 * client seeds given, else fixed by `--seed` or random (the terminal stands in for both
 * players' browsers).
 */
function playSeeds(opts: PlayOptions): Result<DiceProof, string> {
  const fixed = opts.seed !== undefined ? seedsFromText(opts.seed) : null;
  const server = fixed ? ok(fixed.serverSeed) : randomServerSeed();
  if (!server.ok) return server;
  let clientSeeds: readonly string[];
  if (opts.clientSeeds !== undefined) clientSeeds = opts.clientSeeds.split(',');
  else if (fixed) clientSeeds = fixed.clientSeeds;
  else {
    const a = randomClientSeed();
    if (!a.ok) return a;
    const b = randomClientSeed();
    if (!b.ok) return b;
    clientSeeds = [a.value, b.value];
  }
  return diceProof({ serverSeed: server.value, clientSeeds });
}

function playerNames(opts: PlayOptions): [string, string] {
  const given = opts.names?.split(',').map((s) => s.trim());
  if (given && given.length === 2 && given[0] && given[1]) return [given[0], given[1]];
  if (opts.auto) return [`Bot ${opts.level} 1`, `Bot ${opts.level} 2`];
  if (opts.twoPlayers) return ['Player 1', 'Player 2'];
  return ['You', `Bot (${opts.level})`];
}

function seats(
  opts: PlayOptions,
  names: readonly [string, string],
  rl: ReturnType<typeof createInterface> | null,
  ctx: CliContext,
): [Agent, Agent] {
  // The strongest player per game (the trained nets), at the chosen level; each decision's
  // noise from the seed and its place in the match, as the browser's offline match draws it.
  const level = opts.level as Level;
  const seed = opts.seed !== undefined ? seedNumber(opts.seed) : Date.now();
  if (opts.auto || rl === null) return [resumableMatchAgent(level, seed), resumableMatchAgent(level, seed + 1)];
  const human = humanAgent(askFrom(rl, ctx.io.stdout), ctx.io.stdout, names);
  return opts.twoPlayers ? [human, human] : [human, resumableMatchAgent(level, seed)];
}

async function playMatch(
  ctx: CliContext,
  settings: MatchSettings,
  agents: [Agent, Agent],
  dice: DiceSource,
  names: [string, string],
  opts: PlayOptions,
): Promise<MatchRecord> {
  const out = ctx.io.stdout;
  let match = newMatch(settings);
  const actions: GameAction[] = [];
  out.write(
    `${settings.length > 0 ? `Match to ${settings.length}` : 'Money session'}: ${names[0]} against ${names[1]}\n`,
  );
  while (match.winner === null) {
    const before = match;
    const r = await step(match, agents, dice);
    if (!r.ok) {
      fail(ctx, r.error);
      break;
    }
    match = r.value.match;
    actions.push(r.value.action);
    if (!opts.quiet) out.write(`${narrate(before, r.value.action, names)}\n`);
    if (match.results.length > before.results.length) out.write(`${narrateResult(match, names).join('\n')}\n`);
    // A money session goes on until the players stop; in the terminal, one game at a time.
    if (settings.length === 0 && match.results.length > before.results.length && opts.auto) break;
  }
  return {
    version: 1,
    settings,
    players: names,
    ...(opts.seed !== undefined
      ? { dice: { source: 'seeded' as const, seed: opts.seed } }
      : { dice: { source: 'crypto' as const } }),
    actions,
  };
}

function writeRecord(ctx: CliContext, record: JsonMatchRecord, file: string): void {
  const allBackgammon = record.settings.cycle.every((c) => c.game === 'backgammon');
  const mat = allBackgammon && !file.endsWith('.json');
  const text = mat ? exportMat(record) : toJsonRecord(record);
  writeFileSync(file, typeof text === 'string' ? text : JSON.stringify(text, null, 2));
  const lost =
    mat && record.proof ? ' (a .mat file has no room for the proof of the dice: export to .json to keep it)' : '';
  ctx.io.stdout.write(`Wrote ${file}${lost}\n`);
}
