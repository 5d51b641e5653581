import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BIN, ROOT } from '../support/cliHarness.ts';
import { openNightlyReport } from '../support/nightlyReportWindow.ts';
import { closeWindow, echoWindows } from '../support/echoWindow.ts';
import { Preset } from '../../src/shared/models/preset.ts';
import { DEMO_ROBOT_NOTES } from '../../src/main/demo/demoController.ts';

/** Replace everything in the JSON editor with `text`, as typed. */
async function typeJson(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

const fireButton = (page: Page, preset: string) =>
  page.getByRole('button', { name: `Fire ${preset}`, exact: true });

describe('the window: presets and firing', () => {
  const windows = echoWindows();

  /** openNightlyReport, closed after the test. */
  async function nightlyReport() {
    const opened = await openNightlyReport();
    windows.closeLater(() => opened.sandbox.close());
    windows.closeLater(() => closeWindow(opened.app));
    return opened;
  }

  test('first run: try the demo, fire its preset, and see the call done', async () => {
    const app = await windows.openEmpty();
    const { page } = app;
    await page.getByRole('heading', { name: 'Welcome to Robot Tray' }).waitFor();
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByRole('heading', { level: 2, name: 'echo (demo)' }).waitFor();
    await fireButton(page, 'Try it').click();
    await page
      .getByRole('status')
      .filter({ hasText: /Accepted · webhookCallId/ })
      .waitFor();
    const echo = page
      .getByRole('navigation', { name: 'Robots' })
      .getByRole('button', { name: /echo \(demo\)/ });
    await echo.filter({ hasText: 'Done' }).waitFor({ timeout: 15_000 });
    const calls = await app.core.listCalls({});
    expect(calls.map((c) => [c.presetName, c.state])).toEqual([['Try it', 'done']]);
  });

  test('a preset made in the table and edited as JSON keeps every argument, switching both ways', async () => {
    const { app, robot } = await windows.openRobot();
    const { page, core } = app;
    await page.getByRole('button', { name: '+ New preset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New preset' });
    await dialog.getByLabel('Name', { exact: true }).fill('Rush order');
    const rows: Array<[string, string, string]> = [
      ['customer', 'text', '007'],
      ['amount', 'number', '12.5'],
      ['rush', 'boolean', 'true'],
    ];
    for (const [i, [key, type, value]] of rows.entries()) {
      await dialog.getByRole('button', { name: '+ Add argument' }).click();
      await dialog.getByLabel(`Name of argument ${i + 1}`).fill(key);
      await dialog.getByLabel(`Type of argument ${key}`).selectOption(type);
      if (type === 'boolean') await dialog.getByLabel(`Value of argument ${key}`).selectOption(value);
      else await dialog.getByLabel(`Value of argument ${key}`).fill(value);
    }
    await dialog.getByRole('button', { name: 'JSON' }).click();
    const editor = dialog.getByRole('textbox', { name: 'Arguments as JSON' });
    await editor.waitFor();
    expect(JSON.parse(await editor.innerText())).toEqual({ customer: '007', amount: 12.5, rush: true });

    await typeJson(page, '{\n  "customer": "007",\n  "amount": 12.5,\n  "rush": true,\n}');
    await dialog.getByText(/^Not valid JSON at line 5, column 1/).waitFor();
    await dialog.getByRole('button', { name: 'Table' }).click();
    await dialog.getByText('Fix the JSON first').waitFor();
    await typeJson(page, '{"customer": "007", "amount": 12.5, "rush": true, "ids": [1, 2]}');
    await dialog.getByText('Valid JSON object.').waitFor();
    await dialog.getByRole('button', { name: 'Table' }).click();
    expect(await dialog.getByLabel('Value of argument ids').inputValue()).toBe('[1,2]');
    expect(await dialog.getByLabel('Type of argument customer').inputValue()).toBe('text');

    await dialog.getByRole('button', { name: 'Save preset' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [saved] = await core.listPresets(robot.id);
    expect(saved).toMatchObject({ name: 'Rush order', method: 'POST' });
    expect(saved!.args).toEqual({ customer: '007', amount: 12.5, rush: true, ids: [1, 2] });
  });

  test('fire POST and GET from one click each; the sandbox gets exactly the arguments', async () => {
    const { app, robot, sandbox } = await windows.openRobot();
    const { page, core } = app;
    await core.createPreset({ robotId: robot.id, name: 'Post it', args: { n: 1, tags: ['a'] } });
    await core.createPreset({ robotId: robot.id, name: 'Get it', method: 'GET', args: { q: 'a b', n: 3 } });
    await fireButton(page, 'Post it').click();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Post it' })
      .getByRole('status')
      .filter({ hasText: 'Accepted' })
      .waitFor();
    await fireButton(page, 'Get it').click();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Get it' })
      .getByRole('status')
      .filter({ hasText: 'Accepted' })
      .waitFor();
    const received = sandbox.calls().map((c) => [c.method, c.args]);
    expect(received).toEqual([
      ['POST', { n: 1, tags: ['a'] }],
      ['GET', { q: 'a b', n: '3' }],
    ]);
    await page.getByRole('region', { name: 'Calls' }).getByText('Get it').waitFor();
  });

  test('fire with changes sends the edited arguments once and leaves the preset as saved', async () => {
    const { app, robot, sandbox } = await windows.openRobot();
    const { page, core } = app;
    await core.createPreset({
      robotId: robot.id,
      name: 'Rush order',
      args: { customer: 'C-17', note: 'drop me' },
    });
    await page.getByRole('button', { name: 'Fire Rush order with changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fire Rush order with changes' });
    await dialog.getByLabel('Value of argument customer').fill('C-99');
    // An argument removed in the dialog is not sent: the edited set is the whole set.
    await dialog.getByLabel('Remove argument note').click();
    await dialog.getByRole('button', { name: '▶ Fire with these changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Accepted (with changes, not saved)' }).waitFor();
    expect(sandbox.calls().map((c) => c.args)).toEqual([{ customer: 'C-99' }]);
    expect((await core.listPresets(robot.id))[0]!.args).toEqual({ customer: 'C-17', note: 'drop me' });
  });

  test('a GET preset with a nested value is explained before saving and not saved', async () => {
    const { app, robot } = await windows.openRobot();
    const { page, core } = app;
    await page.getByRole('button', { name: '+ New preset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New preset' });
    await dialog.getByLabel('Name', { exact: true }).fill('Lookup');
    await dialog.getByLabel(/^GET/).check();
    await dialog.getByRole('button', { name: 'JSON' }).click();
    await typeJson(page, '{"filter": {"city": "Lyon"}}');
    const problem = dialog.getByTestId('get-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toBe(
      'Argument "filter" is a nested object, which cannot travel in a GET query string. Send this call with POST, which carries arguments as a JSON body.',
    );
    await dialog.getByRole('button', { name: 'Save preset' }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(await core.listPresets(robot.id)).toEqual([]);
    await dialog.getByLabel(/^POST/).check();
    await problem.waitFor({ state: 'detached' });
  });

  test('a robot marked confirm-before-firing asks first; Ctrl+Enter fires the focused preset', async () => {
    const { app, robot, sandbox } = await windows.openRobot(undefined, { confirmBeforeFiring: true });
    const { page, core } = app;
    await core.createPreset({ robotId: robot.id, name: 'Pay out', args: {} });
    await fireButton(page, 'Pay out').click();
    const confirm = page.getByRole('dialog', { name: 'Fire Pay out?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(sandbox.calls()).toEqual([]);

    await page.getByRole('button', { name: 'Fire Pay out with changes' }).focus();
    await page.keyboard.press('ControlOrMeta+Enter');
    await confirm.getByRole('button', { name: '▶ Fire now' }).click();
    await page.getByRole('status').filter({ hasText: 'Accepted' }).waitFor();
    expect(sandbox.calls()).toHaveLength(1);
  });

  test('a preset card follows its call to Done; sidebar and preset actions keep to one line and read as buttons', async () => {
    const { app, preset } = await nightlyReport();
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

  test('Ctrl+Enter saves the preset dialog', async () => {
    const { app, preset } = await nightlyReport();
    const { page } = app;
    await page.getByRole('button', { name: 'Edit Nightly report' }).click();
    const dialog = page.getByRole('dialog', { name: /Nightly report/ });
    await dialog.getByLabel('Name', { exact: true }).fill('Nightly report v2');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await app.core.listPresets()).find((p) => p.id === preset.id)?.name)
      .toBe('Nightly report v2');
  });

  test('presets reorder by keyboard; pin and duplicate save at once', async () => {
    const { app, robot } = await windows.openRobot();
    const { page, core } = app;
    for (const name of ['First', 'Second', 'Third']) await core.createPreset({ robotId: robot.id, name });
    await fireButton(page, 'Third').waitFor();
    await page.getByRole('button', { name: /^Move First/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(async () => (await core.listPresets(robot.id)).map((p) => p.name))
      .toEqual(['Second', 'First', 'Third']);
    await expect
      .poll(() => page.evaluate<string | null>('document.activeElement?.getAttribute("aria-label")'))
      .toMatch(/^Move First \(position 2 of 3/);

    const third = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Third' }) });
    await third.getByRole('button', { name: /In tray menu/ }).click();
    await expect
      .poll(async () => (await core.listPresets(robot.id)).find((p) => p.name === 'Third')?.pinnedToTray)
      .toBe(true);
    await page.getByRole('button', { name: 'Duplicate Third' }).click();
    await expect.poll(async () => (await core.listPresets(robot.id)).length).toBe(4);
  });

  test('a robot and a preset added with the CLI appear in the open window', async () => {
    const app = await windows.openEmpty();
    const { page } = app;
    await page.getByRole('heading', { name: 'Welcome to Robot Tray' }).waitFor();
    const env = { ...process.env, ROBOT_TRAY_HOME: app.shell.dataDir };
    const run = (args: string[]) =>
      new Promise<number>((resolve) =>
        spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: 'ignore' }).on('exit', resolve),
      );
    expect(
      await run(['robot', 'add', '--name', 'From the CLI', '--base-url', 'https://robots.example.com']),
    ).toBe(0);
    expect(await run(['preset', 'add', 'From the CLI', '--name', 'Nightly', '--arg', 'n:=1'])).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'From the CLI' }).waitFor({ timeout: 20_000 });
    await fireButton(page, 'Nightly').waitFor({ timeout: 20_000 });
  });
});

/** One default for a new preset's notification, and the demo's notes naming a button in reach. */
describe("a new preset's defaults and the demo's notes", () => {
  const windows = echoWindows();

  test('a new preset notifies by the one default the CLI and an import use too', async () => {
    const { app } = await windows.open();
    const { page } = app;
    await page.getByRole('button', { name: '+ New preset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New preset' });
    const notify = dialog.getByLabel('Notify me when it finishes');
    const parsed = Preset.parse({ id: 'p', robotId: 'r', name: 'n', createdAt: 0, updatedAt: 0 });
    expect(await notify.isChecked()).toBe(parsed.notifyOnFinish);
    expect(parsed.notifyOnFinish).toBe(false);
  });

  test('a demo robot’s note names a button beside it: Remove demo removes the demo', async () => {
    const app = await windows.openEmpty();
    const { page } = app;
    page.setDefaultTimeout(20_000);
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.locator('.robot-notes').first().waitFor();
    expect(await page.locator('.robot-notes').first().textContent()).toBe(DEMO_ROBOT_NOTES);
    const remove = page.getByRole('main').getByRole('button', { name: 'Remove demo' });
    await remove.click();
    await expect.poll(async () => (await app.core.listRobots()).length).toBe(0);
  });
});
