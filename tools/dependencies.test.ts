import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A package may import only what its package.json lists. Tests, benchmarks and tools may
 * also use the root's dev dependencies (vitest, fast-check). The engine's sources import no
 * package at all and no Node API: it must run unchanged in a browser or a worker.
 */
const ROOT = join(import.meta.dirname, '..');
const PACKAGES = join(ROOT, 'packages');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(?\s*['"]([^'"]+)['"]/g;

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readJson = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;
const declared = (m: Manifest): Set<string> =>
  new Set([
    ...Object.keys(m.dependencies ?? {}),
    ...Object.keys(m.devDependencies ?? {}),
    ...Object.keys(m.peerDependencies ?? {}),
  ]);

function filesUnder(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist' || name === 'fixtures') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(filesUnder(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

function importsOf(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec) specs.push(spec);
  }
  return specs;
}

function packageName(spec: string): string | null {
  if (spec.startsWith('.') || spec.startsWith('/')) return null;
  const parts = spec.split('/');
  return spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? spec);
}

const isBuiltin = (spec: string): boolean => spec.startsWith('node:') || builtinModules.includes(spec);

const rootDev = declared(readJson(join(ROOT, 'package.json')));
const packages = readdirSync(PACKAGES).filter((d) =>
  statSync(join(PACKAGES, d, 'package.json'), { throwIfNoEntry: false }),
);

