import path from 'node:path';
import { openCatalogTables } from '../../src/core/store/catalogTables.ts';
import { Connection } from '../../src/core/store/connection.ts';
import { DATA_FILE } from '../../src/core/store/database.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';

/** The robot-tray.sqlite of a data folder. */
export const databaseIn = (dir: string): string => path.join(dir, DATA_FILE);

/**
 * A data folder's catalog tables on a connection of their own, as another
 * process (the CLI beside the app) would have them: `close` ends it.
 */
export function catalogTablesIn(dir: string, warnings = new WarningLog()) {
  const conn = Connection.open(databaseIn(dir), warnings);
  warnings.attach(conn);
  return { conn, tables: openCatalogTables(conn, warnings, Date.now), close: () => conn.close() };
}

/**
 * A record written below the schema, as a broken program (or a damaged
 * page) could leave it: `data` as stored, noted as a change of its kind.
 */
export function writeRawRecord(
  dir: string,
  table: 'robots' | 'presets' | 'preset_values' | 'settings',
  id: string,
  data: string,
): void {
  const { conn, close } = catalogTablesIn(dir);
  const kinds = {
    robots: 'robots',
    presets: 'presets',
    preset_values: 'preset-values',
    settings: 'settings',
  } as const;
  conn.transaction(() => {
    conn.db
      .prepare(
        `INSERT INTO ${table} (id, data) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data`,
      )
      .run(id, data);
    conn.note(kinds[table]);
  });
  close();
}

/**
 * Overwrite the page of `name` (a table or index of the database) on disk,
 * as a failing disk or a bad copy would: a file that still opens, where the
 * first read of that page meets the damage. Only while nothing holds the file open.
 */
export async function damagePageOf(dir: string, name: string): Promise<void> {
  const { DatabaseSync } = await import('node:sqlite');
  const { readFile, writeFile } = await import('node:fs/promises');
  const file = databaseIn(dir);
  const raw = new DatabaseSync(file);
  const { rootpage } = raw.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(name) as {
    rootpage: number;
  };
  raw.close();
  const bytes = await readFile(file);
  bytes.fill(0xff, (rootpage - 1) * 4096, rootpage * 4096);
  await writeFile(file, bytes);
}

/** What catalogRecords gives for a data folder with no robot and no preset (or no database yet). */
export const EMPTY_CATALOG = JSON.stringify({ robots: [], presets: [] });

/** The robots' and presets' stored records, as text: equal before and after means the catalog did not change. */
export async function catalogRecords(dir: string): Promise<string> {
  const { DatabaseSync } = await import('node:sqlite');
  const { existsSync } = await import('node:fs');
  if (!existsSync(databaseIn(dir))) return EMPTY_CATALOG;
  const db = new DatabaseSync(databaseIn(dir), { readOnly: true });
  try {
    const rows = (table: string) => db.prepare(`SELECT id, data FROM ${table} ORDER BY id`).all();
    return JSON.stringify({ robots: rows('robots'), presets: rows('presets') });
  } finally {
    db.close();
  }
}

/** The stored record of `id` in a catalog table, as JSON. */
export async function storedRecord(
  dir: string,
  table: 'robots' | 'presets',
  id: string,
): Promise<Record<string, unknown>> {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(databaseIn(dir), { readOnly: true });
  try {
    const row = db.prepare(`SELECT data FROM ${table} WHERE id = ?`).get(id) as { data: string };
    return JSON.parse(row.data) as Record<string, unknown>;
  } finally {
    db.close();
  }
}
