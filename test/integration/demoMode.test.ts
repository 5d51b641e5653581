import { afterEach, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { DemoController } from '../../src/main/demo/demoController.ts';
import type { DemoStatus } from '../../src/shared/events.ts';
import { whenCall } from '../support/coreEvents.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';

describe('demo mode', () => {
  let shell: ShellHarness | undefined;
  afterEach(async () => {
    await shell?.close();
    shell = undefined;
  });

  test('Try the demo adds working demo robots on a loopback sandbox; a pinned preset fires to DONE', async () => {
    shell = await openShellHarness({ core: { secrets: memorySecrets() } });
    const announced: DemoStatus[] = [];
    const demo = new DemoController(shell.core, (s) => announced.push(s));
    try {
      const status = await demo.start();
      expect(status.running).toBe(true);
      const robots = await shell.core.listRobots();
      expect(robots.map((r) => r.name)).toContain('echo (demo)');
      expect(robots.every((r) => r.name.endsWith('(demo)') && r.hasToken)).toBe(true);
      expect(status.robotIds.sort()).toEqual(robots.map((r) => r.id).sort());
      expect(new URL(robots[0]!.baseUrl).hostname).toBe('127.0.0.1');
      expect(announced.at(-1)).toEqual(status);

      // Twice is once.
      expect((await demo.start()).robotIds).toHaveLength(status.robotIds.length);

      const echo = robots.find((r) => r.name === 'echo (demo)')!;
      const [preset] = await shell.core.listPresets(echo.id);
      expect(preset).toMatchObject({ name: 'Try it', pinnedToTray: true });
      const call = await shell.core.fire(echo.id, { presetId: preset!.id });
      const done = await whenCall(shell.core, call.id, (c) => c.state === 'done');
      expect(done.response).toEqual(preset!.args);

      const removed = await demo.remove();
      expect(removed).toEqual({ running: false, robotIds: [] });
      expect(await shell.core.listRobots()).toEqual([]);
      expect(await shell.core.listPresets()).toEqual([]);
      // The sandbox is gone: its port no longer answers.
      await expect(fetch(echo.baseUrl)).rejects.toThrow();
    } finally {
      await demo.close();
    }
  });

  test('after a restart the demo comes back on a new port with fresh tokens, and still works', async () => {
    const secrets = memorySecrets();
    shell = await openShellHarness({ core: { secrets } });
    const first = new DemoController(shell.core);
    await first.start();
    const before = (await shell.core.listRobots()).find((r) => r.name === 'echo (demo)')!;
    await first.close();
    await shell.core.close();

    const core = await AppCore.open({ dataDir: shell.dataDir, secrets });
    const again = new DemoController(core);
    try {
      const status = await again.resume();
      expect(status.running).toBe(true);
      const echo = (await core.listRobots()).find((r) => r.id === before.id)!;
      expect(echo.baseUrl).not.toBe(before.baseUrl);
      // The demo binds its fresh tokens to the new origin itself: nothing to confirm, nothing left behind.
      const origin = new URL(echo.baseUrl).origin;
      expect(echo).toMatchObject({ hasToken: true, tokenSuspended: null, tokenOrigin: origin });
      const accounts = [...secrets.entries.keys()].map((key) => key.split('\u0000')[1]!);
      expect(accounts.filter((a) => a.startsWith(echo.id))).toEqual([`${echo.id}@${origin}`]);
      const [preset] = await core.listPresets(echo.id);
      const call = await core.fire(echo.id, { presetId: preset!.id });
      expect(
        (await whenCall(core, call.id, (c) => c.state !== 'waiting' && c.state !== 'sending')).state,
      ).toBe('done');
    } finally {
      await again.close();
      await core.close();
      // The harness closes the first core again: harmless.
    }
  });

  test('with no demo on record, resume starts nothing', async () => {
    shell = await openShellHarness({ core: { secrets: memorySecrets() } });
    const demo = new DemoController(shell.core);
    expect(await demo.resume()).toEqual({ running: false, robotIds: [] });
    await demo.close();
  });
});
