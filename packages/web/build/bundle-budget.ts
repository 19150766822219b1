import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Reports the gzipped size of what the first page loads (the entry chunk, the chunks it
 * imports statically, and its CSS) and fails the build when it is over the budget. Chunks
 * loaded with import() (other languages, learn pages) are listed but not counted. It also
 * fails when a module named in `lazyOnly` (a path's end, such as 'src/chat/chat-panel.tsx')
 * is in the first load: a static import of it would otherwise grow the entry unseen.
 */
export function bundleBudget(limitKb: number, lazyOnly: readonly string[] = []): Plugin {
  return {
    name: 'zar-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const gz = (code: string | Uint8Array): number => gzipSync(code, { level: 9 }).length;
      const entry = Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry);
      if (entry?.type !== 'chunk') this.error('bundle budget: no entry chunk in the build');
      const initial = new Set<string>();
      const visit = (name: string): void => {
        if (initial.has(name)) return;
        initial.add(name);
        const f = bundle[name];
        if (f?.type === 'chunk') {
          for (const dep of f.imports) visit(dep);
          for (const css of f.viteMetadata?.importedCss ?? []) initial.add(css);
        }
      };
      visit(entry.fileName);
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
