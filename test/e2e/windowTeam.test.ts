import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { navigationForLink } from '../../src/main/links/openLink.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { echoWindows } from '../support/echoWindow.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

describe("the window: the team catalog's robots", () => {
  const windows = echoWindows();

  /** A folder for the team catalog's file, removed after the test, once the window is closed. */
  async function catalogFolder(prefix: string) {
    const folder = await mkdtemp(path.join(tmpdir(), prefix));
    windows.closeLater(() => rm(folder, { recursive: true, force: true }));
    return folder;
  }

  /** A sandbox, closed after the test. */
  async function service(seed: number) {
    const sandbox = await startSandbox({ demoRobots: false, seed });
    windows.closeLater(() => sandbox.close());
    return sandbox;
  }

  test("the team catalog's robots show beside one's own; a broken file is reported with the last good version kept, a fixed one recovers", async () => {
    const folder = await catalogFolder('robot-tray-window-team-');
    const win = await windows.openEmpty();
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
    const folder = await catalogFolder('robot-tray-window-team-fire-');
    const sandbox = await service(5);
    const { token } = sandbox.addRobot({ name: 'Team echo', flow: [{ type: 'respond', echo: true }] });
    const win = await windows.openEmpty();
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
  });

  test("a team robot's token is removed from its pane with the keyboard, after a question that Escape answers with no (a desk with no robot of its own: the team pane takes the welcome screen's place)", async () => {
    const folder = await catalogFolder('robot-tray-window-team-token-');
    const win = await windows.openEmpty();
    const { page, core, shell } = win;
    // No robot of one's own: the welcome screen, until a team catalog brings robots.
    await page.getByRole('heading', { level: 2, name: 'Welcome to Robot Tray' }).waitFor();
    const file = path.join(folder, 'support-desk.json');
    await writeFile(file, catalogText([{ name: 'Team orders', baseUrl: 'https://orders.example' }]));
    shell.fileDialog.answer(file);
    await page.getByRole('button', { name: 'Follow a catalog…' }).click();
    const sidebar = page.getByRole('navigation', { name: 'Robots' });
    const item = sidebar
      .getByRole('list', { name: 'Team robots' })
      .getByRole('button', { name: /Team orders/ });
    await item.waitFor();
    const teamId = core.teamCatalog().robots[0]!.id;
    await core.setToken(teamId, 'team-desk-token-0123456789');
    await item.getByText('Token set').waitFor();

    await item.focus();
    await page.keyboard.press('Enter');
    const pane = page.locator('[data-team-robot]');
    await pane.getByRole('heading', { level: 2, name: 'Team orders' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome to Robot Tray' }).count()).toBe(0);
    await pane.getByTestId('token-state').getByText('Ready for https://orders.example').waitFor();
    const removeToken = pane.getByRole('button', { name: 'Remove token', exact: true });
    await removeToken.focus();
    await page.keyboard.press('Enter');

    // Asked first; Escape keeps it, with focus back on the button.
    const question = pane.getByRole('group', { name: 'Remove the token?' });
    await question.getByText(/Remove this desk's token for https:\/\/orders\.example/).waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => removeToken.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect((await core.tokenStatus(teamId)).hasToken).toBe(true);

    // Asked again, the focused Remove removes it.
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        question
          .getByRole('button', { name: 'Remove', exact: true })
          .evaluate((el) => el === el.ownerDocument.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await pane.getByTestId('token-state').getByText('Token needed for https://orders.example').waitFor();
    await item.getByText('Token needed').waitFor();
    expect((await core.tokenStatus(teamId)).hasToken).toBe(false);
    expect(await pane.getByRole('button', { name: 'Remove token' }).count()).toBe(0);
    await pane.getByRole('button', { name: 'Set token…' }).waitFor();
  });

  test("a team robot its catalog moved to another host shows its token suspended in an own robot's words; only main's dialog, confirmed, moves it", async () => {
    const folder = await catalogFolder('robot-tray-window-team-moved-');
    const win = await windows.openEmpty();
    const { page, core, shell } = win;
    const file = path.join(folder, 'support-desk.json');
    await writeFile(file, catalogText([{ name: 'Team orders', baseUrl: 'https://orders.example' }]));
    await core.followTeamCatalog(file);
    const teamId = core.teamCatalog().robots[0]!.id;
    await core.setToken(teamId, 'team-desk-token-0123456789');
    const item = page.getByRole('list', { name: 'Team robots' }).getByRole('button', { name: /Team orders/ });
    await item.getByText('Token set').waitFor();
    await item.click();
    const pane = page.locator('[data-team-robot]');

    await writeFile(file, catalogText([{ name: 'Team orders', baseUrl: 'https://elsewhere.example' }]));
    await pane.getByTestId('token-state').getByText('Set for https://orders.example').waitFor();
    await item.getByText('Token not confirmed').waitFor();
    const alert = pane.getByRole('alert').filter({
      hasText:
        "This robot's token was set for https://orders.example, but the robot now points at https://elsewhere.example. Robot Tray does not send it there until you confirm.",
    });
    shell.answers.push(true);
    await alert.getByRole('button', { name: 'Use the token for https://elsewhere.example…' }).click();
    await pane.getByTestId('token-state').getByText('Ready for https://elsewhere.example').waitFor();
    expect(shell.asked[0]!.detail).toContain('https://orders.example');
    expect(await core.tokenStatus(teamId)).toMatchObject({ hasToken: true, suspended: null });
    await core.clearToken(teamId);
  });

  test('a link to a team preset opens its run with the link\'s field filled in; "Fire now" sends it once to the team robot', async () => {
    const folder = await catalogFolder('robot-tray-window-team-link-');
    const sandbox = await service(7);
    const { token } = sandbox.addRobot({ name: 'Team billing', flow: [{ type: 'respond', echo: true }] });
    const win = await windows.openEmpty();
    const { page, core } = win;
    const file = path.join(folder, 'support-desk.json');
    await writeFile(
      file,
      catalogText([
        {
          name: 'Team billing',
          baseUrl: sandbox.baseUrl,
          presets: [
            {
              name: 'Month end',
              args: { month: { $field: 'month' } },
              fields: [{ name: 'month', type: 'number', required: true }],
            },
          ],
        },
      ]),
    );
    const team = await core.followTeamCatalog(file);
    await core.setToken(team.robots[0]!.id, token);

    const to = await navigationForLink(
      core,
      'robot-tray://fire?robot=team%20billing&preset=Month%20end&month=11',
    );
    expect(to).toMatchObject({ view: 'run', robotId: team.robots[0]!.id });
    win.shell.hub.emit({ type: 'navigate', to });
    const dialog = page.getByRole('dialog', { name: 'Fire Month end?' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('month (required)').inputValue()).toBe('11');
    expect(JSON.parse((await dialog.getByTestId('run-args').textContent())!)).toEqual({ month: 11 });
    expect(sandbox.requests()).toEqual([]);

    await dialog.getByRole('button', { name: '▶ Fire now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => core.listCalls({}).map((c) => [c.robotName, c.presetName, c.args]))
      .toEqual([['Team billing', 'Month end', { month: 11 }]]);
    // The call is written before it is sent: the request may still be on its way.
    await expect.poll(() => sandbox!.requests().filter((r) => r.method === 'POST').length).toBe(1);
  });
});
