import { describe, expect, it } from 'vitest';

/*
 * The table (src/table: the board's model and view, the game hook, the rules lookup, the
 * notices) is the floor the features stand on: play, record, chat, sound and looks import it,
 * it imports none of them, and they do not import each other. A feature that reached into
 * another one's folder would tie the two, so that neither could be read or changed alone.
 */

const SOURCES = import.meta.glob<string>('../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

const FEATURES: readonly string[] = ['play', 'record', 'chat', 'sound', 'looks'];

/**
 * Sideways imports kept on purpose. The clock's warning tone and the sample played when sound
 * is switched on go through the sound player, which is sound's own chunk loaded on first use;
 * sound imports only the table, so neither makes a circle.
 */
const SIDEWAYS_KEPT: readonly string[] = [
  'play/table-clock.tsx -> sound/use-table-sounds.ts',
  'looks/settings-panel.tsx -> sound/use-table-sounds.ts',
];

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(?\s*['"]([^'"]+)['"]/g;

/** The relative imports of a source text, as written. */
function localImports(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec?.startsWith('.')) specs.push(spec);
  }
  return specs;
}

/** `spec` imported from `file` (both under src, `play/x.tsx`), as a path under src with its source's extension. */
function resolved(file: string, spec: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const path = parts.join('/');
  if (!path.endsWith('.js')) return path;
  const base = path.slice(0, -'.js'.length);
  return `${base}.ts` in byPath ? `${base}.ts` : `${base}.tsx`;
}

const byPath: Record<string, string> = Object.fromEntries(
  Object.entries(SOURCES).map(([path, text]) => [path.replace('../src/', ''), text]),
);

const folderOf = (path: string): string => (path.includes('/') ? (path.split('/')[0] ?? '') : '.');

/** Every import from one folder of src into another, as `from -> to`. */
const crossings: readonly string[] = Object.entries(byPath).flatMap(([file, text]) =>
  localImports(text)
    .map((spec) => resolved(file, spec))
    .filter((to) => folderOf(to) !== folderOf(file))
    .map((to) => `${file} -> ${to}`),
);

describe('the table and the features above it', () => {
  it('reads the imports it checks', () => {
    expect(crossings).toContain('record/snapshot.ts -> table/board-model.ts');
    expect(crossings).toContain('chat/chat-panel.tsx -> table/use-game.ts');
    expect(crossings).toContain('play/table-clock.tsx -> sound/use-table-sounds.ts');
  });

  it('the table imports none of the features', () => {
    const up = crossings.filter((c) => {
      const [from = '', to = ''] = c.split(' -> ');
      return folderOf(from) === 'table' && FEATURES.includes(folderOf(to));
    });
    expect(up).toEqual([]);
  });

  it('the features do not import each other, but for the kept ones', () => {
    const sideways = crossings.filter((c) => {
      const [from = '', to = ''] = c.split(' -> ');
      return FEATURES.includes(folderOf(from)) && FEATURES.includes(folderOf(to));
    });
    expect(sideways.filter((c) => !SIDEWAYS_KEPT.includes(c))).toEqual([]);
    // A kept one that is gone should leave the list too.
    expect(SIDEWAYS_KEPT.filter((c) => !sideways.includes(c))).toEqual([]);
  });
});
