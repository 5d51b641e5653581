import { type FSWatcher, watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Preset } from '../../shared/models/preset.ts';
import type { Robot } from '../../shared/models/robot.ts';
import { robotView } from '../../shared/models/robotView.ts';
import type { TeamCatalogState } from '../../shared/models/teamCatalog.ts';
import type { ExportFile } from '../../shared/models/exportFile.ts';
import { notFound } from '../errors.ts';
import { readExportFile } from '../sharing/readExportFile.ts';
import { teamRecords } from './teamRecords.ts';
import type { LastGoodCopy } from './lastGoodCopy.ts';

/** A save (write, rename, a git checkout's many steps) comes as a burst of events: read once it settles. */
const SETTLE_MS = 50;

type Good = { robots: Robot[]; presets: Preset[]; loadedAt: number };

/**
 * The team catalog file the settings name, followed read-only: read with the
 * bounded reader, parsed as an export file, its robots given ids from their
 * names. A file that cannot be read or parsed is reported (`problem`) and the
 * last good version kept, so a half-written save or a merge conflict in a git
 * checkout never empties anyone's tray. The app watches the file's folder
 * (not the file: a save by rename replaces the file being watched).
 */
export class TeamCatalog {
  readonly #now: () => number;
  /** The origin the keychain holds each robot's token for (its own, or another after the catalog moved it). */
  readonly #tokenOrigins: (robots: readonly Robot[]) => Promise<Map<string, string>>;
  readonly #onChange: () => void;
  readonly #copy: LastGoodCopy | undefined;
  #file: string | null = null;
  #good: Good | null = null;
  #problem: string | null = null;
  #tokens = new Map<string, string>();
  #watching = false;
  #watcher: FSWatcher | undefined;
  #settle: ReturnType<typeof setTimeout> | undefined;
  #loading: Promise<void> = Promise.resolve();
  #closed = false;
  /** The file's time and size when `poll` last looked. */
  #stamp = '';

  constructor(deps: {
    now: () => number;
    tokenOrigins: (robots: readonly Robot[]) => Promise<Map<string, string>>;
    onChange: () => void;
    /** Where the last good version is kept for the next start and the CLI; none for a read-only data folder. */
    copy?: LastGoodCopy;
  }) {
    this.#copy = deps.copy;
    this.#now = deps.now;
    this.#tokenOrigins = deps.tokenOrigins;
    this.#onChange = deps.onChange;
  }

  get file(): string | null {
    return this.#file;
  }

  /** Follow `file` (null: none); a file other than the one followed starts from nothing. */
  async follow(file: string | null, options: { watch?: boolean } = {}): Promise<void> {
    if (options.watch !== undefined) this.#watching = options.watch;
    const changed = file !== this.#file;
    if (changed) {
      this.#stopWatching();
      this.#file = file;
      this.#good = null;
      this.#problem = null;
      this.#tokens = new Map();
      if (file !== null && this.#watching) this.#watch(file);
    }
    await this.reload();
    // Unfollowed (here, or by the CLI's `team stop` in the settings): nothing is read, so say so
    // here; the tray and the window drop the team's robots on this event.
    if (changed && file === null && !this.#closed) this.#onChange();
  }

  /** Read the file again; on a problem the last good version stays and the problem is reported. */
  reload(): Promise<void> {
    const run = this.#loading.then(() => this.#load());
    this.#loading = run.catch(() => undefined);
    return run;
  }

  /**
   * For the periodic refresh (where the folder cannot be watched, or an
   * event was missed): read again only when the file's time or size moved.
   */
  async poll(): Promise<void> {
    const file = this.#file;
    if (file === null) return;
    let stamp: string;
    try {
      const info = await stat(file);
      stamp = `${file}:${info.mtimeMs}:${info.size}`;
    } catch {
      stamp = `${file}:missing`;
    }
    if (stamp === this.#stamp) return;
    this.#stamp = stamp;
    await this.reload();
  }

  async #load(): Promise<void> {
    const file = this.#file;
    if (file === null) return;
    try {
      const read = await readExportFile(file, `The team catalog ${file}`);
      if (file !== this.#file) return;
      this.#use(read, this.#now());
      this.#problem = null;
      await this.#copy?.save(file, read).catch(() => undefined);
      await this.#askTokens();
    } catch (error) {
      if (file !== this.#file) return;
      // Started (the app, a CLI command) while the file is broken: the version an earlier run read.
      const kept = this.#good === null ? await this.#copy?.load(file) : undefined;
      if (kept !== undefined) {
        this.#use(kept.catalog, kept.savedAt);
        await this.#askTokens();
      }
      this.#problem =
        (error as Error).message +
        (this.#good === null ? '' : ' Robot Tray keeps showing the version it last read.');
    }
    if (!this.#closed) this.#onChange();
  }

  #use(catalog: ExportFile, loadedAt: number): void {
    this.#good = { ...teamRecords(catalog), loadedAt };
  }

  /** Ask the keychain again which team robots have a token (after one was set or cleared). */
  async refreshTokens(): Promise<void> {
    await this.#askTokens();
    if (!this.#closed) this.#onChange();
  }

  async #askTokens(): Promise<void> {
    try {
      this.#tokens = await this.#tokenOrigins(this.#good?.robots ?? []);
    } catch {
      // No keychain: shown as "token needed", as one's own robots are.
      this.#tokens = new Map();
    }
  }

  /**
   * The team's robots, with a token note when the keychain holds one: for
   * the robot's origin, or for the origin it had before the catalog moved
   * it (suspended, as one's own robot's token is when its address moves).
   */
  robots(): Robot[] {
    const good = this.#good;
    if (good === null) return [];
    return good.robots.map((robot) => {
      const origin = this.#tokens.get(robot.id);
      return origin === undefined ? robot : { ...robot, tokenUpdatedAt: good.loadedAt, tokenOrigin: origin };
    });
  }

  /** One of the team's robots, as robots() has it; gone, a not-found error. */
  robot(id: string): Robot {
    const robot = this.robots().find((r) => r.id === id);
    if (robot === undefined)
      throw notFound('That team robot', 'The team catalog may have dropped it; refresh the list.');
    return robot;
  }

  presets(): Preset[] {
    return this.#good?.presets ?? [];
  }

  state(): TeamCatalogState {
    return {
      file: this.#file,
      loadedAt: this.#good?.loadedAt ?? null,
      problem: this.#problem,
      robots: this.robots().map(robotView),
      presets: this.presets(),
    };
  }

  #watch(file: string): void {
    const name = path.basename(file);
    try {
      this.#watcher = watch(path.dirname(file), { persistent: false }, (_event, changed) => {
        if (changed !== null && changed !== name) return;
        if (this.#settle !== undefined) clearTimeout(this.#settle);
        this.#settle = setTimeout(() => {
          this.#settle = undefined;
          void this.reload();
        }, SETTLE_MS);
      });
      this.#watcher.on('error', () => this.#stopWatching());
    } catch {
      // A folder that cannot be watched (gone, a network share): the periodic refresh reads it.
      this.#watcher = undefined;
    }
  }

  #stopWatching(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
    if (this.#settle !== undefined) clearTimeout(this.#settle);
    this.#settle = undefined;
  }

  close(): void {
    this.#closed = true;
    this.#stopWatching();
  }
}
