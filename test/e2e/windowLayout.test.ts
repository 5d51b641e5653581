import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { navigationForLink } from '../../src/main/links/openLink.ts';
import { MIN_WINDOW } from '../../src/main/window/windowOptions.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { openNightlyReport } from '../support/nightlyReportWindow.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

const sizes = [
  { width: 1100, height: 720 },
  { width: MIN_WINDOW.width, height: MIN_WINDOW.height },
] as const;

/** The element's box in the page, as the window draws it now. */
const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Whether the element is whole inside the window, with nothing scrolled to bring it there. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const { x, y, width, height } = await box(locator);
  const view = page.viewportSize()!;
  return x >= 0 && y >= 0 && x + width <= view.width && y + height <= view.height;
}

/**
 * The window at the size it opens at (1100 × 720) and at its smallest
 * (800 × 600), light and dark: what a call is opened for, a link's Fire
 * now, a preset's actions, a menu, a notice and Settings' Save each where
 * they can be seen and reached. Each size's screenshots are saved for people to look at.
 */
describe('the window’s layout at 1100 × 720 and at its 800 × 600 minimum', () => {
  let app: AppWindow | undefined;
  let sandbox: Sandbox | undefined;

  beforeAll(async () => {
    requireBuiltRenderer();
    await mkdir(screenshotDir, { recursive: true });
  });
  afterEach(async () => {
    for (const robot of (await app?.core.listRobots()) ?? [])
      await app?.core.clearToken(robot.id).catch(() => 0);
    await app?.close();
    await sandbox?.close();
    app = sandbox = undefined;
  });

  async function open(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') {
    sandbox = await startSandbox({ demoRobots: false, seed: 21 });
    app = await openAppWindow({ viewport, colorScheme });
    app.page.setDefaultTimeout(12_000);
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const records = Array.from({ length: 40 }, (_, i) => ({
      id: i,
      name: `customer ${i}`,
      open: i % 2 === 0,
    }));
    const { robot } = await addSandboxRobot(app.core, sandbox, {
      name: 'Order sync',
      flow: [{ type: 'respond', constants: { ok: true, count: records.length, records } }],
    });
    const refund = await app.core.createPreset({
      robotId: robot.id,
      name: 'Refund one',
      args: Object.fromEntries(
        ['customerId', 'reason', 'rush', 'order', 'amount', 'note'].map((n) => [n, { $field: n }]),
      ),
      fields: [
        {
          name: 'customerId',
          label: 'Customer number',
          type: 'number',
          required: true,
          help: 'From the CRM',
          min: 1,
          max: 999999,
        },
        { name: 'reason', type: 'choice', choices: ['late', 'damaged'], default: 'late' },
        { name: 'rush', label: 'Rush', type: 'boolean', default: false },
        { name: 'order', label: 'Order number', type: 'text', help: 'As on the invoice' },
        { name: 'amount', label: 'Amount', type: 'number', min: 0 },
        { name: 'note', label: 'Note for the customer', type: 'text' },
      ],
    });
    const nightly = await app.core.createPreset({
      robotId: robot.id,
      name: 'Nightly report',
      args: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`option${i}`, i])),
    });
    await app.page.getByRole('heading', { level: 2, name: 'Order sync' }).waitFor();
    return { app, robot, refund, nightly };
  }

  for (const size of sizes) {
    const name = `${size.width}x${size.height}`;
    for (const scheme of ['light', 'dark'] as const) {
      test(`${name}, ${scheme}: preset actions on one row, the response without scrolling, Fire now and Save in view, menus and notices beside their buttons`, async () => {
        const { app, robot, refund, nightly } = await open(size, scheme);
        const { page, core } = app;

        // The preset card: its six actions on one row, each whole inside the card.
        const card = page.locator(`.preset-card[data-preset-id="${nightly.id}"]`);
        const actions = await card.locator('.preset-menu button').all();
        expect(actions).toHaveLength(6);
        const cardBox = await box(card);
        const tops = new Set<number>();
        for (const action of actions) {
          const b = await box(action);
          tops.add(Math.round(b.y));
          expect(b.x + b.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
        }
        expect([...tops]).toHaveLength(1);
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(screenshotDir, `preset-card-${name}-${scheme}.png`) });

        // Two runs, then the newest one's detail: its response starts without scrolling.
        await core.fire(robot.id, { presetId: nightly.id });
        const latest = await core.fire(robot.id, { presetId: nightly.id, args: { option1: 'one' } });
        const row = page.locator(`.call-row[data-call-id="${latest.id}"]`);
        await row.and(page.locator('[data-state="done"]')).waitFor();

        // A row's menu opened at the window's right edge stays whole inside it.
        const rowBox = await box(row);
        await row.click({ button: 'right', position: { x: rowBox.width - 3, y: rowBox.height - 3 } });
        const menu = page.getByRole('menu', { name: 'Call' });
        await menu.waitFor();
        expect(await inView(page, menu)).toBe(true);
        await page.keyboard.press('Escape');

        await row.dblclick();
        const detail = page.getByTestId('call-detail');
        const firstRow = detail.getByTestId('json-viewer').getByRole('treeitem').first();
        await firstRow.waitFor();
        expect(
          await inView(page, detail.getByRole('heading', { level: 3, name: 'Response', exact: true })),
        ).toBe(true);
        expect(await inView(page, firstRow)).toBe(true);
        // The request and the timeline: one click away each.
        for (const [summary, region] of [
          ['Request', 'Request as sent'],
          ['Timeline', 'Timeline'],
        ] as const) {
          expect(await detail.getByRole('region', { name: region }).count()).toBe(0);
          await detail.locator('summary').filter({ hasText: summary }).click();
          await detail.getByRole('region', { name: region }).waitFor();
          await detail.locator('summary').filter({ hasText: summary }).click();
        }
        await detail.getByTestId('diff-list-args').waitFor();

        // "Copied the report…" right under the button that copied it.
        const toolbar = detail.getByRole('toolbar', { name: 'Call actions' });
        await toolbar.getByRole('button', { name: 'Copy report' }).click();
        const notice = detail.getByTestId('call-notice-detail');
        await notice.waitFor();
        expect(await notice.textContent()).toMatch(/^Copied the report/);
        const below = (await box(notice)).y - ((await box(toolbar)).y + (await box(toolbar)).height);
        expect(below).toBeGreaterThanOrEqual(0);
        expect(below).toBeLessThan(24);
        await page.screenshot({ path: path.join(screenshotDir, `call-detail-${name}-${scheme}.png`) });
        await detail.getByRole('button', { name: 'Close the call detail' }).click();

        // A link's run: Fire now in view, the dialog's title too (only its body scrolls).
        const to = await navigationForLink(
          core,
          'robot-tray://fire?robot=Order%20sync&preset=Refund+one&customerId=123&order=A-1&amount=9',
        );
        app.shell.hub.emit({ type: 'navigate', to });
        const dialog = page.getByRole('dialog', { name: 'Fire Refund one?' });
        await dialog.waitFor();
        expect(await inView(page, dialog.getByRole('button', { name: '▶ Fire now' }))).toBe(true);
        expect(await inView(page, dialog.getByRole('heading', { name: 'Fire Refund one?' }))).toBe(true);
        // Its fields read as sentences: the help ends before the range; a yes/no default says no.
        expect(await dialog.getByText('From the CRM. From 1 to 999999.', { exact: true }).count()).toBe(1);
        expect(await dialog.getByText('Default: no.', { exact: true }).count()).toBe(1);
        await page.screenshot({ path: path.join(screenshotDir, `link-dialog-${name}-${scheme}.png`) });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        void refund;

        // The preset editor with its arguments as JSON: Save still in view.
        await page.getByRole('button', { name: 'Edit Nightly report' }).click();
        const editor = page.getByRole('dialog', { name: 'Edit Nightly report' });
        await editor
          .getByRole('group', { name: 'Edit arguments as' })
          .getByRole('button', { name: 'JSON' })
          .click();
        await editor.getByText('Valid JSON object.').waitFor();
        expect(await inView(page, editor.getByRole('button', { name: 'Save preset' }))).toBe(true);
        await editor.getByRole('button', { name: 'Cancel' }).click();
      });
    }
  }

  test('Settings keeps Save in reach', async () => {
    const opened = await openNightlyReport();
    ({ app, sandbox } = opened);
    const { page } = app;
    await page.getByRole('button', { name: 'Edit Nightly report' }).waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    const save = page.getByRole('button', { name: 'Save settings' });
    const saveInView = () =>
      save.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
      });
    expect(await saveInView()).toBe(true);
    await page.locator('.main').evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    expect(await saveInView()).toBe(true);
  });
});
