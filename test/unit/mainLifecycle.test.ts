import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AppCore } from '../../src/core/appCore.ts';

/** Electron, mocked: a BrowserWindow that records, a dialog that answers as told. */
const recorded = vi.hoisted(() => ({
  windows: [] as Array<{
    options: unknown;
    listeners: Map<string, (...args: unknown[]) => void>;
    hidden: number;
    loaded: string[];
  }>,
  dialogAnswer: 0,
  dialogs: [] as string[],
  notifications: [] as string[],
  clipboard: [] as string[],
}));

vi.mock('electron', () => {
  class BrowserWindow {
    record = { options: undefined as unknown, listeners: new Map(), hidden: 0, loaded: [] as string[] };
    webContents = { on: () => undefined, setWindowOpenHandler: () => undefined };
    constructor(options: unknown) {
      this.record.options = options;
      recorded.windows.push(this.record);
    }
    on(name: string, fn: (...args: unknown[]) => void) {
      this.record.listeners.set(name, fn);
    }
    once(name: string, fn: (...args: unknown[]) => void) {
      this.record.listeners.set(name, fn);
    }
    hide() {
      this.record.hidden++;
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    isFullScreen = () => false;
    getNormalBounds = () => ({ x: 40, y: 50, width: 900, height: 650 });
    loadURL = async (url: string) => void this.record.loaded.push(url);
  }
  class Notification {
    static isSupported = () => true;
    options: { body: string };
    constructor(options: { body: string }) {
      this.options = options;
    }
    show() {
      recorded.notifications.push(this.options.body);
    }
  }
  return {
    BrowserWindow,
    Notification,
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openExternal: async () => undefined },
    clipboard: { writeText: (text: string) => void recorded.clipboard.push(text) },
    dialog: {
      showMessageBox: async (options: { message: string }) => {
        recorded.dialogs.push(options.message);
        return { response: recorded.dialogAnswer };
      },
    },
  };
});

const { createMainWindow } = await import('../../src/main/window/mainWindow.ts');
const { performTrayAction } = await import('../../src/main/trayActions.ts');
const { AppError } = await import('../../src/core/errors.ts');
const { callReport } = await import('../../src/shared/report/callReport.ts');

describe('the main window', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-'));
  });
  // Closing while quitting still writes the bounds; rm retries past that last write.
  afterAll(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }));

  test('closing hides it and remembers its bounds; while quitting it really closes', async () => {
    let quitting = false;
    const stateFile = path.join(dir, 'window.json');
    await createMainWindow({
      preloadPath: '/p.cjs',
      devServerUrl: undefined,
      stateFile,
      isQuitting: () => quitting,
    });
    const win = recorded.windows.at(-1)!;
    expect(win.loaded).toEqual(['app://robot-tray/index.html']);

    let prevented = false;
    win.listeners.get('close')!({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(win.hidden).toBe(1);
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(stateFile, 'utf8'))).toEqual({
        x: 40,
        y: 50,
        width: 900,
        height: 650,
      }),
    );

    quitting = true;
    prevented = false;
    win.listeners.get('close')!({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(false);
  });

  test('opens again where it was left', async () => {
    await createMainWindow({
      preloadPath: '/p.cjs',
      devServerUrl: 'http://localhost:5173',
      stateFile: path.join(dir, 'window.json'),
      isQuitting: () => false,
    });
    const win = recorded.windows.at(-1)!;
    expect(win.options).toMatchObject({ x: 40, y: 50, width: 900, height: 650 });
    expect(win.loaded).toEqual(['http://localhost:5173']);
  });
});

const reportedCall = {
  id: 'c9',
  robotId: 'r1',
  robotName: 'Payroll',
  presetId: 'p1',
  presetName: 'Monthly',
  method: 'POST' as const,
  args: { month: 11 },
  state: 'done' as const,
  webhookCallId: 'wh-9',
  url: 'https://robots.example.com/payroll',
  rawStatus: null,
  warning: null,
  error: null,
  notifyOnFinish: false,
  createdAt: Date.UTC(2026, 10, 25),
  sentAt: Date.UTC(2026, 10, 25),
  acceptedAt: Date.UTC(2026, 10, 25),
  lastPolledAt: null,
  nextPollAt: null,
  finishedAt: Date.UTC(2026, 10, 25) + 1_000,
  watchUntil: null,
  pollCount: 1,
  timeline: [],
  responseJson: '{"paid":12}',
};

