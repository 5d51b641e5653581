import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { trayMenu, type TrayItem } from '../../src/main/tray/trayMenu.ts';
import { readTrayState } from '../../src/main/tray/trayState.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { storeFinishedCalls } from '../support/storedCalls.ts';

let folder: string;
let core: AppCore;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-tray-notes-'));
  core = await AppCore.open({ dataDir: folder, secrets: memorySecrets(), resumeWatching: false });
});
afterAll(async () => {
  await core.close();
  await rm(folder, { recursive: true, force: true });
});

describe("the tray's pinned presets over a real history", () => {
  test('say how long their calls usually run and how the last one ended, once they have runs', async () => {
    const robot = await core.createRobot({ name: 'Reports', baseUrl: 'https://robots.example.com' });
    await core.setToken(robot.id, 'a-token-for-reports');
    const monthly = await core.createPreset({
      robotId: robot.id,
      name: 'Monthly',
      args: {},
      pinnedToTray: true,
    });
    await core.createPreset({ robotId: robot.id, name: 'Weekly', args: {}, pinnedToTray: true });
    const now = Date.now();
    storeFinishedCalls(
      core.dataDir,
      Array.from({ length: 12 }, (_, i) => ({
        id: `m-${i.toString()}`,
        robotId: robot.id,
        robotName: 'Reports',
        presetId: monthly.id,
        presetName: 'Monthly',
        webhookCallId: null,
        response: {},
        state: i === 11 ? ('failed' as const) : ('done' as const),
        createdAt: now - (12 - i) * 3_600_000,
        acceptedAt: now - (12 - i) * 3_600_000,
        finishedAt: now - (12 - i) * 3_600_000 + 40_000,
      })),
    );
    const items = trayMenu(await readTrayState(core, [], now));
    const menu = items.find(
      (i): i is Extract<TrayItem, { type: 'submenu' }> => i.type === 'submenu' && i.label === 'Reports',
    );
    expect(menu?.items.map((i) => (i.type === 'item' ? i.label : i.type))).toEqual([
      'Monthly — usually done in about 40 s · last failed 59 min ago',
      // No run of its own: its robot's runs stand in for the usual time, as in `preset show`.
      'Weekly — usually done in about 40 s',
    ]);
  });
});
