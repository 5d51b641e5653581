import { type FSWatcher, watch } from 'node:fs';
import type { CallHistory } from './store/callHistory.ts';
import type { ForgottenCall } from './store/forgottenLog.ts';
import type { LoggedChange } from './store/sharedWrites.ts';

/** How often SQLite is asked whether another process committed (a counter in shared memory: cheap). */
const CHECK_MS = 200;
/** File events come in bursts (write, rename): the catalog is read once per burst. */
const SETTLE_MS = 30;
const CATALOG_FILES = new Set(['robots.json', 'presets.json', 'settings.json']);

/**
 * Tells this process what other processes (the app, the CLI, another window)
 * changed in the data folder, within a fraction of a second:
 * - calls changed or forgotten, read from the history's change log from the last change seen,
 *   whenever SQLite's `data_version` moves (another connection committed) or
 *   the history's files change on disk;
 * - the catalog and settings, when their files change (a folder watch; the
 *   5-second scan in CrossProcess stays as the fallback where watching fails).
 */
export class ChangeFeed {
  readonly #history: CallHistory;
  readonly #dataDir: string;
  readonly #onCalls: (changes: LoggedChange[], forgotten: ForgottenCall[]) => void;
  readonly #onFiles: () => void;
  #seq = 0;
  #dataVersion = -1;
  #timer: ReturnType<typeof setInterval> | undefined;
  #settle: ReturnType<typeof setTimeout> | undefined;
  #watcher: FSWatcher | undefined;

  constructor(deps: {
    history: CallHistory;
    dataDir: string;
    onCalls: (changes: LoggedChange[], forgotten: ForgottenCall[]) => void;
    onFiles: () => void;
  }) {
    this.#history = deps.history;
    this.#dataDir = deps.dataDir;
    this.#onCalls = deps.onCalls;
    this.#onFiles = deps.onFiles;
  }

  /**
   * `watchFolder`: also watch the data folder (the app). A one-shot command
   * only needs the calls; re-reading the catalog behind its back would only
   * repeat warnings about a damaged file it already gave.
   */
  start(watchFolder: boolean): void {
    try {
      this.#seq = this.#history.writes.lastSeq();
      this.#dataVersion = this.#history.writes.dataVersion();
    } catch {
      // A busy file: the first check reads from the start of the log instead.
    }
    this.#timer = setInterval(() => this.check(), CHECK_MS);
    this.#timer.unref();
    if (!watchFolder) return;
    try {
      this.#watcher = watch(this.#dataDir, { persistent: false }, (_event, name) => this.#fileEvent(name));
      this.#watcher.on('error', () => this.#stopWatching());
    } catch {
      // No folder watching here (some network drives): the scan covers files.
    }
  }

  /** Read the change log if another process committed since the last look. */
  check(): void {
    let version: number;
    try {
      version = this.#history.writes.dataVersion();
    } catch {
      return;
    }
    if (version === this.#dataVersion) return;
    this.#dataVersion = version;
    this.pull();
  }

  /** Read every change since the last one seen and hand them on. */
  pull(): void {
    try {
      for (;;) {
        const { last, changes, forgotten } = this.#history.writes.changesSince(this.#seq);
        if (last === this.#seq) return;
        this.#seq = last;
        if (changes.length > 0 || forgotten.length > 0) this.#onCalls(changes, forgotten);
      }
    } catch {
      // Locked for a moment: the next check reads from where this one stopped.
    }
  }

  close(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    if (this.#settle !== undefined) clearTimeout(this.#settle);
    this.#stopWatching();
  }

  #fileEvent(name: string | null): void {
    if (name === null || CATALOG_FILES.has(name)) {
      if (this.#settle !== undefined) clearTimeout(this.#settle);
      this.#settle = setTimeout(() => {
        this.#settle = undefined;
        this.#onFiles();
      }, SETTLE_MS);
      this.#settle.unref();
    }
    if (name === null || name.startsWith('history.sqlite')) this.check();
  }

  #stopWatching(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
  }
}
