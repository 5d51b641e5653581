import { app, Notification } from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startUpdater, type AutoUpdater, type Updater } from './updater.ts';
import { updateSwitch, type UpdateStatus } from './updateStatus.ts';

export type AppUpdates = {
  readonly status: UpdateStatus;
  /** The setting changed: start or stop checking. */
  setEnabled(enabled: boolean): void;
  /** Quit and install the downloaded update. */
  install(): void;
  /** Check now ("Check for Updates…"): the status once the check has an answer. */
  checkNow(): Promise<UpdateStatus>;
};

/**
 * The updater as the shell runs it: electron-updater is loaded only in an
 * installed build with an update feed, and only while the setting allows it;
 * a downloaded update is announced once by a notification and then waits in
 * the tray menu.
 */
export function startAppUpdates(options: {
  enabled: boolean;
  onStatus: (status: UpdateStatus) => void;
}): AppUpdates {
  const facts = () => ({
    isPackaged: app.isPackaged,
    hasFeed: existsSync(path.join(process.resourcesPath, 'app-update.yml')),
  });
  let updater: Updater | undefined;
  // electron-updater loads asynchronously; a check asked for meanwhile waits for it.
  let loading: Promise<void> = Promise.resolve();
  let status: UpdateStatus = { kind: 'off', reason: 'not checked yet' };
  let announced: string | undefined;
  let waiting: Array<(status: UpdateStatus) => void> = [];
  const report = (next: UpdateStatus) => {
    status = next;
    options.onStatus(next);
    if (next.kind !== 'checking') {
      for (const resolve of waiting) resolve(next);
      waiting = [];
    }
    if (next.kind === 'ready' && announced !== next.version && Notification.isSupported()) {
      announced = next.version;
      new Notification({
        title: `Robot Tray ${next.version} is ready`,
        body: 'Restart to update from the tray menu. Calls being watched resume after the restart.',
      }).show();
    }
  };
  const setEnabled = (enabled: boolean) => {
    const decision = updateSwitch({ ...facts(), enabled });
    if (!decision.on) {
      if (updater !== undefined) updater.stop(decision.reason);
      else report({ kind: 'off', reason: decision.reason });
      return;
    }
    if (updater !== undefined) return updater.check();
    loading = import('electron-updater').then(
      (module) => {
        updater = startUpdater({
          autoUpdater: module.autoUpdater as unknown as AutoUpdater,
          onStatus: report,
        });
        updater.check();
      },
      (error: unknown) =>
        report({ kind: 'failed', message: `The updater could not start (${(error as Error).message}).` }),
    );
  };
  setEnabled(options.enabled);
  return {
    get status() {
      return status;
    },
    setEnabled,
    install: () => updater?.install(),
    async checkNow() {
      await loading;
      // Off (a development build, no feed, the setting) or failed to load: the reason is the answer.
      if (updater === undefined || status.kind === 'ready') return status;
      const answer = new Promise<UpdateStatus>((resolve) => waiting.push(resolve));
      updater.check();
      return answer;
    },
  };
}
