/**
 * Reads gnubg's SGF match files (`save match`: one game tree per game, GM[6]) into the shape
 * of a read .mat file (mat-lines.ts), then replays them as a .mat is (mat-import.ts), so an
 * SGF's errors are the .mat's, each with the line of its node.
 *
 * What gnubg writes, read off files gnubg 1.07 saved (test/fixtures/mat/README.md): a root
 * node with PW and PB (White, the .mat's left player, moves first in the file's frame),
 * MI[length:N][game:K][ws:A][bs:B] (the scores before the game), RU (Crawford, Jacoby,
 * Nackgammon…) and RE[W+2] or RE[B+1R] (the winner and points, R for a resignation); then a
 * node per action: W[31xwxu] (the dice, then each step as two letters in White's frame: a-x
 * are White's points 1 to 24, y the bar, z off), W[66] (a dance), W[double], B[take],
 * B[drop], and PL[W]DI[55] for dice rolled and not played (before a resignation).
 */
import { type MatError, type MatResult, matError, quoted } from './mat-error.js';
import { type MatImportOptions, replayMatFile } from './mat-import.js';
import type { MatCell, MatFile, MatGame } from './mat-lines.js';
import type { MatchRecord } from './record.js';
import type { Player } from './types.js';

/** One node: its properties (each with its values) and the line it starts on. */
interface SgfNode {
  readonly line: number;
  readonly props: ReadonlyMap<string, readonly string[]>;
  /** The node as written, for an error that quotes it. */
  readonly text: string;
}

interface SgfTree {
  readonly line: number;
  readonly nodes: readonly SgfNode[];
}

const failAt = (line: number, message: string, found: string): { ok: false; error: MatError } =>
  matError('ERR_MAT_SYNTAX', line, message, { found: quoted(found) });

/** The game trees of an SGF text; a variation (a tree inside a tree) is not read. */
function readTrees(text: string): MatResult<SgfTree[]> {
  const trees: { line: number; nodes: SgfNode[] }[] = [];
  let line = 1;
  let depth = 0;
  let node: { line: number; props: Map<string, string[]>; start: number } | null = null;
  let ident = '';
  const close = (end: number) => {
    if (node === null) return;
    trees[trees.length - 1]?.nodes.push({ line: node.line, props: node.props, text: text.slice(node.start, end) });
    node = null;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\n') line++;
    if (c === '[') {
      if (node === null || ident === '') return failAt(line, 'a value outside a property', text.slice(i, i + 40));
      let value = '';
      for (i++; i < text.length && text[i] !== ']'; i++) {
        if (text[i] === '\\') i++;
        if (text[i] === '\n') line++;
        value += text[i] ?? '';
      }
      if (i >= text.length)
        return failAt(line, 'a value that is never closed', text.slice(node.start, node.start + 40));
      const values = node.props.get(ident) ?? [];
      values.push(value);
      node.props.set(ident, values);
      continue;
    }
    if (/[A-Z]/.test(c)) {
      // A property's name; the values that follow are its own.
      if (i === 0 || !/[A-Z]/.test(text[i - 1] as string)) ident = '';
      ident += c;
      continue;
    }
    if (c === '(') {
      close(i);
      if (++depth > 1) return failAt(line, 'variations are not read; save the match without them', '(');
      trees.push({ line, nodes: [] });
    } else if (c === ')') {
      close(i);
      depth--;
    } else if (c === ';') {
      close(i);
      if (depth !== 1) return failAt(line, 'a node outside a game tree', ';');
      node = { line, props: new Map(), start: i };
    } else if (!/\s/.test(c)) {
      return failAt(line, `unexpected ${JSON.stringify(c)}`, text.slice(i, i + 40));
    }
  }
  if (depth !== 0) return failAt(line, 'a game tree that is never closed', ')');
  return { ok: true, value: trees };
}

/** A step's point as the mover counts it: a-x are White's 1-24, y the bar, z off. */
function pointOf(letter: string, side: Player): number | null {
  if (letter === 'y') return 25;
  if (letter === 'z') return 0;
  const i = letter.charCodeAt(0) - 97;
  if (i < 0 || i > 23) return null;
  return side === 0 ? i + 1 : 24 - i;
}

/** A move's value ("31xwxu") as .mat writes it ("24/23 24/21"), or null when it is not one. */
function matMove(value: string, side: Player): { dice: [number, number]; moves: string } | null {
  const m = /^([1-6])([1-6])([a-z]*)$/.exec(value);
  if (!m || (m[3] as string).length % 2 !== 0) return null;
  const steps: string[] = [];
  const letters = m[3] as string;
  for (let k = 0; k < letters.length; k += 2) {
    const from = pointOf(letters[k] as string, side);
    const to = pointOf(letters[k + 1] as string, side);
    if (from === null || to === null) return null;
    steps.push(`${from}/${to}`);
  }
  return { dice: [Number(m[1]), Number(m[2])], moves: steps.join(' ') };
}

const one = (n: SgfNode, key: string): string | undefined => n.props.get(key)?.[0];

