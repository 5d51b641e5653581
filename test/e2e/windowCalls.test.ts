import { AxeBuilder } from '@axe-core/playwright';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type RobotDefinition, type Sandbox } from '../../src/sandbox/index.ts';
import { openAppWindow, rendererDir, type AppWindow } from '../support/windowHarness.ts';

const screenshots = path.resolve(import.meta.dirname, '../../docs/screenshots');
const HOSTILE_KEY = '<img src=x onerror=alert(1)>';

/**
 * The calls list, call detail and JSON viewer in Chromium over a real core,
 * a real sandbox and the test keychain. Every wait is on what the page shows.
 */
describe('calls in the window', () => {
  let app: AppWindow | undefined;
  let sandbox: Sandbox | undefined;
  const tokens: string[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(rendererDir, 'index.html'))) {
      throw new Error('The renderer is not built: run `npm run build` first (npm test does it).');
    }
    await mkdir(screenshots, { recursive: true });
  });
  afterEach(async () => {
    for (const id of tokens.splice(0)) await app?.core.clearToken(id).catch(() => undefined);
    await app?.close();
    await sandbox?.close();
    app = sandbox = undefined;
  });

  async function open(definition: RobotDefinition, colorScheme: 'light' | 'dark' = 'light') {
    sandbox = await startSandbox({ demoRobots: false, seed: 3 });
    app = await openAppWindow({ colorScheme, viewport: { width: 1280, height: 860 } });
    const { token } = sandbox.addRobot(definition);
    const robot = await app.core.createRobot({ name: definition.name, baseUrl: sandbox.baseUrl });
    await app.core.setToken(robot.id, token);
    tokens.push(robot.id);
    const preset = await app.core.createPreset({
      robotId: robot.id,
      name: 'Nightly report',
      method: 'POST',
      args: { customer: 'C-17', 'a.b': 1, '0': 'zero', [HOSTILE_KEY]: '<b>bold?</b>', note: 'ünïcødé ✓' },
    });
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    return { app, robot, preset, token };
  }

  const row = (page: Page, callId: string) => page.locator(`.call-row[data-call-id="${callId}"]`);
  const clipboard = (page: Page) =>
    page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );

  test('a fired call turns from Waiting to Done in the list, and its detail shows request, timeline and response', async () => {
    const { app, robot, preset, token } = await open({
      name: 'Echo',
      flow: [
        { type: 'wait', ms: 1200 },
        { type: 'respond', echo: true, constants: { big: 1, nested: { deep: [1, 2, 3] } } },
      ],
    });
    const { page } = app;
    const dialogs: string[] = [];
    page.on('dialog', (d) => void dialogs.push(d.message()));

    // Fired as the tray or CLI would: the window hears of it by events only.
    const fired = await app.core.fire(robot.id, { presetId: preset.id });
    await row(page, fired.id).and(page.locator('[data-state="waiting"]')).waitFor();
    expect(await row(page, fired.id).textContent()).toMatch(
      /Nightly report · Echo.*POST.*Waiting.*\d+ polls?/,
    );
    await row(page, fired.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });

    // Keyboard: focus the list, select with an arrow, open with Enter.
    await page.getByRole('listbox', { name: 'Calls, newest first' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('call-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('call-outcome').textContent()).toBe('Done.');
    expect(await detail.getByTestId('webhook-call-id').textContent()).toBe(fired.webhookCallId);
    expect(await detail.getByTestId('request-url').textContent()).toBe(fired.url);
    expect(fired.url).toContain(sandbox!.baseUrl);
    const request = detail.getByRole('region', { name: 'Request as sent' });
    expect(await request.textContent()).toContain('x-service-token••••••••');
    expect(await page.content()).not.toContain(token);
    expect(app.sentToPage.join('\n')).not.toContain(token);
    const timeline = await detail.getByRole('region', { name: 'Timeline' }).textContent();
    expect(timeline).toMatch(/Sending.*Waiting.*Done/);

    // The response in the viewer: odd keys as text, search, jump, copy the path.
    const viewer = detail.getByTestId('json-viewer');
    await viewer.getByRole('treeitem').first().waitFor();
    const tree = viewer.getByRole('tree', { name: 'Response' });
    expect(await tree.textContent()).toContain(HOSTILE_KEY);
    expect(await viewer.locator('img, b, script').count()).toBe(0);
    await viewer.getByRole('searchbox', { name: 'Search keys and values' }).fill('deep');
    await expect.poll(() => viewer.getByTestId('json-match-count').textContent()).toBe('1 of 1');
    expect(await viewer.getByTestId('json-selected-path').textContent()).toBe('$.nested.deep');
    await viewer.getByRole('button', { name: 'Copy JS path' }).click();
    await expect.poll(() => clipboard(page)).toBe('data.nested.deep');
    await viewer.getByRole('searchbox', { name: 'Search keys and values' }).fill('a.b');
    await expect.poll(() => viewer.getByTestId('json-selected-path').textContent()).toBe("$['a.b']");
    await viewer.getByRole('button', { name: 'Copy JSONPath' }).click();
    await expect.poll(() => clipboard(page)).toBe("$['a.b']");
    expect(dialogs).toEqual([]);

    const axe = await new AxeBuilder({ page }).include('.calls-pane').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'call-detail-light.png') });
  });
});
