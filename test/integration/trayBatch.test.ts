import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BatchProgress } from '../../src/shared/models/batch.ts';

/** Electron, mocked: the notifications the app would show. */
const shown = vi.hoisted(() => ({ notifications: [] as string[] }));
vi.mock('electron', async () => ({
  Notification: (await import('../support/recordingNotification.ts')).recordingNotification(
    shown.notifications,
  ),
}));

const { AppCore } = await import('../../src/core/appCore.ts');
const { readRows } = await import('../../src/core/batch/batchInput.ts');
const { startSandbox } = await import('../../src/sandbox/index.ts');
const { EventHub } = await import('../../src/main/events/eventHub.ts');
const { startNotifier } = await import('../../src/main/notify/notifier.ts');
const { nextRunningBatches } = await import('../../src/main/tray/batchLines.ts');
const { trayIcon, trayMenu } = await import('../../src/main/tray/trayMenu.ts');
const { memorySecrets } = await import('../support/memorySecrets.ts');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  shown.notifications.length = 0;
});

async function appWithRobot(runMs: number) {
  const folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-tray-batch-'));
  closers.push(() => rm(folder, { recursive: true, force: true }));
  const sandbox = await startSandbox({ demoRobots: false, seed: 5 });
  closers.push(() => sandbox.close());
  const { token } = sandbox.addRobot({
    name: 'Refunds',
    flow: [
      { type: 'wait', ms: runMs },
      { type: 'respond', echo: true },
    ],
  });
  const core = await AppCore.open({ dataDir: path.join(folder, 'data'), secrets: memorySecrets() });
  closers.push(() => core.close());
  const hub = new EventHub(core);
  closers.push(async () => hub.close());
  const robot = await core.createRobot({ name: 'Refunds', baseUrl: sandbox.baseUrl });
  await core.setToken(robot.id, token);
  const preset = await core.createPreset({
    robotId: robot.id,
    name: 'Refund',
    args: { order: { $field: 'order' } },
    fields: [{ name: 'order', type: 'text', required: true }],
  });
  startNotifier({
    subscribe: hub.subscribe,
    settings: () => core.getSettings(),
    openCall: () => undefined,
    showWindow: () => undefined,
  });
  return { core, hub, robot, preset };
}

describe('a batch the app runs, in the tray', () => {
  test('its progress is a menu line and the tooltip while it runs, and its end is one notification with the counts', async () => {
    const { core, hub, robot, preset } = await appWithRobot(300);
    let running: ReadonlyMap<string, BatchProgress> = new Map();
    const seenRunning: string[][] = [];
    const tooltips: string[] = [];
    const ended = new Promise<void>((resolve) => {
      hub.subscribe((event) => {
        running = nextRunningBatches(running, event);
        if (event.type !== 'batch') return;
        const batches = [...running.values()];
        const lines = trayMenu({ robots: [], presets: [], recentCalls: [], batches });
        seenRunning.push(
          lines.flatMap((i) => (i.type === 'item' && i.action?.kind === 'openWindow' ? [i.label] : [])),
        );
        tooltips.push(trayIcon([], 0, batches).tooltip);
        if (!event.progress.running) resolve();
      });
    });
    const batch = await core.batches.create(robot.id, preset.id, readRows('order\nA-1\nA-2\nA-3\n'));
    await core.batches.start(batch.id, {});
    await ended;

    const during = seenRunning.find((lines) => lines.length > 1);
    expect(during?.[0]).toMatch(/^Refunds · Refund: [0-3] of 3 rows ended/);
    expect(tooltips.some((t) => /^Robot Tray: batch Refunds · Refund: [0-3] of 3 rows ended/.test(t))).toBe(
      true,
    );
    // Ended: gone from the menu and the tooltip.
    expect(seenRunning.at(-1)).toEqual(['Open Robot Tray']);
    expect(tooltips.at(-1)).toBe('Robot Tray');
    expect(shown.notifications.filter((n) => n.startsWith('Batch'))).toEqual([
      'Batch finished: Refunds · Refund: 3 rows: 3 done.',
    ]);
  });

  test('a stopped batch notifies with what ended; with notifications off, nothing is shown', async () => {
    const { core, hub, robot, preset } = await appWithRobot(2_000);
    const endOf = () =>
      new Promise<void>((resolve) => {
        const stop = hub.subscribe((event) => {
          if (event.type === 'batch' && !event.progress.running) {
            stop();
            resolve();
          }
        });
      });
    const rows = readRows(`order\n${Array.from({ length: 20 }, (_, i) => `B-${i.toString()}`).join('\n')}\n`);
    const first = await core.batches.create(robot.id, preset.id, rows, { concurrency: 1 });
    const stopped = endOf();
    await core.batches.start(first.id, {});
    await core.batches.stop(first.id);
    await stopped;
    expect(shown.notifications.filter((n) => n.startsWith('Batch'))).toEqual([
      expect.stringMatching(/^Batch stopped: Refunds · Refund: [0-2] of 20 rows ended: .*\d+ pending/),
    ]);

    shown.notifications.length = 0;
    await core.updateSettings({ notifications: false });
    const quiet = await core.batches.create(robot.id, preset.id, readRows('order\nC-1\n'));
    const done = endOf();
    await core.batches.start(quiet.id, {});
    await done;
    expect(shown.notifications.filter((n) => n.startsWith('Batch'))).toEqual([]);
  });
});