/** The cells of a game's action nodes, and its result as a "Wins" cell. */
function cellsOf(tree: SgfTree, root: SgfNode): MatResult<MatCell[]> {
  const cells: MatCell[] = [];
  let cube = 1;
  for (const n of tree.nodes.slice(1)) {
    const who = n.props.has('W') ? 'W' : n.props.has('B') ? 'B' : null;
    if (who === null) {
      // Dice rolled and not played (gnubg writes them before a resignation).
      const dice = /^([1-6])([1-6])$/.exec(one(n, 'DI') ?? '');
      const pl = one(n, 'PL');
      if (dice && (pl === 'W' || pl === 'B')) {
        cells.push({
          kind: 'roll',
          line: n.line,
          side: pl === 'W' ? 0 : 1,
          dice: [Number(dice[1]), Number(dice[2])],
          moves: '',
        });
      }
      continue;
    }
    const side: Player = who === 'W' ? 0 : 1;
    const value = one(n, who) ?? '';
    if (value === 'double') {
      cube *= 2;
      cells.push({ kind: 'double', line: n.line, side, value: cube });
    } else if (value === 'take' || value === 'drop') {
      cells.push({ kind: value, line: n.line, side });
    } else {
      const move = matMove(value, side);
      if (move === null) return failAt(n.line, `${who}[${value}] is no move gnubg writes`, n.text);
      cells.push({ kind: 'roll', line: n.line, side, ...move });
    }
  }
  const result = one(root, 'RE');
  if (result !== undefined) {
    const re = /^([WB])\+(\d+)R?$/.exec(result);
    if (!re) return failAt(root.line, `RE[${result}] is no result of a game`, `RE[${result}]`);
    cells.push({ kind: 'wins', line: root.line, side: re[1] === 'W' ? 0 : 1, points: Number(re[2]) });
  }
  return { ok: true, value: cells };
}

/** MI's parts: length:7, game:0, ws:2, bs:1. */
function infoOf(root: SgfNode): Map<string, number> {
  const info = new Map<string, number>();
  for (const v of root.props.get('MI') ?? []) {
    const [key, n] = v.split(':');
    if (key !== undefined && n !== undefined && /^-?\d+$/.test(n)) info.set(key, Number(n));
  }
  return info;
}

/** One game tree as a read .mat game. */
function gameOf(tree: SgfTree, k: number): MatResult<MatGame & { rules: string }> {
  const root = tree.nodes[0];
  if (root === undefined) return failAt(tree.line, 'a game tree without nodes', '(');
  if (one(root, 'GM') !== '6')
    return failAt(root.line, 'not a backgammon game (GM[6])', `GM[${one(root, 'GM') ?? ''}]`);
  const info = infoOf(root);
  const cells = cellsOf(tree, root);
  if (!cells.ok) return cells;
  const last = tree.nodes[tree.nodes.length - 1] as SgfNode;
  return {
    ok: true,
    value: {
      line: tree.line,
      number: (info.get('game') ?? k) + 1,
      names: [one(root, 'PW') ?? 'White', one(root, 'PB') ?? 'Black'],
      score: [info.get('ws') ?? 0, info.get('bs') ?? 0],
      scoreLine: root.line,
      cells: cells.value,
      lastLine: last.line,
      rules: (root.props.get('RU') ?? []).join(':'),
    },
  };
}

/** Splits gnubg's SGF text into games and cells, as readMatFile does a .mat. */
export function readSgfFile(text: string): MatResult<MatFile> {
  const trees = readTrees(text.replace(/^\uFEFF/, ''));
  if (!trees.ok) return trees;
  const games: MatGame[] = [];
  let length = 0;
  let rules = '';
  for (const [k, tree] of trees.value.entries()) {
    const game = gameOf(tree, k);
    if (!game.ok) return game;
    const { rules: ru, ...rest } = game.value;
    if (k === 0) {
      length = infoOf(tree.nodes[0] as SgfNode).get('length') ?? 0;
      rules = ru;
    }
    games.push(rest);
  }
  if (games.length === 0)
    return matError('ERR_MAT_EMPTY', null, 'the file has no game trees: this is not an SGF match');
  // The tags a .mat's reader looks at: a money session's Jacoby rule, another starting position.
  const tags: Record<string, string> = {};
  if (/jacoby/i.test(rules)) tags.jacoby = 'On';
  const variation = /(nackgammon|hypergammon)/i.exec(rules);
  if (variation) tags.variation = variation[1] as string;
  return { ok: true, value: { length: Math.max(0, length), tags, games } };
}

/** Reads gnubg's SGF match file into a MatchRecord that replays (the errors are the .mat's). */
export function importSgf(text: string, options: MatImportOptions = {}): MatResult<MatchRecord> {
  if (typeof text !== 'string') return matError('ERR_MAT_EMPTY', null, 'an SGF file is text');
  const file = readSgfFile(text);
  return file.ok ? replayMatFile(file.value, options) : file;
}
