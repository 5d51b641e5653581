import { AxeBuilder } from '@axe-core/playwright';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { callReport } from '../../src/shared/report/callReport.ts';
import { whenCall } from '../support/coreEvents.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { openAppWindow, requireBuiltRenderer, type AppWindow } from '../support/windowHarness.ts';

/**
 * Handing a run to its author, in the window over a real core: Copy report,
 * Save call…, and a saved call opened read only (from main's dialog, or
 * dropped onto the window) and compared with a local call.
 */
describe('handing a run to its author, in the window', () => {
  let app: AppWindow | undefined;
  let sandbox: Sandbox | undefined;
  let dir: string | undefined;
  const robotIds: string[] = [];

  beforeAll(async () => {
    requireBuiltRenderer();
    await mkdir(screenshotDir, { recursive: true });
  });
  afterEach(async () => {
    for (const id of robotIds.splice(0)) await app?.core.clearToken(id).catch(() => undefined);
    await app?.close();
    await sandbox?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    app = sandbox = dir = undefined;
  });

  async function open() {
    sandbox = await startSandbox({ demoRobots: false, seed: 5 });
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-handover-'));
    app = await openAppWindow({ viewport: { width: 1280, height: 900 } });
    app.page.setDefaultTimeout(12_000);
    const { robot, token } = await addSandboxRobot(app.core, sandbox, {
      name: 'Ledger',
      flow: [{ type: 'respond', echo: true, constants: { total: 3 } }],
    });
    robotIds.push(robot.id);
    const preset = await app.core.createPreset({
      robotId: robot.id,
      name: 'Month end',
      method: 'POST',
      args: { customer: 'C-17' },
    });
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const fire = async (args: Record<string, string>) => {
      const sent = await app!.core.fire(robot.id, { presetId: preset.id, args });
      return whenCall(app!.core, sent.id, (c) => c.state === 'done');
    };
    return { app, token, fire };
  }

  const clipboard = (page: Page) =>
    page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );

  test('Copy report puts the call as Markdown on the clipboard, without the token', async () => {
    const { app, token, fire } = await open();
    const { page } = app;
    const done = await fire({ customer: 'C-17' });
    await page.locator(`.call-row[data-call-id="${done.id}"][data-state="done"]`).dblclick();
    const detail = page.getByTestId('call-detail');
    await detail.getByRole('button', { name: 'Copy report' }).click();
    await expect
      .poll(() => clipboard(page))
      .toBe(callReport(app.core.callDetail(done.id), { appVersion: '0.0.0-test' }));
    const copied = await clipboard(page);
    expect(copied).toContain('## Robot Tray call: Ledger · Month end');
    expect(copied).toContain('"customer": "C-17"');
    expect(copied).not.toContain(token);

    // The row's menu (right click, or the context-menu key on the list) copies the same text.
    await page.evaluate("navigator.clipboard.writeText('emptied')");
    await expect.poll(() => clipboard(page)).toBe('emptied');
    await page.locator(`.call-row[data-call-id="${done.id}"]`).click({ button: 'right' });
    await page.getByRole('menu', { name: 'Call' }).getByRole('menuitem', { name: 'Copy report' }).click();
    await expect.poll(() => clipboard(page)).toBe(copied);
    await page.getByRole('menu', { name: 'Call' }).waitFor({ state: 'detached' });
    await page.getByRole('listbox', { name: 'Calls, newest first' }).press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Call' });
    await expect.poll(() => page.evaluate('document.activeElement.textContent')).toBe('Open');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  test('a saved call opens read only (from the dialog, or dropped), and compares with a local call', async () => {
    const { app, token, fire } = await open();
    const { page, shell } = app;
    const first = await fire({ customer: 'C-17' });
    const second = await fire({ customer: 'C-18' });

    // Save call…: main's save dialog (its stand-in) says where.
    const file = path.join(dir!, 'month end.json');
    shell.saveDialog.answer(file);
    await page.locator(`.call-row[data-call-id="${first.id}"]`).dblclick();
    await page.getByTestId('call-detail').getByRole('button', { name: 'Save call…' }).click();
    await page.getByText('Saved the call to month end.json.').waitFor();
    expect(await readFile(file, 'utf8')).not.toContain(token);

    // The author's side: the call is forgotten here, and opened from the file.
    app.core.forgetCall(first.id);
    shell.fileDialog.answer(file);
    await page.getByRole('button', { name: 'Open saved call…' }).click();
    const saved = page.getByTestId('saved-call');
    await saved.waitFor();
    expect(await saved.getByRole('note').textContent()).toMatch(
      /^Saved call, read only month end\.json, saved /,
    );
    expect(await saved.getByTestId('call-outcome').textContent()).toBe('Done.');
    await saved.locator('summary').filter({ hasText: 'Request' }).click();
    expect(await saved.getByRole('region', { name: 'Request as sent' }).textContent()).toContain('"C-17"');
    await saved.getByTestId('json-viewer').getByRole('treeitem').first().waitFor();
    // Read only: none of a local call's actions.
    for (const name of ['Fire again', 'Forget', 'Save call…', 'Stop', 'Copy as cURL']) {
      expect(await saved.getByRole('button', { name, exact: true }).count()).toBe(0);
    }
    await saved.getByRole('button', { name: 'Copy report' }).click();
    await expect.poll(() => clipboard(page)).toContain('## Robot Tray call: Ledger · Month end');

    // Compare with… a local call: the saved response before, the local one after.
    await saved.getByRole('combobox', { name: 'Compare with a local call' }).selectOption(second.id);
    await saved.getByTestId('diff-list-response').waitFor();
    const lines = await saved.getByTestId('diff-list-response').locator('li').allTextContents();
    expect(lines).toEqual(['changed $.customer "C-17" → "C-18"']);
    const serious = async () => {
      const axe = await new AxeBuilder({ page }).include('[data-testid="saved-call"]').analyze();
      return axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes[0]?.target}`);
    };
    expect(await serious()).toEqual([]);
    await page.screenshot({ path: path.join(screenshotDir, 'saved-call-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await serious()).toEqual([]);
    await page.screenshot({ path: path.join(screenshotDir, 'saved-call-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await saved.getByTestId('diff-list-response').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, 'saved-call-compare-light.png') });

    // Dropped onto the window: the preload tells main the path (its stand-in
    // here), the page asks main to open it, naming nothing.
    await saved.getByRole('button', { name: 'Close the saved call' }).click();
    await saved.waitFor({ state: 'detached' });
    shell.dropFile(file);
    // A drop as script can make it (untrusted, its File without a path): the page's own handler runs.
    await page.evaluate(`{
      const data = new DataTransfer();
      data.items.add(new File(['{}'], 'month end.json', { type: 'application/json' }));
      document.querySelector('.shell').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true }));
    }`);
    await saved.waitFor();
    expect(await saved.getByRole('note').textContent()).toContain('month end.json');
    expect(app.sentToPage.join('\n')).not.toContain(dir!);
    expect(app.sentToPage.join('\n')).not.toContain(token);
  });

  test('a file from a newer Robot Tray, or not a saved call, is refused with the reason', async () => {
    const { app } = await open();
    const { page, shell } = app;
    const newer = path.join(dir!, 'newer.json');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(newer, JSON.stringify({ format: 'robot-tray-call', version: 3 }));
    shell.fileDialog.answer(newer);
    await page.getByRole('button', { name: 'Open saved call…' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'newer.json was saved by a newer Robot Tray (call file version 3' })
      .waitFor();
    const other = path.join(dir!, 'secrets.txt');
    await writeFile(other, 'password=hunter2');
    shell.fileDialog.answer(other);
    await page.getByRole('button', { name: 'Open saved call…' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'secrets.txt is not a call saved by Robot Tray' })
      .waitFor();
    expect(app.sentToPage.join('\n')).not.toContain('hunter2');
    expect(await page.getByTestId('saved-call').count()).toBe(0);
  });
});
