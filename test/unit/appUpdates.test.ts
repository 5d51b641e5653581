import { EventEmitter } from 'node:events';
import { describe, expect, test } from 'vitest';
import { trayMenu } from '../../src/main/tray/trayMenu.ts';
import { startUpdater, CHECK_EVERY_MS, type AutoUpdater } from '../../src/main/updates/updater.ts';
import {
  restartLabel,
  updateCheckMessage,
  updateSwitch,
  type UpdateStatus,
} from '../../src/main/updates/updateStatus.ts';

/** electron-updater's autoUpdater, scripted: the test emits what GitHub's answers would make it emit. */
function fakeAutoUpdater() {
  const emitter = new EventEmitter();
  const record = { checks: 0, installs: 0 };
  const updater: AutoUpdater & { emit: (event: string, ...args: unknown[]) => void } = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    on: (event, listener) => emitter.on(event, listener as (...args: unknown[]) => void),
    emit: (event, ...args) => void emitter.emit(event, ...args),
    checkForUpdates: async () => void record.checks++,
    quitAndInstall: () => void record.installs++,
  };
  return { updater, record };
}

function fakeTimers() {
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  return {
    timers,
    clock: {
      setInterval: (fn: () => void, ms: number) => {
        const timer = { fn, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearInterval: (timer: unknown) => void ((timer as { cleared: boolean }).cleared = true),
    },
  };
}

describe('whether Robot Tray checks for updates', () => {
  test('only an installed build with an update feed, while the setting allows it', () => {
    expect(updateSwitch({ isPackaged: true, hasFeed: true, enabled: true })).toEqual({ on: true });
    expect(updateSwitch({ isPackaged: false, hasFeed: true, enabled: true })).toMatchObject({
      on: false,
      reason: expect.stringContaining('development build'),
    });
    expect(updateSwitch({ isPackaged: true, hasFeed: false, enabled: true })).toMatchObject({
      reason: expect.stringContaining('without an update feed'),
    });
    expect(updateSwitch({ isPackaged: true, hasFeed: true, enabled: false })).toMatchObject({
      reason: expect.stringContaining('turned off in Settings'),
    });
  });
});

describe('the updater', () => {
  test('checks at once and every few hours, downloads in the background, installs only when asked', () => {
    const { updater, record } = fakeAutoUpdater();
    const time = fakeTimers();
    const seen: UpdateStatus[] = [];
    const u = startUpdater({ autoUpdater: updater, onStatus: (s) => seen.push(s), ...time.clock });
    expect(updater.autoDownload).toBe(true);
    u.check();
    expect(record.checks).toBe(1);
    expect(time.timers.map((t) => t.ms)).toEqual([CHECK_EVERY_MS]);
    updater.emit('update-available', { version: '0.2.0' });
    updater.emit('download-progress', { percent: 41.6 });
    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(seen).toEqual([
      { kind: 'downloading', version: '0.2.0', percent: 0 },
      { kind: 'downloading', version: '0.2.0', percent: 42 },
      { kind: 'ready', version: '0.2.0' },
    ]);
    expect(record.installs).toBe(0);
    // A later check that finds the same release leaves it ready.
    time.timers[0]!.fn();
    updater.emit('checking-for-update');
    updater.emit('update-not-available');
    expect(u.status).toEqual({ kind: 'ready', version: '0.2.0' });
    u.install();
    expect(record.installs).toBe(1);
  });

  test('a failed check is a status with the reason, and nothing installs', () => {
    const { updater, record } = fakeAutoUpdater();
    const u = startUpdater({ autoUpdater: updater, onStatus: () => undefined, ...fakeTimers().clock });
    u.check();
    updater.emit('error', new Error('net::ERR_NAME_NOT_RESOLVED\nstack…'));
    expect(u.status).toEqual({
      kind: 'failed',
      message: 'The update check failed (net::ERR_NAME_NOT_RESOLVED).',
    });
    u.install();
    expect(record.installs).toBe(0);
  });

  test('turned off in Settings, it stops its timer and says why', () => {
    const { updater } = fakeAutoUpdater();
    const time = fakeTimers();
    const u = startUpdater({ autoUpdater: updater, onStatus: () => undefined, ...time.clock });
    u.check();
    u.stop('checking for updates is turned off in Settings');
    expect(time.timers[0]!.cleared).toBe(true);
    expect(u.status).toEqual({ kind: 'off', reason: 'checking for updates is turned off in Settings' });
  });
});

describe('"Restart to update" in the tray', () => {
  const empty = { robots: [], presets: [], recentCalls: [] };
  const labels = (items: ReturnType<typeof trayMenu>) =>
    items.map((i) => (i.type === 'separator' ? '-' : i.label));

  test('appears once an update is downloaded, saying waiting calls resume after it', () => {
    const ready: UpdateStatus = { kind: 'ready', version: '0.2.0' };
    expect(restartLabel({ kind: 'downloading', version: '0.2.0', percent: 50 }, 0)).toBeUndefined();
    expect(restartLabel(ready, 0)).toBe('Restart to update to 0.2.0');
    expect(restartLabel(ready, 2)).toBe('Restart to update to 0.2.0 (2 waiting calls resume after it)');
    const items = trayMenu({ ...empty, updateLabel: restartLabel(ready, 1) });
    const restart = items.find((i) => i.type === 'item' && i.label.startsWith('Restart to update'));
    expect(restart).toMatchObject({ action: { kind: 'restartToUpdate' }, enabled: true });
    expect(labels(items).slice(-3)).toEqual([
      'Restart to update to 0.2.0 (1 waiting call resume after it)',
      'Open Robot Tray',
      'Quit Robot Tray',
    ]);
    expect(labels(trayMenu(empty))).not.toContain(expect.stringMatching(/Restart/));
  });
});

describe('"Check for Updates…" in the Help menu', () => {
  test('answers in one sentence: up to date, downloading, ready, failed, or why it does not check', () => {
    expect(updateCheckMessage({ kind: 'current' }, '0.1.0')).toBe('Robot Tray 0.1.0 is up to date.');
    expect(updateCheckMessage({ kind: 'downloading', version: '0.2.0', percent: 7 }, '0.1.0')).toBe(
      'Robot Tray 0.2.0 is downloading (7%); the tray menu offers "Restart to update" when it is ready.',
    );
    expect(updateCheckMessage({ kind: 'ready', version: '0.2.0' }, '0.1.0')).toBe(
      'Robot Tray 0.2.0 is ready: choose "Restart to update" in the tray menu.',
    );
    expect(updateCheckMessage({ kind: 'failed', message: 'The update check failed (x).' }, '0.1.0')).toBe(
      'The update check failed (x).',
    );
    const off = updateSwitch({ isPackaged: false, hasFeed: true, enabled: true });
    expect(updateCheckMessage({ kind: 'off', reason: (off as { reason: string }).reason }, '0.1.0')).toBe(
      'Robot Tray 0.1.0 does not check for updates: this is a development build (npm start), not an installed one.',
    );
  });
});
