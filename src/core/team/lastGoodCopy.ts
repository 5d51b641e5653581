import { type ExportFile, parseExportJson } from '../../shared/models/exportFile.ts';
import { MAX_EXPORT_FILE_BYTES } from '../../shared/limits.ts';
import { writeFileAtomically } from '../files/atomicWrite.ts';
import { readUserFile } from '../files/readUserFile.ts';

type Stored = { source: string; savedAt: number; catalog: ExportFile };

/**
 * The team catalog's last good version, in the data folder: a process that
 * starts while the shared file is half written or broken (the app at login,
 * every CLI command) still shows the robots it showed before. Written only
 * when the catalog changed, read only when the file cannot be used.
 */
export class LastGoodCopy {
  readonly #file: string;
  readonly #now: () => number;
  #saved: string | undefined;

  constructor(file: string, now: () => number) {
    this.#file = file;
    this.#now = now;
  }

  async save(source: string, catalog: ExportFile): Promise<void> {
    const key = JSON.stringify({ source, catalog });
    if (key === this.#saved) return;
    const current = await this.load(source);
    if (current === undefined || JSON.stringify({ source, catalog: current.catalog }) !== key) {
      const stored: Stored = { source, savedAt: this.#now(), catalog };
      await writeFileAtomically(this.#file, JSON.stringify(stored) + '\n', { mode: 0o600 });
    }
    this.#saved = key;
  }

  /** The copy kept for `source`, or undefined when there is none for it (or it is not usable). */
  async load(source: string): Promise<{ savedAt: number; catalog: ExportFile } | undefined> {
    try {
      // The bounded reader: a FIFO in its place would hold the start, a file grown past its stat be read whole.
      const text = (await readUserFile(this.#file, MAX_EXPORT_FILE_BYTES)).toString('utf8');
      const json = JSON.parse(text) as Partial<Stored>;
      if (json.source !== source || typeof json.savedAt !== 'number') return undefined;
      const catalog = parseExportJson(json.catalog);
      return catalog.success ? { savedAt: json.savedAt, catalog: catalog.data } : undefined;
    } catch {
      return undefined;
    }
  }
}
