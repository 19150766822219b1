import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/index.js';
import { tempDir } from './support/harness.js';

/**
 * A SQLite file the server cannot write must stop it at start, with the file named: SQLite
 * opens such a file read-only without a word, and the server used to say it was serving and
 * then fail every request.
 */
const temp = tempDir();
afterAll(() => temp.remove());

async function storedDatabase(name: string): Promise<string> {
  const file = join(temp.dir, name);
  const store = await openStore({ ZAR_DB: file });
  await store.close();
  return file;
}

describe('a SQLite file that refuses writes', () => {
  // Permissions do not stop root (CI runs the tests as root) and the suite skips nothing, so
  // the file says it is read-only itself: a "file format write version" above 2 (header byte
  // 18) makes SQLite open it read-only and refuse every write with SQLITE_READONLY, whoever
  // runs it. A chmod 444 file opened as another user was checked by hand: the same write probe
  // refuses it the same way.
  it('one whose header says read-only fails at start, naming the file', async () => {
    const file = await storedDatabase('header-read-only.sqlite');
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.from([3]), 0, 1, 18);
    closeSync(fd);
    await expect(openStore({ ZAR_DB: file })).rejects.toThrow(`SQLite at ${file} cannot be written`);
  });

  it('a writable one opens and leaves no trace of the probe', async () => {
    const file = await storedDatabase('writable.sqlite');
    const store = await openStore({ ZAR_DB: file });
    expect(await store.liveGames()).toEqual([]);
    await store.close();
    const sqlite = new SQLite(file, { readonly: true });
    const tables = sqlite.prepare("select name from sqlite_master where name like 'zar_write_probe'").all();
    sqlite.close();
    expect(tables).toEqual([]);
  });
});
