import type { ImportRow, ImportsStore } from '../imports-store.js';
import { compareText, rowLimit } from '../lists.js';
import type { MemoryTables } from '../memory-tables.js';

/** The imports for memoryStore, as the SQL table keeps them: through JSON, the id unique, the owner a user. */
export function memoryImports(tables: MemoryTables): ImportsStore {
  const imports = new Map<string, string>();
  const all = (): ImportRow[] => [...imports.values()].map((text) => JSON.parse(text) as ImportRow);
  return {
    async saveImport(row) {
      if (imports.has(row.id)) throw new Error(`saveImport: import ${row.id} exists`);
      if (!tables.user(row.owner)) throw new Error(`saveImport: no user ${row.owner}`);
      imports.set(row.id, JSON.stringify(row));
    },
    async importById(id) {
      const text = imports.get(id);
      return text === undefined ? null : (JSON.parse(text) as ImportRow);
    },
    async importsOf(owner, limit) {
      return all()
        .filter((row) => row.owner === owner)
        .sort((a, b) => b.createdAt - a.createdAt || compareText(b.id, a.id))
        .slice(0, rowLimit(limit));
    },
  };
}
