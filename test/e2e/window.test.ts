import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';
import {
  openAppWindow,
  openWindow,
  type WindowHarness,
  requireBuiltRenderer,
} from '../support/windowHarness.ts';

describe('the Robot Tray window in Chromium', () => {
  let harness: WindowHarness | undefined;
  let shell: ShellHarness | undefined;

  beforeAll(() => {
    requireBuiltRenderer();
  });
  afterEach(async () => {
    await harness?.close();
    await shell?.close();
    harness = undefined;
    shell = undefined;
  });

  test('shows the product name and, in Settings, what main answered over the bridge', async () => {
    shell = await openShellHarness({
      appInfo: { name: 'Robot Tray', version: '9.8.7-test', platform: 'testos' },
    });
    harness = await openWindow(shell.handlers);
    const { page } = harness;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Robot Tray');
    await page.getByRole('button', { name: 'Settings' }).click();
    const info = page.getByTestId('app-info');
    await info.waitFor();
    expect(await info.textContent()).toBe('Robot Tray 9.8.7-test on testos');
  });

  test('says plainly when the bridge is missing instead of hanging', async () => {
    shell = await openShellHarness();
    harness = await openWindow(shell.handlers, { withBridge: false });
    const alert = harness.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('bridge is missing');
  });

  test('a robot the core adds appears in the open window at once, by its catalog event', async () => {
    harness = await openAppWindow();
    const { page, core } = harness as Awaited<ReturnType<typeof openAppWindow>>;
    await page.getByRole('heading', { name: 'Welcome to Robot Tray' }).waitFor();
    await core.createRobot({ name: 'Invoice sync', baseUrl: 'https://robots.example.com' });
    const robots = page.getByRole('navigation', { name: 'Robots' });
    await robots.getByRole('button', { name: /Invoice sync/ }).waitFor();
    await page.getByRole('heading', { name: 'Invoice sync', level: 2 }).waitFor();
  });

  test('settings explain a bad value beside its box and save the rest for main', async () => {
    const win = await openAppWindow();
    harness = win;
    const { page, core } = win;
    await page.getByRole('button', { name: 'Settings' }).click();
    const history = page.getByLabel('Calls kept in history');
    await history.fill('5');
    await page.getByText('Keep between 10 and 1,000,000 calls (a whole number).').waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
    await history.fill('250');
    const size = page.getByLabel('History size on disk');
    expect(await size.inputValue()).toBe('1 GiB');
    await size.fill('a lot');
    await page.getByText('Give a size from 10 MiB to 1024 GiB, such as 1 GiB.').waitFor();
    await size.fill('2 GiB');
    await page.getByLabel('Largest response read').fill('10 MiB');
    await page.getByLabel('First check after').fill('2');
    await page.getByLabel('Start Robot Tray in the tray when I log in').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(core.getSettings()).toMatchObject({
      historyLimit: 250,
      historyMaxBytes: 2 * 1024 ** 3,
      http: { queryResponseCapBytes: 10 * 1024 ** 2 },
      launchAtLogin: true,
      pollPolicy: { firstDelayMs: 2000 },
    });
  });
});
