import type { Kysely, Selectable } from 'kysely';
import type { ImportFormat, ImportRow, ImportsStore } from '../imports-store.js';
import { rowLimit } from '../lists.js';
import type { Database, ImportsTable } from '../tables.js';

const toRow = (r: Selectable<ImportsTable>): ImportRow => ({
  id: r.id,
  owner: r.owner,
  format: r.format as ImportFormat,
  name: r.name,
  record: JSON.parse(r.record) as ImportRow['record'],
  outcome: JSON.parse(r.outcome) as ImportRow['outcome'],
  createdAt: Number(r.created_at),
});

/** The imports over SQL: the record and its outcome as JSON text, listed by the index (owner, created_at, id). */
export function sqlImports(db: Kysely<Database>): ImportsStore {
  return {
    async saveImport(row) {
      await db
        .insertInto('imports')
        .values({
          id: row.id,
          owner: row.owner,
          format: row.format,
          name: row.name,
          record: JSON.stringify(row.record),
          outcome: JSON.stringify(row.outcome),
          created_at: row.createdAt,
        })
        .execute();
    },
    async importById(id) {
      const r = await db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
      return r === undefined ? null : toRow(r);
    },
    async importsOf(owner, limit) {
      const rows = await db
        .selectFrom('imports')
        .selectAll()
        .where('owner', '=', owner)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toRow);
    },
  };
}
