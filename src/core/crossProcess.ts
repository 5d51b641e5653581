import type { Call } from '../shared/models/call.ts';
import { ChangeFeed } from './changeFeed.ts';
import type { Clock } from './clock.ts';
import type { CoreAnnouncer } from './coreEvents.ts';
import type { CallHistory } from './store/callHistory.ts';
import type { ForgottenCall } from './store/forgottenLog.ts';
import type { LoggedChange } from './store/sharedWrites.ts';
import type { CallTracker } from './tracker/callTracker.ts';
import { otherWatcherRunning, removeWatcherMark, writeWatcherMark } from './watcherMark.ts';

/** How often a watching core scans for what the change feed may have missed (the fallback). */
const ADOPT_INTERVAL_MS = 5_000;

export type CrossProcessDeps = {
  dataDir: string;
  history: CallHistory;
  tracker: CallTracker;
  announcer: CoreAnnouncer;
  clock: Clock;
  /** Notice catalog and settings files another process changed (AppCore.refreshFromDisk). */
  refreshFromDisk: () => Promise<void>;
  /** Look at the followed team catalog file again. */
  pollTeam: () => Promise<void>;
};

/**
 * What other processes (the CLI, a second app, another window) do in the same
 * data folder, as AppCore sees it: the change feed's calls announced as if
 * they happened here, calls whose watcher let go taken over, the 5-second scan
 * that catches what the feed may have missed, and the watcher mark that tells
 * a CLI command whether the app watches its waiting calls.
 */
export class CrossProcess {
  readonly #d: CrossProcessDeps;
  readonly #feed: ChangeFeed;
  #adopting = false;
  #closed = false;
  #adoptTimer: unknown;
  #marked = false;

  constructor(deps: CrossProcessDeps) {
    this.#d = deps;
    this.#feed = new ChangeFeed({
      history: deps.history,
      dataDir: deps.dataDir,
      onCalls: (changes, forgotten) => this.#otherProcessChanged(changes, forgotten),
      onFiles: () => void deps.refreshFromDisk().catch(() => undefined),
    });
  }

  /**
   * `adopting`: this core resumes watching (the app): it takes over calls
   * left waiting, scans every few seconds and holds the watcher mark.
   * `watchFolder`: the change feed also watches the data folder's files.
   */
  start(adopting: boolean, watchFolder: boolean): void {
    this.#adopting = adopting;
    if (adopting) {
      this.#watchOtherProcesses();
      writeWatcherMark(this.#d.dataDir, this.#d.clock.now());
      this.#marked = true;
    }
    this.#feed.start(watchFolder);
  }

  /**
   * Calls another process created, changed or forgot: announced as if it
   * happened here (a forgotten call is no longer watched here either); one
   * whose watcher let go is taken over at once by a watching core (and by a
   * command waiting on it).
   */
  #otherProcessChanged(changes: LoggedChange[], forgotten: ForgottenCall[]): void {
    if (this.#closed) return;
    const { tracker, announcer } = this.#d;
    const me = this.#d.history.processId;
    const gone = forgotten.filter((f) => f.writer !== me).map((f) => f.id);
    for (const id of gone) tracker.drop(id);
    if (gone.length > 0) announcer.removed(gone, null);
    const seen = tracker.noticeChanges(changes);
    if (seen.length > 0) announcer.calls(seen);
    const letGo = changes.some((c) => c.holder === null && c.call.state === 'waiting');
    if (!letGo) return;
    tracker.retryWanted();
    if (this.#adopting) {
      try {
        this.adoptWaitingCalls();
      } catch {
        // A busy history file: the scan tries again.
      }
    }
  }

  /** Take over calls another process left waiting (see AppCore.adoptWaitingCalls). */
  adoptWaitingCalls(): Call[] {
    return this.#d.tracker.adoptWaitingFromHistory();
  }

  #watchOtherProcesses(): void {
    const { clock } = this.#d;
    const tick = () => {
      if (this.#closed) return;
      try {
        this.adoptWaitingCalls();
      } catch {
        // A busy history file: next time.
      }
      void this.#d.refreshFromDisk().catch(() => undefined);
      void this.#d.pollTeam().catch(() => undefined);
      this.#feed.pull();
      this.#adoptTimer = clock.setTimer(tick, ADOPT_INTERVAL_MS);
    };
    this.#adoptTimer = clock.setTimer(tick, ADOPT_INTERVAL_MS);
  }

  /**
   * Whether another process (the app) watches this data folder's waiting
   * calls now: true, false, or undefined when its mark is from another host.
   */
  appIsWatching(): boolean | undefined {
    return otherWatcherRunning(this.#d.dataDir);
  }

  /** Stop listening to other processes and give up the watcher mark. */
  close(): void {
    this.#closed = true;
    this.#feed.close();
    if (this.#marked) removeWatcherMark(this.#d.dataDir);
    if (this.#adoptTimer !== undefined) this.#d.clock.clearTimer(this.#adoptTimer);
  }
}
