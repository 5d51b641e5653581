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
