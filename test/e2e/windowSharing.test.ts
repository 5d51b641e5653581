import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { catalogRecords } from '../support/databaseFile.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

describe('the window: export and import', () => {
  let win: AppWindow | undefined;
  let folder: string | undefined;

  beforeAll(() => {
    requireBuiltRenderer();
  });
  afterEach(async () => {
    await win?.close();
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    win = undefined;
    folder = undefined;
  });

  test('Import… shows the plan before anything changes; a robot already here waits for Replace or Skip; Import applies it', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-import-'));
    win = await openAppWindow();
    const { page, core, shell } = win;
    await core.createRobot({ name: 'Orders', baseUrl: 'https://orders.example' });
    await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
    const file = path.join(folder, 'team.json');
    await writeFile(
      file,
      catalogText([
        {
          name: 'Orders',
          baseUrl: 'https://orders-eu.example',
          presets: [{ name: 'Daily', args: { d: 1 } }],
        },
        {
          name: 'Billing',
          baseUrl: 'https://billing.example',
          caFileNeeded: true,
          presets: [{ name: 'Month end' }],
        },
        { name: 'Legacy', baseUrl: 'http://legacy.corp:8080', allowInsecureHttp: true },
      ]),
    );
    const before = await catalogRecords(core.dataDir);

    shell.fileDialog.answer(file);
    await page.getByRole('button', { name: 'Import…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from team.json' });
    await dialog.waitFor();
    const rows = dialog.getByRole('table', { name: 'What the import does' }).getByRole('row');
    expect(await rows.count()).toBe(4);
    await dialog
      .getByText('One robot is already here: choose Replace or Skip for each. Nothing has changed yet.')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    const billing = rows.filter({ hasText: 'Billing' });
    expect(await billing.textContent()).toContain('Added');
    expect(await billing.textContent()).toContain('Token needed');
    expect(await billing.textContent()).toContain('Used a CA file: choose one after importing');
    // A choice made on another desk that lets the token travel unencrypted is shown, not slipped in.
    expect(await rows.filter({ hasText: 'Legacy' }).textContent()).toContain(
      'Plain http allowed by the file: its token would travel unencrypted to legacy.corp:8080',
    );
    expect(await billing.textContent()).not.toContain('Plain http');

    // Keyboard: the choice is a plain select.
    const choice = dialog.getByLabel('Orders: already here');
    await choice.focus();
    await choice.selectOption('replace');
    await dialog.getByText('Moves from https://orders.example to https://orders-eu.example').waitFor();
    await dialog
      .getByText('Nothing has changed yet. Import applies exactly this; no token is in the file.')
      .waitFor();
    expect(await catalogRecords(core.dataDir)).toBe(before);
    await page.screenshot({ path: path.join(screenshotDir, 'import-plan.png') });

    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText(/^Imported: 2 added, 1 replaced, 0 skipped\./).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    const robots = await core.listRobots();
    expect(robots.map((r) => [r.name, r.baseUrl, r.hasToken])).toEqual([
      ['Orders', 'https://orders-eu.example', false],
      ['Billing', 'https://billing.example', false],
      ['Legacy', 'http://legacy.corp:8080', false],
    ]);
    const sidebar = page.getByRole('navigation', { name: 'Robots' });
    await sidebar.locator('[data-robot-id]', { hasText: 'Billing' }).getByText('Token needed').waitFor();
  });

  test("Export… saves the robots chosen, through main's save dialog, without tokens", async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-export-'));
    win = await openAppWindow();
    const { page, core, shell } = win;
    await core.createRobot({ name: 'Orders', baseUrl: 'https://orders.example' });
    await core.createRobot({ name: 'Billing', baseUrl: 'https://billing.example' });
    await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
    const file = path.join(folder, 'out.json');
    shell.saveDialog.answer(file);
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export robots' });
    await dialog.getByRole('checkbox', { name: 'Billing' }).uncheck();
    await dialog.getByRole('button', { name: 'Save…' }).click();
    await dialog.getByText('Saved 1 robot and 0 presets to out.json, without tokens.').waitFor();
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.robots.map((r: { name: string }) => r.name)).toEqual(['Orders']);
  });
});
