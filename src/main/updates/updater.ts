import type { UpdateStatus } from './updateStatus.ts';

/** The part of electron-updater's autoUpdater Robot Tray uses; tests hand in a fake. */
export type AutoUpdater = {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
};

export type Updater = {
  readonly status: UpdateStatus;
  /** Check now (e.g. the setting was turned on). */
  check(): void;
  /** Stop checking (the setting was turned off). */
  stop(reason: string): void;
  /** Quit and install the downloaded update; the caller has closed the core first. */
  install(): void;
};

/** How often a running app looks for a newer release. */
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

/**
 * Checks GitHub releases for a newer Robot Tray through electron-updater,
 * downloads it in the background and reports when it is ready; installing
 * waits for the person's "Restart to update" (or the next quit). A failed
 * check is reported as a status, never as an interruption.
 */
export function startUpdater(deps: {
  autoUpdater: AutoUpdater;
  onStatus: (status: UpdateStatus) => void;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (timer: unknown) => void;
}): Updater {
  const { autoUpdater } = deps;
  const every = deps.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const clear = deps.clearInterval ?? ((timer) => clearInterval(timer as NodeJS.Timeout));
  let status: UpdateStatus = { kind: 'checking' };
  let timer: unknown;
  const set = (next: UpdateStatus) => {
    // A downloaded update stays ready: a later check finding the same release changes nothing.
    if (status.kind === 'ready' && next.kind !== 'ready' && next.kind !== 'off') return;
    status = next;
    deps.onStatus(next);
  };

  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.on('checking-for-update', () => set({ kind: 'checking' }));
  autoUpdater.on('update-not-available', () => set({ kind: 'current' }));
  autoUpdater.on('update-available', (info: { version: string }) =>
    set({ kind: 'downloading', version: info.version, percent: 0 }),
  );
  autoUpdater.on('download-progress', (progress: { percent: number }) => {
    if (status.kind === 'downloading') set({ ...status, percent: Math.round(progress.percent) });
  });
  autoUpdater.on('update-downloaded', (info: { version: string }) =>
    set({ kind: 'ready', version: info.version }),
  );
  autoUpdater.on('error', (error: Error) =>
    set({
      kind: 'failed',
      message: `The update check failed (${error.message.split('\n')[0]?.slice(0, 160)}).`,
    }),
  );

  const check = () => {
    autoUpdater.checkForUpdates().catch(() => undefined); // reported through 'error'
  };
  const updater: Updater = {
    get status() {
      return status;
    },
    check() {
      if (timer === undefined) {
        const handle = every(check, CHECK_EVERY_MS);
        // The timer must not keep a quitting app alive.
        (handle as { unref?: () => void }).unref?.();
        timer = handle;
      }
      check();
    },
    stop(reason) {
      if (timer !== undefined) clear(timer);
      timer = undefined;
      set({ kind: 'off', reason });
    },
    install() {
      if (status.kind === 'ready') autoUpdater.quitAndInstall();
    },
  };
  return updater;
}
