import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { Preset } from '../../shared/models/preset.ts';
import { Robot } from '../../shared/models/robot.ts';
import { Settings } from '../../shared/models/settings.ts';
import { MAX_EXPORT_FILE_BYTES } from '../../shared/limits.ts';
import { writeFileAtomically } from '../files/atomicWrite.ts';
import { readUserFile } from '../files/readUserFile.ts';

export const BACKUP_FOLDER = 'backups';
/** How many backups are kept: the newest, and a few before it in case the newest is what went wrong. */
const KEEP = 5;
const NAME = /^catalog-[0-9TZ-]+-\d+\.json$/;

export const CatalogBackup = z.object({
  format: z.literal('robot-tray-catalog-backup'),
  version: z.literal(1),
  savedAt: z.number(),
  robots: z.array(Robot),
  presets: z.array(Preset),
  settings: Settings,
});
export type CatalogBackup = z.infer<typeof CatalogBackup>;

export type CatalogSnapshot = Pick<CatalogBackup, 'robots' | 'presets' | 'settings'>;

/**
 * Copies of the robots, presets and settings kept beside the database
 * (`backups/catalog-<time>.json`, readable by their owner only), written
 * whenever they change: a database file that is damaged beyond reading is
 * set aside, and the catalog comes back from the newest copy. Never a token
 * (robots hold none); the robots keep their ids, so the tokens the keychain
 * holds for them still count. The newest KEEP copies stay.
 */
export class CatalogBackups {
  readonly #dir: string;
  readonly #now: () => number;

  constructor(dataDir: string, now: () => number) {
    this.#dir = path.join(dataDir, BACKUP_FOLDER);
    this.#now = now;
  }

  get folder(): string {
    return this.#dir;
  }

  async save(snapshot: CatalogSnapshot): Promise<void> {
    const savedAt = this.#now();
    const backup: CatalogBackup = { format: 'robot-tray-catalog-backup', version: 1, savedAt, ...snapshot };
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const stamp = new Date(savedAt).toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.#dir, `catalog-${stamp}-${process.pid}.json`);
    await writeFileAtomically(file, `${JSON.stringify(backup, null, 2)}\n`, { mode: 0o600 });
    const names = (await this.#names()).reverse();
    for (const old of names.slice(KEEP)) await rm(path.join(this.#dir, old), { force: true });
  }

  /** The newest copy that reads back whole, and where it is; undefined when there is none. */
  async newest(): Promise<{ file: string; backup: CatalogBackup } | undefined> {
    for (const name of (await this.#names()).reverse()) {
      const file = path.join(this.#dir, name);
      try {
        const text = (await readUserFile(file, MAX_EXPORT_FILE_BYTES)).toString('utf8');
        const parsed = CatalogBackup.safeParse(JSON.parse(text));
        if (parsed.success) return { file, backup: parsed.data };
      } catch {
        // A copy that cannot be read: the one before it.
      }
    }
    return undefined;
  }

  /** The backups' file names, oldest first (their names sort by time). */
  async #names(): Promise<string[]> {
    try {
      return (await readdir(this.#dir)).filter((name) => NAME.test(name)).sort();
    } catch {
      return [];
    }
  }
}

/**
 * After a damaged database was set aside and a new one started: the robots,
 * presets and settings back from the newest backup, said in a warning (or,
 * with no backup, that there was none to restore).
 */
export async function restoreCatalog(
  tables: {
    robots: { update: (change: (current: Robot[]) => { next: Robot[]; result: void }) => Promise<void> };
    presets: { update: (change: (current: Preset[]) => { next: Preset[]; result: void }) => Promise<void> };
    settings: { update: (change: (current: Settings) => { next: Settings; result: void }) => Promise<void> };
  },
  backups: CatalogBackups,
  warn: (message: string) => void,
): Promise<void> {
  const newest = await backups.newest();
  if (newest === undefined) {
    warn(`No catalog backup was found in ${backups.folder}, so the robots and presets start empty.`);
    return;
  }
  const { robots, presets, settings } = newest.backup;
  await tables.robots.update(() => ({ next: robots, result: undefined }));
  await tables.presets.update(() => ({ next: presets, result: undefined }));
  await tables.settings.update(() => ({ next: settings, result: undefined }));
  warn(
    `${robots.length} robot${robots.length === 1 ? '' : 's'}, ${presets.length} preset${presets.length === 1 ? '' : 's'} and the settings came back from the catalog backup ${newest.file} ` +
      `(saved ${new Date(newest.backup.savedAt).toISOString()}); their tokens are still in the keychain. The call history starts empty.`,
  );
}