describe('package imports', () => {
  it('finds the packages', () => {
    expect(packages).toContain('engine');
  });

  it('recognises the import forms it checks', () => {
    expect(
      importsOf(
        `import { a } from 'x';\nimport type { B } from "@s/y/z";\nimport 'side';\nconst m = await import('dyn');`,
      ),
    ).toEqual(['x', '@s/y/z', 'side', 'dyn']);
  });

  for (const dir of packages) {
    it(`${dir} imports only what its package.json lists`, () => {
      const manifest = readJson(join(PACKAGES, dir, 'package.json'));
      const own = declared(manifest);
      const problems: string[] = [];
      for (const file of filesUnder(join(PACKAGES, dir))) {
        const rel = relative(ROOT, file);
        const inSrc = rel.includes(`${dir}/src/`) || rel.includes(`${dir}/bin/`);
        for (const spec of importsOf(readFileSync(file, 'utf8'))) {
          if (isBuiltin(spec)) {
            if (dir === 'engine' && inSrc) problems.push(`${rel}: the engine may not use Node's ${spec}`);
            continue;
          }
          const name = packageName(spec);
          if (name === null || name === manifest.name) continue;
          if (own.has(name)) continue;
          if (!inSrc && rootDev.has(name)) continue;
          problems.push(`${rel}: imports ${name}, which ${dir}/package.json does not list`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('the engine lists no dependencies at all', () => {
    const m = readJson(join(PACKAGES, 'engine', 'package.json'));
    expect(Object.keys(m.dependencies ?? {})).toEqual([]);
  });
});

/**
 * A circle in `graph` (each module and the modules it imports), as the modules along it with
 * the first repeated at the end; null when there is none. Depth first, in the map's order.
 */
function circleIn(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const circle = visit(next);
      if (circle !== null) return circle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const circle = visit(node);
    if (circle !== null) return circle;
  }
  return null;
}

/**
 * The modules of `dir` (its own files, not its folders') and, for each, the modules of `dir` it
 * imports, types included: a type-only circle still ties the files so that neither can be read
 * or moved without the other. Imports leading out of `dir` are left out.
 */
function importGraph(dir: string): Map<string, string[]> {
  const files = readdirSync(dir).filter((name) => SOURCE.test(name) && statSync(join(dir, name)).isFile());
  const graph = new Map<string, string[]>();
  for (const name of files) {
    const local = importsOf(readFileSync(join(dir, name), 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(dir, spec.replace(/\.js$/, '.ts')))
      .filter((path) => dirname(path) === dir)
      .map((path) => relative(dir, path));
    graph.set(name, local);
  }
  return graph;
}

/**
 * The modules under `dir`, its folders' included, by their path from `dir` ('games/sql.ts'),
 * and for each the modules under `dir` it imports, types included.
 */
function importTree(dir: string): Map<string, string[]> {
  const name = (path: string): string => relative(dir, path).split(sep).join('/');
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(dir)) {
    const local = importsOf(readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')))
      .filter((path) => path.startsWith(dir + sep))
      .map(name);
    graph.set(name(file), local);
  }
  return graph;
}

/** The store's domains: each a folder of store/ holding its memory and SQL implementations and their helpers. */
const STORE_DOMAINS = ['games', 'people', 'tournament', 'chat', 'dice', 'analysis', 'imports', 'puzzles'];
/**
 * The files at the store's top that put domains together: the memory and SQL stores, and the
 * upgrade steps that settle games and count dice as those domains do.
 */
const STORE_ROOTS = ['memory.ts', 'sql.ts', 'schema-v3.ts', 'schema-v4.ts'];

describe('module circles', () => {
  it('finds a circle, and none where imports go one way', () => {
    const circle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circleIn(circle)).toEqual(['a', 'b', 'c', 'a']);
    const oneWay = new Map([
      ['a', ['b', 'c']],
      ['b', ['c']],
      ['c', []],
    ]);
    expect(circleIn(oneWay)).toBeNull();
  });

  // The schema's upgrade steps read the tables from store/tables.ts and migrate() calls the
  // steps: a step importing schema.ts (or a query module it uses doing so) would close a circle.
  it("the server's store modules import each other one way only", () => {
    const store = join(PACKAGES, 'server', 'src', 'store');
    const graph = importGraph(store);
    expect(graph.get('schema.ts')).toContain('schema-v3.ts');
    expect(circleIn(graph)).toBeNull();
  });

  // A domain's store reads only the store's shared leaves (rows.ts, tables.ts, dialect.ts,
  // lists.ts, game-rows.ts, memory-tables.ts, the interfaces): where one write spans two domains
  // (the action that ends a match counts its dice and rates it), memoryStore and sqlStore wire
  // them together, so each domain can be read and changed alone, and no leaf depends on one.
  it("the store's domains import no other domain's files, and its leaves none", () => {
    const tree = importTree(join(PACKAGES, 'server', 'src', 'store'));
    const domainOf = (path: string): string | null => {
      const [folder, ...rest] = path.split('/');
      return folder !== undefined && rest.length > 0 && STORE_DOMAINS.includes(folder) ? folder : null;
    };
    const problems: string[] = [];
    for (const [file, imports] of tree) {
      const from = domainOf(file);
      for (const target of imports) {
        const to = domainOf(target);
        if (to === null || to === from || (from === null && STORE_ROOTS.includes(file))) continue;
        problems.push(`${file} imports ${target}`);
      }
    }
    expect(STORE_DOMAINS.filter((d) => ![...tree.keys()].some((file) => file.startsWith(`${d}/`)))).toEqual([]);
    expect(problems).toEqual([]);
    expect(circleIn(tree)).toBeNull();
  });
});

/** The server's modules by domain: the plumbing below them may import none of them. */
const SERVER_SRC = join(PACKAGES, 'server', 'src');
const DOMAINS = [
  'game',
  'lobby',
  'people',
  'dice',
  'chat',
  'tournament',
  'bots',
  'analysis',
  'board',
  'limits',
  'store',
  'imports',
  'puzzles',
];
const LEAVES = ['http', 'common', 'text', 'cluster'];
/** The composition and the config: every other file of the server belongs to a module's folder. */
const TOP_FILES = ['app.ts', 'env.ts', 'index.ts', 'main.ts', 'sockets.ts', 'worker-boot.mjs'];

describe("the server's modules", () => {
  // The request and socket plumbing, the ids, the text checks and the bus between instances
  // are used by every module: one of them importing a module would tie every module to it, and them to each other.
  it.each(LEAVES)('src/%s imports no domain module', (leaf) => {
    const problems: string[] = [];
    for (const file of filesUnder(join(SERVER_SRC, leaf))) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const [folder] = relative(SERVER_SRC, resolve(dirname(file), spec)).split(/[\\/]/);
        if (folder !== undefined && DOMAINS.includes(folder)) problems.push(`${relative(ROOT, file)}: imports ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps only the composition and the config at the top of src', () => {
    const top = readdirSync(SERVER_SRC).filter((name) => statSync(join(SERVER_SRC, name)).isFile());
    expect(top.filter((name) => !TOP_FILES.includes(name))).toEqual([]);
  });
});

/**
 * Each folder of the server's src and, for each other folder it imports, types included, which
 * of its files do so and how ('chat/access.ts imports ../game/seats.js').
 */
function folderImports(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  const folders = readdirSync(SERVER_SRC).filter((name) => statSync(join(SERVER_SRC, name)).isDirectory());
  for (const from of folders) {
    const targets = new Map<string, string[]>();
    for (const file of filesUnder(join(SERVER_SRC, from))) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const [to] = relative(SERVER_SRC, resolve(dirname(file), spec)).split(/[\\/]/);
        if (to === undefined || to === from || !folders.includes(to)) continue;
        const how = `${relative(SERVER_SRC, file).split(sep).join('/')} imports ${spec}`;
        targets.set(to, [...(targets.get(to) ?? []), how]);
      }
    }
    graph.set(from, targets);
  }
  return graph;
}

/**
 * The strongly connected components of `graph` with more than one node: each a set of nodes
 * every one of which reaches every other, so each lies on a circle. Sorted, as are their nodes.
 */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const reach = (start: string): Set<string> => {
    const seen = new Set<string>();
    const pending = [start];
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      for (const next of graph.get(node) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          pending.push(next);
        }
      }
    }
    return seen;
  };
  const reached = new Map([...graph.keys()].map((node) => [node, reach(node)]));
  const components = new Map<string, string[]>();
  for (const [node, from] of reached) {
    const component = [...from].filter((other) => reached.get(other)?.has(node)).sort();
    if (component.length > 1) components.set(component.join(' '), component);
  }
  return [...components.values()].sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
}

describe("the server's module folders", () => {
  it('finds the circles of a graph, long ones included, and none where edges go one way', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['a']],
    ]);
    expect(circlesOf(graph)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  // The folders import one way (game may read people and chat, lobby and tournament game, none
  // of them back), so each can be read, tested and changed without those above it; a circle,
  // even one small type import long, ties all its folders into one.
  it('import each other one way only, directly or through others', () => {
    const graph = folderImports();
    expect(graph.get('game')?.has('store')).toBe(true);
    const problems = circlesOf(new Map([...graph].map(([from, targets]) => [from, [...targets.keys()]]))).map(
      (circle) => {
        const edges = circle.flatMap((from) =>
          circle.flatMap((to) => {
            const files = graph.get(from)?.get(to);
            return files === undefined ? [] : [`${from} → ${to} (${files.join(', ')})`];
          }),
        );
        return `${circle.join(', ')} import each other: ${edges.join('; ')}`;
      },
    );
    expect(problems).toEqual([]);
  });
});
