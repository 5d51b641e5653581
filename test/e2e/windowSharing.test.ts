import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

describe('the window: export, import and the team catalog', () => {
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
    const before = await readFile(path.join(core.dataDir, 'robots.json'), 'utf8');

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
    expect(await readFile(path.join(core.dataDir, 'robots.json'), 'utf8')).toBe(before);
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

  test("the team catalog's robots show beside one's own; a broken file is reported with the last good version kept, a fixed one recovers", async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-team-'));
    win = await openAppWindow();
    const { page, core, shell } = win;
    await core.createRobot({ name: 'Mine', baseUrl: 'https://mine.example' });
    const file = path.join(folder, 'catalog.json');
    await writeFile(
      file,
      catalogText([{ name: 'Team orders', baseUrl: 'https://orders.example', presets: [{ name: 'Daily' }] }]),
    );
    shell.fileDialog.answer(file);
    await page.getByRole('button', { name: 'Follow a catalog…' }).click();
    const team = page.getByRole('list', { name: 'Team robots' });
    const row = team.locator('[data-robot-id]', { hasText: 'Team orders' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Team.*Token needed.*1 preset · read-only/);

    await writeFile(file, '{"format": "robot-tray-export", "version": 1, "robots": [{"na');
    const problem = page.getByRole('region', { name: 'Team catalog' }).getByRole('alert');
    await problem
      .getByText(/is not valid JSON .* Robot Tray keeps showing the version it last read\./)
      .waitFor();
    expect(await row.isVisible()).toBe(true);
    // Named by its file name, never the folder it is in (main's windowView).
    expect(await problem.textContent()).toMatch(/^The team catalog catalog\.json is not valid JSON/);
    expect(win.sentToPage.some((sent) => sent.includes(JSON.stringify(folder).slice(1, -1)))).toBe(false);
    await page.screenshot({ path: path.join(screenshotDir, 'team-catalog-broken.png') });

    await writeFile(file, catalogText([{ name: 'Team billing', baseUrl: 'https://billing.example' }]));
    await team.locator('[data-robot-id]', { hasText: 'Team billing' }).waitFor();
    await problem.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(0);
    await page.getByRole('button', { name: 'Stop following' }).click();
    await page.getByRole('button', { name: 'Follow a catalog…' }).waitFor();
    expect(core.getSettings().teamCatalogFile).toBeNull();
  });

  test('a team robot shows in its own sidebar group; chosen, the robot pane fires its presets (read-only), the calls filter knows it, and unfollowing removes it at once', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-team-fire-'));
    const sandbox = await startSandbox({ demoRobots: false, seed: 5 });
    try {
      const { token } = sandbox.addRobot({ name: 'Team echo', flow: [{ type: 'respond', echo: true }] });
      win = await openAppWindow();
      const { page, core, shell, sentToPage } = win;
      await core.createRobot({ name: 'Mine', baseUrl: 'https://mine.example' });
      await page.getByRole('heading', { level: 2, name: 'Mine' }).waitFor();
      const file = path.join(folder, 'support-desk.json');
      await writeFile(
        file,
        catalogText([
          {
            name: 'Team echo',
            baseUrl: sandbox.baseUrl,
            presets: [
              { name: 'Ping', args: { n: 1 }, pinnedToTray: true },
              {
                name: 'Look up',
                args: { order: { $field: 'order' } },
                fields: [{ name: 'order', type: 'number', required: true }],
              },
            ],
          },
        ]),
      );
      shell.fileDialog.answer(file);
      await page.getByRole('button', { name: 'Follow a catalog…' }).click();

      // Its own group, named after the catalog, below one's own robots.
      const sidebar = page.getByRole('navigation', { name: 'Robots' });
      await sidebar.getByRole('heading', { name: 'Team: support-desk', exact: true }).waitFor();
      const item = sidebar
        .getByRole('list', { name: 'Team robots' })
        .getByRole('button', { name: /Team echo/ });
      expect(await item.textContent()).toMatch(/Team.*Token needed.*2 presets · read-only/);
      expect(await sidebar.getByRole('list', { name: 'My robots' }).getByRole('button').count()).toBe(1);

      // Chosen with the keyboard, as one's own: the pane shows it read-only.
      await item.focus();
      await page.keyboard.press('Enter');
      const pane = page.locator('[data-team-robot]');
      await pane.getByRole('heading', { level: 2, name: 'Team echo' }).waitFor();
      expect(await item.getAttribute('aria-current')).toBe('true');
      expect(await page.getByRole('button', { name: 'Edit robot' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Remove…' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '+ New preset' }).count()).toBe(0);
      const ping = pane.getByRole('button', { name: 'Fire Ping', exact: true });
      expect(await ping.isDisabled()).toBe(true);
      await pane.getByTestId('token-state').getByText(`Token needed for ${sandbox.baseUrl}`).waitFor();

      await pane.getByRole('button', { name: 'Set token…' }).click();
      await pane.getByRole('textbox', { name: 'Token', exact: true }).fill(token);
      await pane.getByRole('button', { name: 'Save token' }).click();
      await pane.getByTestId('token-state').getByText(`Ready for ${sandbox.baseUrl}`).waitFor();
      await item.getByText('Token set').waitFor();

      // One click, one trigger.
      await ping.click();
      await pane.locator('[data-preset-id]', { hasText: 'Ping' }).getByText('✓ Accepted').waitFor();
      await expect
        .poll(() => core.listCalls({}).map((c) => [c.robotName, c.presetName]))
        .toEqual([['Team echo', 'Ping']]);
      expect(sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
      await page.screenshot({ path: path.join(screenshotDir, 'team-robot-pane.png') });

      // The calls pane filters by it like one's own robot.
      const calls = page.getByRole('region', { name: 'Calls' });
      const robotFilter = calls.getByLabel('Robot', { exact: true });
      await robotFilter.selectOption({ label: 'Mine' });
      await calls.getByTestId('calls-count').getByText('0 of 1').waitFor();
      await robotFilter.selectOption({ label: 'Team echo' });
      await calls.getByTestId('calls-count').getByText('1', { exact: true }).waitFor();

      // A team preset with a fill-in field asks for it first (Ctrl+Enter, as one's own); nothing is sent before.
      await pane.locator('[data-preset-id]', { hasText: 'Look up' }).getByRole('button').focus();
      await page.keyboard.press('ControlOrMeta+Enter');
      const form = page.getByRole('dialog', { name: 'Fire Look up' });
      await form.getByLabel('order (required)').fill('42');
      expect(sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
      await form.getByLabel('order (required)').press('Enter');
      await expect
        .poll(() => core.listCalls({}).map((c) => [c.presetName, c.args]))
        .toContainEqual(['Look up', { order: 42 }]);

      // A tray click on a team preset with fields opens its form at the team robot, as for one's own.
      await sidebar.getByRole('list', { name: 'My robots' }).getByRole('button', { name: /Mine/ }).click();
      await pane.waitFor({ state: 'detached' });
      const lookUp = core.teamCatalog().presets.find((p) => p.name === 'Look up')!;
      shell.hub.emit({ type: 'navigate', to: { view: 'fillPreset', presetId: lookUp.id } });
      await form.getByLabel('order (required)').waitFor();
      await pane.getByRole('heading', { level: 2, name: 'Team echo' }).waitFor();
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'detached' });

      await core.clearToken(core.teamCatalog().robots[0]!.id);
      await item.getByText('Token needed').waitFor();
      await pane.getByRole('button', { name: 'Copy to my robots' }).click();
      await pane.getByText('Copied to your robots, with its presets; set its token there.').waitFor();
      const own = sidebar.getByRole('list', { name: 'My robots' }).getByRole('button', { name: /Team echo/ });
      await own.getByText('Token needed').waitFor();

      // A call of the copy (one's own robot now), beside the team robot's two in the list filtered by it.
      const copied = (await core.listRobots()).find((r) => r.name === 'Team echo')!;
      await core.setToken(copied.id, token);
      await core.fire(copied.id, { method: 'POST', args: {} });
      await calls.getByTestId('calls-count').getByText('2 of 3').waitFor();

      // Unfollowed: the group and the pane go at once; the selection moves to one's own robots.
      await sidebar.getByRole('button', { name: 'Stop following' }).click();
      await sidebar.getByRole('list', { name: 'Team robots' }).waitFor({ state: 'detached' });
      await pane.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit robot' }).waitFor();
      expect(await robotFilter.locator('optgroup').count()).toBe(0);
      // The calls filter on the robot that left goes back to all robots: no hidden filter on a robot not listed.
      await expect.poll(() => robotFilter.inputValue()).toBe('');
      await calls.getByTestId('calls-count').getByText('3', { exact: true }).waitFor();
      // The window was told the catalog's file name, never the folder it is in.
      expect(sentToPage.some((sent) => sent.includes(JSON.stringify(folder).slice(1, -1)))).toBe(false);
    } finally {
      await win?.close();
      win = undefined;
      await sandbox.close();
    }
  });
});
