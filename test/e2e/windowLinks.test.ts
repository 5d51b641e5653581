import { mkdir } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { navigationForLink } from '../../src/main/links/openLink.ts';
import { ARMING_DELAY_MS } from '../../src/shared/links/linkArming.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A robot-tray:// link opened in the app: main reads it (navigationForLink,
 * as the shell does for argv, second-instance and open-url) and sends the
 * window the run; the window shows exactly what would be sent and fires only
 * on the click. The sandbox's own request log is the witness.
 */
describe('the window: links that open a ready run', () => {
  let win: AppWindow | undefined;
  let sandbox: Sandbox | undefined;

  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    await win?.close();
    await sandbox?.close();
    win = undefined;
    sandbox = undefined;
  });

  async function robotWithPreset() {
    sandbox = await startSandbox({ demoRobots: false, seed: 1 });
    const { token } = sandbox.addRobot({ name: 'orders', flow: [{ type: 'respond', echo: true }] });
    win = await openAppWindow();
    const robot = await win.core.createRobot({ name: 'Order sync', baseUrl: sandbox.baseUrl });
    await win.core.setToken(robot.id, token);
    const preset = await win.core.createPreset({
      robotId: robot.id,
      name: 'Refund one',
      args: { customer: { $field: 'customerId' }, reason: { $field: 'reason' } },
      fields: [
        { name: 'customerId', label: 'Customer number', type: 'number', required: true },
        { name: 'reason', type: 'choice', choices: ['late', 'damaged'], default: 'late' },
      ],
    });
    await win.page.getByRole('heading', { level: 2, name: 'Order sync' }).waitFor();
    return { page: win.page, core: win.core, robot, preset, sandbox, token };
  }

  const triggers = (s: Sandbox) => s.requests().filter((r) => r.method === 'POST');

  test('the link shows the run with what will be sent; nothing is sent until "Fire now", then exactly one', async () => {
    const { page, core, sandbox, token } = await robotWithPreset();
    const to = await navigationForLink(
      core,
      'robot-tray://fire?robot=order%20sync&preset=Refund+one&customerId=123',
    );
    expect(to.view).toBe('run');
    win!.shell.hub.emit({ type: 'navigate', to });

    const dialog = page.getByRole('dialog', { name: 'Fire Refund one?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('run-method').textContent()).toBe('POST');
    expect(await dialog.getByTestId('run-url').textContent()).toBe(
      `${sandbox.baseUrl}/main/public/webhook/request`,
    );
    expect(await dialog.getByTestId('run-origin').textContent()).toBe(new URL(sandbox.baseUrl).origin);
    // The link's value in its field, the default in the other, and the arguments filled with both.
    expect(await dialog.getByLabel('Customer number (required)').inputValue()).toBe('123');
    expect(await dialog.getByLabel('reason').inputValue()).toBe('late');
    // Each field reads as in the fill-in dialog: the same control, with its default in the hint.
    expect(await dialog.getByText('Default: late.', { exact: true }).count()).toBe(1);
    expect(JSON.parse((await dialog.getByTestId('run-args').textContent())!)).toEqual({
      customer: 123,
      reason: 'late',
    });
    expect(await dialog.textContent()).not.toContain(token);
    // The first field has the focus, never the button that fires; the link itself sent nothing.
    expect(await page.locator(':focus').getAttribute('id')).toBe('run-field-customerId');
    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, 'link-confirmation.png') });
    expect(await seriousViolations(page)).toEqual([]);
    expect(triggers(sandbox)).toEqual([]);
    expect(core.listCalls({})).toEqual([]);

    await dialog.getByRole('button', { name: '▶ Fire now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /Accepted/ })
      .waitFor();
    expect(triggers(sandbox)).toHaveLength(1);
    expect(core.listCalls({}).map((c) => [c.presetName, c.args])).toEqual([
      ['Refund one', { customer: 123, reason: 'late' }],
    ]);
  });

  test('a stray Enter as the link opens, or as the window comes back, fires nothing: "Fire now" never starts with the focus and answers only a moment later', async () => {
    const { page, core, sandbox } = await robotWithPreset();
    // The page's own clock, moved by the test: a moment passes when the test says so, never by waiting.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const open = async (link: string) => {
      win!.shell.hub.emit({ type: 'navigate', to: await navigationForLink(core, link) });
      await page.getByRole('dialog', { name: 'Fire Refund one?' }).waitFor();
    };
    const dialog = page.getByRole('dialog', { name: 'Fire Refund one?' });
    const fire = dialog.getByRole('button', { name: '▶ Fire now' });

    await open('robot-tray://fire?robot=Order%20sync&preset=Refund%20one&customerId=7');
    expect(await page.locator(':focus').getAttribute('id')).toBe('run-field-customerId');
    expect(await fire.isDisabled()).toBe(true);
    await page.keyboard.press('Enter');
    await page.clock.runFor(ARMING_DELAY_MS - 1);
    expect(await fire.isDisabled()).toBe(true);
    await page.clock.runFor(1);
    await expect.poll(() => fire.isDisabled()).toBe(false);

    // Main brings the window forward (another link, a click on the tray): "Fire now" waits again.
    await page.evaluate(() => (globalThis as unknown as EventTarget).dispatchEvent(new Event('focus')));
    await expect.poll(() => fire.isDisabled()).toBe(true);
    await page.keyboard.press('Enter');
    await page.clock.runFor(ARMING_DELAY_MS);
    await expect.poll(() => fire.isDisabled()).toBe(false);
    expect(triggers(sandbox)).toEqual([]);

    // A run without fields starts on Cancel: Enter there cancels.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const plain = await core.createPreset({ robotId: (await core.getRobot('Order sync')).id, name: 'Ping' });
    win!.shell.hub.emit({
      type: 'navigate',
      to: await navigationForLink(core, 'robot-tray://fire?robot=Order%20sync&preset=Ping'),
    });
    await page.getByRole('dialog', { name: 'Fire Ping?' }).waitFor();
    expect(await page.locator(':focus').getAttribute('id')).toBe('open-run-cancel');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(plain.fields).toEqual([]);
    expect(triggers(sandbox)).toEqual([]);

    // Fired on purpose, once armed: exactly one call.
    await open('robot-tray://fire?robot=Order%20sync&preset=Refund%20one&customerId=7');
    await page.clock.runFor(ARMING_DELAY_MS);
    await page.clock.resume();
    await fire.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /Accepted/ })
      .waitFor();
    expect(triggers(sandbox)).toHaveLength(1);
  });

  test('a value the field refuses is shown in the form and nothing can be fired until it is fixed', async () => {
    const { page, core, sandbox } = await robotWithPreset();
    win!.shell.hub.emit({
      type: 'navigate',
      to: await navigationForLink(
        core,
        'robot-tray://fire?robot=Order%20sync&preset=Refund%20one&customerId=abc',
      ),
    });
    const dialog = page.getByRole('dialog', { name: 'Fire Refund one?' });
    await dialog.getByText(/must be a number like 42 or 3\.5, got 'abc'/).waitFor();
    const fire = dialog.getByRole('button', { name: '▶ Fire now' });
    expect(await fire.isDisabled()).toBe(true);
    // The field to fix has the focus; Enter there sends nothing.
    const box = dialog.getByLabel('Customer number (required)');
    expect(await box.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await box.fill('42');
    // Enabled once the value is right and the moment after opening has passed.
    await expect.poll(() => fire.isDisabled(), { timeout: 5_000 }).toBe(false);
    expect(triggers(sandbox)).toEqual([]);
    await fire.click();
    await page
      .getByRole('status')
      .filter({ hasText: /Accepted/ })
      .waitFor();
    expect(core.listCalls({}).map((c) => c.args)).toEqual([{ customer: 42, reason: 'late' }]);
  });

  test('a link to an unknown robot or preset, or a malformed one, says so and sends nothing', async () => {
    const { page, core, sandbox } = await robotWithPreset();
    await mkdir(screenshotDir, { recursive: true });
    const problem = page.getByTestId('link-problem');
    for (const [link, words] of [
      [
        'robot-tray://fire?robot=Invoices&preset=Refund%20one',
        /robot "Invoices", and Robot Tray has no robot of that name/,
      ],
      ['robot-tray://fire?robot=Order%20sync&preset=Refund%20all', /preset "Refund all" of "Order sync"/],
      ['robot-tray://fire?robot=Order%20sync&token=x', /links never carry tokens/],
    ] as const) {
      win!.shell.hub.emit({ type: 'navigate', to: await navigationForLink(core, link) });
      await problem.waitFor();
      expect(await problem.textContent()).toMatch(words);
      if (link.includes('Invoices'))
        await page.screenshot({ path: path.join(screenshotDir, 'link-problem.png') });
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      await problem.waitFor({ state: 'detached' });
    }
    expect(sandbox.requests()).toEqual([]);
  });

  test('a link naming only a robot selects it, with no run to confirm', async () => {
    const { page, core, sandbox, robot } = await robotWithPreset();
    const other = await core.createRobot({ name: 'Invoices', baseUrl: sandbox.baseUrl });
    await page
      .getByRole('navigation', { name: 'Robots' })
      .getByRole('button', { name: /Invoices/ })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Invoices' }).waitFor();
    const to = await navigationForLink(core, 'robot-tray://fire?robot=ORDER%20SYNC');
    expect(to).toEqual({ view: 'run', robotId: robot.id, presetId: null, fields: {} });
    win!.shell.hub.emit({ type: 'navigate', to });
    await page.getByRole('heading', { level: 2, name: 'Order sync' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(other.id).not.toBe(robot.id);
    expect(sandbox.requests()).toEqual([]);
  });

  test('"Copy link" on a preset copies the link that opens it', async () => {
    const { page } = await robotWithPreset();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy link to Refund one' }).click();
    await page.getByText('Copied the link.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(
      'robot-tray://fire?robot=Order%20sync&preset=Refund%20one',
    );
  });
});
