import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { TrayAction, TrayItem } from '../../src/main/tray/trayMenu.ts';

/** Electron, mocked: the notifications and dialogs the tray's actions would show. */
const shown = vi.hoisted(() => ({ notifications: [] as string[], dialogs: [] as string[] }));
vi.mock('electron', async () => ({
  Notification: (await import('../support/recordingNotification.ts')).recordingNotification(
    shown.notifications,
  ),
  dialog: {
    showMessageBox: async (options: { message: string }) => {
      shown.dialogs.push(options.message);
      return { response: 0 };
    },
  },
  clipboard: { writeText: () => undefined },
}));

const { AppCore } = await import('../../src/core/appCore.ts');
const { startSandbox } = await import('../../src/sandbox/index.ts');
const { EventHub } = await import('../../src/main/events/eventHub.ts');
const { startNotifier } = await import('../../src/main/notify/notifier.ts');
const { performTrayAction } = await import('../../src/main/trayActions.ts');
const { trayMenu } = await import('../../src/main/tray/trayMenu.ts');
const { readTrayState } = await import('../../src/main/tray/trayState.ts');
const { memorySecrets } = await import('../support/memorySecrets.ts');
const { whenCall } = await import('../support/coreEvents.ts');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const submenu = (items: readonly TrayItem[], label: string): TrayItem[] | undefined => {
  const found = items.find((i) => i.type === 'submenu' && i.label === label);
  return found?.type === 'submenu' ? found.items : undefined;
};

describe("the tray menu and the team catalog's pinned presets", () => {
  test('a team preset pinned in the catalog fires from the tray once this desk has its token, notifies at the end, and leaves the menu when the catalog is unfollowed', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-tray-team-'));
    closers.push(() => rm(folder, { recursive: true, force: true }));
    const sandbox = await startSandbox({ demoRobots: false, seed: 3 });
    closers.push(() => sandbox.close());
    const { token } = sandbox.addRobot({ name: 'Team echo', flow: [{ type: 'respond', echo: true }] });
    const core = await AppCore.open({
      dataDir: path.join(folder, 'data'),
      secrets: memorySecrets(),
      resumeWatching: false,
    });
    closers.push(() => core.close());
    const hub = new EventHub(core);
    closers.push(async () => hub.close());
    startNotifier({
      subscribe: hub.subscribe,
      settings: () => core.getSettings(),
      openCall: () => undefined,
      showWindow: () => undefined,
    });

    const file = path.join(folder, 'catalog.json');
    await writeFile(
      file,
      JSON.stringify({
        format: 'robot-tray-export',
        version: 1,
        exportedAt: 1,
        robots: [
          {
            name: 'Team echo',
            baseUrl: sandbox.baseUrl,
            presets: [
              { name: 'Ping', args: { n: 1 }, pinnedToTray: true },
              { name: 'Not pinned', args: { n: 2 } },
            ],
          },
        ],
      }),
    );
    await core.followTeamCatalog(file);
    const menu = async () => trayMenu(await readTrayState(core, []));

    // No token on this desk yet: shown, but fires nothing.
    expect(submenu(await menu(), 'Team echo (team)')).toEqual([
      { type: 'item', label: 'Ping (token needed)', action: null, enabled: false },
    ]);

    await core.setToken(core.teamCatalog().robots[0]!.id, token);
    const [ping] = submenu(await menu(), 'Team echo (team)')!;
    expect(ping).toMatchObject({ label: 'Ping', enabled: true, action: { kind: 'fire' } });
    const action = (ping as { action: TrayAction }).action;

    // A click, through the tray's own path.
    const fired = new Promise<string>((resolve) => {
      const stop = hub.subscribe((event) => {
        if (event.type !== 'calls.changed') return;
        stop();
        resolve(event.changes[0]!.call.id);
      });
    });
    const noop = () => undefined;
    await performTrayAction(action, {
      core,
      appVersion: '0.0.0-test',
      showWindow: noop,
      openCall: noop,
      openPresetForm: noop,
      startDemo: async () => undefined,
      restartToUpdate: noop,
      quit: noop,
    });
    const callId = await fired;
    await whenCall(core, callId, (c) => c.state === 'done');
    expect(sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(core.getCall(callId)).toMatchObject({ robotName: 'Team echo', presetName: 'Ping' });
    await vi.waitFor(() => expect(shown.notifications).toHaveLength(1));
    expect(shown.notifications[0]).toContain('Team echo');

    // Unfollowed: the team event the menu rebuilds on, and nothing of the team's in it.
    const announced = new Promise<void>((resolve) => {
      const stop = hub.subscribe((event) => {
        if (event.type === 'team' && event.team.file === null) {
          stop();
          resolve();
        }
      });
    });
    await core.clearToken(core.teamCatalog().robots[0]!.id);
    await core.followTeamCatalog(null);
    await announced;
    expect(submenu(await menu(), 'Team echo (team)')).toBeUndefined();
    expect((await menu())[0]).toMatchObject({ label: 'Try the demo' });
  });
});
