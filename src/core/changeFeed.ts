import type { CallHistory } from './store/callHistory.ts';
import type { ForgottenCall, LogRead } from './store/changeLog.ts';
import type { LoggedChange } from './store/sharedWrites.ts';

/** How often SQLite is asked whether another process committed (a counter in shared memory: cheap). */
const CHECK_MS = 200;

/**
 * Tells this process what other processes (the app, the CLI, another window)
 * changed in Robot Tray's database, within a fraction of a second, whenever
 * SQLite's `data_version` moves (another connection committed): the calls
 * changed or forgotten, and the kinds of other data changed (robots, presets,
 * settings, warnings …), read from the one change log from the last change seen.
 */
export class ChangeFeed {
  readonly #history: CallHistory;
  readonly #onCalls: (changes: LoggedChange[], forgotten: ForgottenCall[]) => void;
  readonly #onKinds: (kinds: LogRead['kinds']) => void;
  #seq = 0;
  #dataVersion = -1;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(deps: {
    history: CallHistory;
    onCalls: (changes: LoggedChange[], forgotten: ForgottenCall[]) => void;
    onKinds: (kinds: LogRead['kinds']) => void;
  }) {
    this.#history = deps.history;
    this.#onCalls = deps.onCalls;
    this.#onKinds = deps.onKinds;
  }

  start(): void {
    try {
      this.#seq = this.#history.writes.lastSeq();
      this.#dataVersion = this.#history.writes.dataVersion();
    } catch {
      // A busy file: the first check reads from the start of the log instead.
    }
    this.#timer = setInterval(() => this.check(), CHECK_MS);
    this.#timer.unref();
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
        const { last, changes, forgotten, kinds } = this.#history.writes.changesSince(this.#seq);
        if (last === this.#seq) return;
        this.#seq = last;
        if (changes.length > 0 || forgotten.length > 0) this.#onCalls(changes, forgotten);
        if (kinds.size > 0) this.#onKinds(kinds);
      }
    } catch {
      // Locked for a moment: the next check reads from where this one stopped.
    }
  }

  close(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
  }
}
