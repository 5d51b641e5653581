import type { Call } from '../shared/models/call.ts';
import { ChangeFeed } from './changeFeed.ts';
import type { Clock } from './clock.ts';
import type { CoreAnnouncer } from './coreEvents.ts';
import type { CallHistory } from './store/callHistory.ts';
import type { ForgottenCall, LogRead } from './store/changeLog.ts';
import type { Connection } from './store/connection.ts';
import type { LoggedChange } from './store/sharedWrites.ts';
import { WatcherLease } from './store/watcherLease.ts';
import type { CallTracker } from './tracker/callTracker.ts';

/** How often a watching core scans for what the change feed may have missed (the fallback). */
const ADOPT_INTERVAL_MS = 5_000;

export type CrossProcessDeps = {
  conn: Connection;
  history: CallHistory;
  tracker: CallTracker;
  announcer: CoreAnnouncer;
  clock: Clock;
  /** Robots, presets, settings or warnings another process changed (AppCore.otherProcessChanged). */
  otherProcessChanged: (kinds: LogRead['kinds']) => Promise<void>;
  /** Look at the followed team catalog file again. */
  pollTeam: () => Promise<void>;
};

/**
 * What other processes (the CLI, a second app, another window) do in the same
 * database, as AppCore sees it: the change feed's calls announced as if they
 * happened here, and its other changes (the catalog, settings, warnings)
 * taken in; calls whose watcher let go taken over; the 5-second scan that
 * catches what the feed may have missed; and the watcher lease that tells a
 * CLI command whether the app watches its waiting calls.
 */
export class CrossProcess {
  readonly #d: CrossProcessDeps;
  readonly #feed: ChangeFeed;
  readonly #watcher: WatcherLease;
  #adopting = false;
  #closed = false;
  #adoptTimer: unknown;

  constructor(deps: CrossProcessDeps) {
    this.#d = deps;
    this.#watcher = new WatcherLease(deps.conn, () => deps.clock.now());
    this.#feed = new ChangeFeed({
      history: deps.history,
      onCalls: (changes, forgotten) => this.#otherProcessChanged(changes, forgotten),
      onKinds: (kinds) => void deps.otherProcessChanged(kinds).catch(() => undefined),
    });
  }

  /**
   * `adopting`: this core resumes watching (the app): it takes over calls
   * left waiting, scans every few seconds and holds the watcher lease.
   */
  start(adopting: boolean): void {
    this.#adopting = adopting;
    if (adopting) {
      this.#watchOtherProcesses();
      this.#watcher.hold();
    }
    this.#feed.start();
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
      this.#watcher.renew();
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
    return this.#watcher.othersWatching();
  }

  /** Stop listening to other processes and give up the watcher lease. */
  close(): void {
    this.#closed = true;
    this.#feed.close();
    this.#watcher.release();
    if (this.#adoptTimer !== undefined) this.#d.clock.clearTimer(this.#adoptTimer);
  }
}