describe('tray actions', () => {
  function deps() {
    const fired: unknown[] = [];
    const done: string[] = [];
    const core = {
      fire: async (...args: unknown[]) => void fired.push(args),
      getRobot: async () => ({ name: 'Payroll' }),
      callDetail: (id: string) => {
        if (id !== 'c9') throw new AppError('not-found', `No call "${id}" in the history.`);
        return reportedCall;
      },
      listPresets: async () => [{ id: 'p1', name: 'Monthly' }],
    } as unknown as AppCore;
    return {
      fired,
      done,
      deps: {
        core,
        appVersion: '1.2.3',
        showWindow: () => void done.push('show'),
        openCall: (id: string) => void done.push(`open ${id}`),
        openPresetForm: (id: string) => void done.push(`form ${id}`),
        startDemo: async () => void done.push('demo'),
        restartToUpdate: () => void done.push('restart to update'),
        quit: () => void done.push('quit'),
      },
    };
  }

  test('a pinned preset with fields opens the window at its form and fires nothing', async () => {
    const { fired, done, deps: d } = deps();
    await performTrayAction({ kind: 'fillPreset', presetId: 'p1' }, d);
    expect(done).toEqual(['form p1']);
    expect(fired).toEqual([]);
  });

  test('fire sends the preset and asks for a notification when it ends', async () => {
    const { fired, deps: d } = deps();
    await performTrayAction({ kind: 'fire', robotId: 'r1', presetId: 'p1', confirm: false }, d);
    expect(fired).toEqual([['r1', { presetId: 'p1' }, { notifyOnFinish: true }]]);
  });

  test('a robot that asks first fires only after "Fire"', async () => {
    const { fired, deps: d } = deps();
    recorded.dialogAnswer = 1;
    await performTrayAction({ kind: 'fire', robotId: 'r1', presetId: 'p1', confirm: true }, d);
    expect(fired).toEqual([]);
    expect(recorded.dialogs.at(-1)).toBe('Fire Payroll with "Monthly"?');
    recorded.dialogAnswer = 0;
    await performTrayAction({ kind: 'fire', robotId: 'r1', presetId: 'p1', confirm: true }, d);
    expect(fired).toHaveLength(1);
  });

  test('a refused fire becomes a notification with the core message', async () => {
    const { deps: d } = deps();
    d.core.fire = async () => {
      throw new AppError('validation', 'Robot "Payroll" has no token yet.');
    };
    await performTrayAction({ kind: 'fire', robotId: 'r1', presetId: 'p1', confirm: false }, d);
    expect(recorded.notifications.at(-1)).toBe('Robot "Payroll" has no token yet.');
  });

  test('"Copy report" puts the call\'s Markdown report on the clipboard; a call gone since becomes a notification', async () => {
    const { deps: d } = deps();
    await performTrayAction({ kind: 'copyReport', callId: 'c9' }, d);
    expect(recorded.clipboard).toEqual([callReport(reportedCall, { appVersion: '1.2.3' })]);
    expect(recorded.clipboard[0]).toContain('- **Robot Tray:** 1.2.3');
    expect(recorded.clipboard[0]).toContain('## Robot Tray call: Payroll · Monthly');
    expect(recorded.clipboard[0]).toContain('"paid": 12');
    await performTrayAction({ kind: 'copyReport', callId: 'gone' }, d);
    expect(recorded.clipboard).toHaveLength(1);
    expect(recorded.notifications.at(-1)).toBe('No call "gone" in the history.');
  });

  test('Quit quits; open, open-at-call, the demo and restart-to-update do what they say', async () => {
    const { done, deps: d } = deps();
    await performTrayAction({ kind: 'quit' }, d);
    await performTrayAction({ kind: 'openWindow' }, d);
    await performTrayAction({ kind: 'openCall', callId: 'c9' }, d);
    await performTrayAction({ kind: 'startDemo' }, d);
    await performTrayAction({ kind: 'restartToUpdate' }, d);
    expect(done).toEqual(['quit', 'show', 'open c9', 'demo', 'show', 'restart to update']);
  });
});
