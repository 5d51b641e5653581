import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import {
  openAppWindow,
  openWindow,
  requireBuiltRenderer,
  type AppWindow,
  type WindowHarness,
} from '../support/windowHarness.ts';

/**
 * Two windows over one main, and the CLI beside them: whichever of them
 * changes a robot's token, every window shows what the keychain holds, as
 * `robot-tray token status` says it. Each waits on what the pages show.
 */
describe("every window shows a token's state as every process sees it", () => {
  let app: AppWindow | undefined;
  let other: WindowHarness | undefined;
  let cli: AppCore | undefined;
  let first: Sandbox | undefined;
  let second: Sandbox | undefined;

  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    for (const robot of (await app?.core.listRobots()) ?? [])
      await app?.core.clearToken(robot.id).catch(() => undefined);
    await cli?.close();
    await other?.close();
    await app?.close();
    await first?.close();
    await second?.close();
    app = other = cli = first = second = undefined;
  });

  test('a token the CLI set while main’s dialog was open stays shown in both windows when the person declines', async () => {
    first = await startSandbox({ demoRobots: false, seed: 41 });
    second = await startSandbox({ demoRobots: false, seed: 42 });
    app = await openAppWindow({ viewport: { width: 1100, height: 720 } });
    other = await openWindow(app.shell.handlers, {
      events: app.shell.hub.subscribe,
      viewport: { width: 1100, height: 720 },
    });
    const { robot } = await addSandboxRobot(app.core, first, { name: 'Payroll', flow: [] });
    const windows = [app.page, other.page];
    for (const page of windows) {
      page.setDefaultTimeout(12_000);
      await page.getByRole('heading', { level: 2, name: 'Payroll' }).waitFor();
    }
    // The robot moves: its token, set for the first service, is suspended in both windows.
    await app.core.updateRobot(robot.id, { baseUrl: second.baseUrl });
    for (const page of windows) await page.getByTestId('token-moved').waitFor();

    cli = await AppCore.open({ dataDir: app.shell.dataDir, resumeWatching: false });
    const cliCore = cli;
    // While main's dialog is open, the CLI sets a token for the new address; then the person declines.
    app.shell.answers.push(async () => {
      await cliCore.setToken(robot.id, 'a-token-for-the-new-address-0001');
      for (const page of windows) await page.getByTestId('token-moved').waitFor({ state: 'detached' });
      return false;
    });
    const answered = app.sentToPage.length;
    await app.page.getByRole('button', { name: /^Use the token for / }).click();
    // The dialog's answer reached the first window (it carries the status read before the dialog) …
    await expect
      .poll(() => app!.sentToPage.slice(answered).some((sent) => sent.includes('"suspended":{')), {
        timeout: 12_000,
        interval: 50,
      })
      .toBe(true);
    // … and has been drawn: the page took it and painted twice since.
    await app.page.evaluate(() => {
      const frame = (globalThis as unknown as { requestAnimationFrame: (draw: () => void) => number })
        .requestAnimationFrame;
      return new Promise<void>((drawn) => frame(() => frame(() => drawn())));
    });
    expect(app.shell.asked).toHaveLength(1);
    expect(await cli.tokenStatus(robot.id)).toMatchObject({ hasToken: true, suspended: null });
    for (const page of windows) {
      expect(await page.getByTestId('token-moved').count()).toBe(0);
      expect(await page.getByTestId('token-state').textContent()).toMatch(/^Set since /);
    }
  });
});
