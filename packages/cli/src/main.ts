import { Command } from 'commander';

export function buildProgram(): Command {
  const program = new Command();
  program.name('zar').description('Zar: backgammon, long nardy, plakoto, fevga and gul bara');
  return program;
}

export async function main(argv: string[]): Promise<number> {
  await buildProgram().parseAsync(argv);
  return 0;
}
