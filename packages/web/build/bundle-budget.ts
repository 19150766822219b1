import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Reports the gzipped size of what the first page loads (the entry chunk, the chunks it
 * imports statically, and its CSS) and fails the build when it is over the budget. Chunks
 * loaded with import() (other languages, learn pages) are listed but not counted. It also
 * fails when a module named in `lazyOnly` (a path's end, such as 'src/chat/chat-panel.tsx')
 * is in the first load: a static import of it would otherwise grow the entry unseen.
 *
 * The app's entry is the chunk of index.html's own script (named 'index'), found by name: the
 * build has other entries (`others`: a chunk name and its own budget, such as the service
 * worker's starter, a low-priority script that no page waits for), each measured and held to
 * its budget apart, so that neither hides in the other nor depends on the bundle's order.
 */
export function bundleBudget(
  limitKb: number,
  lazyOnly: readonly string[] = [],
  others: Readonly<Record<string, number>> = {},
): Plugin {
  return {
    name: 'zar-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const gz = (code: string | Uint8Array): number => gzipSync(code, { level: 9 }).length;
      const entryNamed = (name: string) =>
        Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry && f.name === name);
      /** An entry's first load: its chunk, the chunks it imports statically, and their CSS. */
      const firstLoad = (fileName: string): Set<string> => {
        const files = new Set<string>();
        const visit = (name: string): void => {
          if (files.has(name)) return;
          files.add(name);
          const f = bundle[name];
          if (f?.type === 'chunk') {
            for (const dep of f.imports) visit(dep);
            for (const css of f.viteMetadata?.importedCss ?? []) files.add(css);
          }
        };
        visit(fileName);
        return files;
      };
      const sizeOf = (files: Set<string>): number => {
        let bytes = 0;
        for (const name of files) {
          const f = bundle[name];
          if (f !== undefined) bytes += gz(f.type === 'chunk' ? f.code : f.source);
        }
        return bytes;
      };
      const entry = entryNamed('index');
      if (entry?.type !== 'chunk') this.error('bundle budget: no entry chunk named index in the build');
      for (const [name, budgetKb] of Object.entries(others)) {
        const other = entryNamed(name);
        if (other?.type !== 'chunk') this.error(`bundle budget: no entry chunk named ${name} in the build`);
        const kb = sizeOf(firstLoad(other.fileName)) / 1024;
        this.info(`${name} entry: ${kb.toFixed(1)} KB gzipped (budget ${budgetKb} KB)`);
        if (kb > budgetKb)
          this.error(`the ${name} entry is ${kb.toFixed(1)} KB gzipped, over its ${budgetKb} KB budget`);
      }
      const initial = firstLoad(entry.fileName);
      for (const name of initial) {
        const f = bundle[name];
        if (f?.type !== 'chunk') continue;
        const early = f.moduleIds.find((m) => lazyOnly.some((end) => m.replaceAll('\\', '/').endsWith(end)));
        if (early !== undefined) this.error(`bundle budget: ${early} is in the first load; it must be imported lazily`);
      }
      let total = 0;
      const lines: string[] = [];
      for (const [name, f] of Object.entries(bundle)) {
        if (!name.endsWith('.js') && !name.endsWith('.css')) continue;
        const size = gz(f.type === 'chunk' ? f.code : f.source);
        const first = initial.has(name);
        if (first) total += size;
        lines.push(`  ${first ? 'first' : 'lazy '} ${(size / 1024).toFixed(1).padStart(7)} KB gz  ${name}`);
      }
      const kb = total / 1024;
      const verdict = kb <= limitKb ? 'ok' : 'OVER BUDGET';
      this.info(
        `\n${lines.sort().join('\n')}\nentry bundle: ${kb.toFixed(1)} KB gzipped (budget ${limitKb} KB): ${verdict}`,
      );
      if (kb > limitKb) this.error(`the entry bundle is ${kb.toFixed(1)} KB gzipped, over the ${limitKb} KB budget`);
    },
  };
}
