import { type ExportFile, parseExportJson } from '../../shared/models/exportFile.ts';
import type { Connection } from '../store/connection.ts';

/**
 * The team catalog's last good version, in Robot Tray's database (table
 * team_copy): a process that starts while the shared file is half written or
 * broken (the app at login, every CLI command) still shows the robots it
 * showed before. Written only when the catalog changed, read only when the
 * file cannot be used.
 */
export class LastGoodCopy {
  readonly #conn: Connection;
  readonly #now: () => number;
  #saved: string | undefined;

  constructor(conn: Connection, now: () => number) {
    this.#conn = conn;
    this.#now = now;
  }

  async save(source: string, catalog: ExportFile): Promise<void> {
    const text = JSON.stringify(catalog);
    const key = JSON.stringify({ source, text });
    if (key === this.#saved || this.#conn.readOnly !== undefined) return;
    this.#conn.transaction(() => {
      const stored = this.#conn.db.prepare('SELECT catalog FROM team_copy WHERE source = ?').get(source) as
        { catalog: string } | undefined;
      if (stored?.catalog === text) return;
      this.#conn.db
        .prepare('INSERT OR REPLACE INTO team_copy (source, saved_at, catalog) VALUES (?, ?, ?)')
        .run(source, this.#now(), text);
      this.#conn.note('team-copy');
    });
    this.#saved = key;
  }

  /** The copy kept for `source`, or undefined when there is none for it (or it is not usable). */
  async load(source: string): Promise<{ savedAt: number; catalog: ExportFile } | undefined> {
    try {
      const row = this.#conn.read(() =>
        this.#conn.db
          .prepare('SELECT saved_at AS savedAt, catalog FROM team_copy WHERE source = ?')
          .get(source),
      ) as { savedAt: number; catalog: string } | undefined;
      if (row === undefined) return undefined;
      const catalog = parseExportJson(JSON.parse(row.catalog));
      return catalog.success ? { savedAt: row.savedAt, catalog: catalog.data } : undefined;
    } catch {
      return undefined;
    }
  }
}
