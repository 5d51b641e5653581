import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

/**
 * What a daily user of the window trips over: stale states, wrapped labels,
 * controls that read as text, values hidden behind "…", things out of view
 * or out of reach. Each check measures what the page draws.
 */
describe('the window in daily use', () => {
  let app: AppWindow | undefined;
  let sandbox: Sandbox | undefined;
  const tokens: string[] = [];

  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    for (const id of tokens.splice(0)) await app?.core.clearToken(id).catch(() => undefined);
    await app?.close();
    await sandbox?.close();
    app = sandbox = undefined;
  });

  async function open() {
    sandbox = await startSandbox({ demoRobots: false, seed: 5 });
    app = await openAppWindow({ viewport: { width: 1100, height: 720 } });
    app.page.setDefaultTimeout(12_000);
    const constants: Record<string, number> = {};
    for (let i = 0; i < 120; i++) constants[`field${String(i).padStart(3, '0')}`] = i;
    const { robot } = await addSandboxRobot(app.core, sandbox, {
      name: 'Echo',
      flow: [
        { type: 'wait', ms: 300 },
        { type: 'respond', constants },
      ],
    });
    tokens.push(robot.id);
    const preset = await app.core.createPreset({ robotId: robot.id, name: 'Nightly report', args: {} });
    return { app, robot, preset };
  }

  test('a preset card follows its call to Done; sidebar and preset actions keep to one line and read as buttons', async () => {
    const { app, preset } = await open();
    const { page } = app;
    const card = page.locator(`.preset-card[data-preset-id="${preset.id}"]`);
    await card.getByRole('button', { name: 'Fire Nightly report', exact: true }).click();
    const line = card.locator('.fire-outcome');
    // Accepted, and then what the call came to, as the calls list says it.
    await line
      .getByTestId('fire-outcome-state')
      .locator('.badge[data-state="done"]')
      .waitFor({ timeout: 15_000 });
    expect(await line.textContent()).toMatch(/^✓ Accepted · webhookCallId \S+ · now Done Show call$/);

    // "Done · just now" is one line in the sidebar (an inline box that wraps has several rects).
    const meta = page.locator('.robot-item .meta > :last-child').first();
    await expect.poll(() => meta.textContent()).toBe('Done · just now');
    expect(await meta.evaluate((el) => el.getClientRects().length)).toBe(1);
    const metaBox = (await page.locator('.robot-item .meta').first().boundingBox())!;
    const badgeBox = (await page.locator('.robot-item .meta .badge').first().boundingBox())!;
    expect(metaBox.height).toBeLessThanOrEqual(badgeBox.height + 2);

    // The preset's actions: bordered buttons, each whole inside the card (none cut off at its edge).
    const actions = card.locator('.preset-menu button');
    expect(await actions.count()).toBe(6);
    const cardBox = (await card.boundingBox())!;
    const looks = await actions.evaluateAll((buttons) =>
      buttons.map((b) => {
        const style = (
          globalThis as unknown as { getComputedStyle: (e: unknown) => { borderTopColor: string } }
        ).getComputedStyle(b);
        const box = b.getBoundingClientRect();
        return { top: Math.round(box.top), right: box.right, border: style.borderTopColor };
      }),
    );
    for (const { right } of looks) expect(right).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(new Set(looks.map((l) => l.top)).size).toBeLessThanOrEqual(2);
    for (const { border } of looks) expect(border).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('the viewer says its depth, brings a search match into view, and the calls search hint fits', async () => {
    const { app, robot, preset } = await open();
    const { page } = app;
    const call = await app.core.fire(robot.id, { presetId: preset.id });
    const row = page.locator(`.call-row[data-call-id="${call.id}"]`);
    await row.and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    await row.dblclick();
    const viewer = page.getByTestId('json-viewer');
    await viewer.getByRole('treeitem').first().waitFor();
    const depth = viewer.getByRole('combobox', { name: 'Expand to depth' });
    expect(await depth.inputValue()).toBe('2');
    expect(
      await depth.evaluate(
        (el) =>
          (el as unknown as { selectedOptions: Array<{ textContent: string }> }).selectedOptions[0]
            ?.textContent,
      ),
    ).toBe('2');
    await viewer.getByRole('button', { name: 'Expand all' }).click();
    expect(await depth.inputValue()).toBe('all');
    await depth.selectOption('1');
    expect(await depth.inputValue()).toBe('1');

    await page.getByTestId('call-detail').evaluate((el) => el.parentElement!.scrollTo(0, 0));
    await viewer.getByRole('searchbox', { name: 'Search keys and values' }).fill('field119');
    await expect.poll(() => viewer.getByTestId('json-selected-path').textContent()).toBe('$.field119');
    const match = viewer.getByRole('treeitem', { name: /field119/ });
    await expect
      .poll(() =>
        match.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
        }),
      )
      .toBe(true);

    // The calls search's placeholder is drawn whole in its box.
    const search = page.getByRole('searchbox', { name: /Filter calls/ });
    await search.waitFor();
    // Run in the page (a string, since this file is typed for Node, not the DOM).
    const fits = await page.evaluate<boolean>(`(() => {
      const input = document.querySelector('.calls-filters input[type="search"]');
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      context.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    })()`);
    expect(fits).toBe(true);
  });

  test('Settings keeps Save in reach; Ctrl+Enter saves the preset dialog', async () => {
    const { app, preset } = await open();
    const { page } = app;
    await page.getByRole('button', { name: 'Edit Nightly report' }).click();
    const dialog = page.getByRole('dialog', { name: /Nightly report/ });
    await dialog.getByLabel('Name', { exact: true }).fill('Nightly report v2');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await app.core.listPresets()).find((p) => p.id === preset.id)?.name)
      .toBe('Nightly report v2');

    await page.getByRole('button', { name: 'Settings' }).click();
    const save = page.getByRole('button', { name: 'Save settings' });
    const inView = () =>
      save.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
      });
    expect(await inView()).toBe(true);
    await page.locator('.main').evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    expect(await inView()).toBe(true);
  });
});
