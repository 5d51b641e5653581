import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { navigationForLink } from '../../src/main/links/openLink.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

describe("the window: a link to a team catalog's preset", () => {
  let win: AppWindow | undefined;
  let folder: string | undefined;
  let sandbox: Sandbox | undefined;

  beforeAll(() => {
    requireBuiltRenderer();
  });
  afterEach(async () => {
    await win?.close();
    await sandbox?.close();
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    win = undefined;
    sandbox = undefined;
    folder = undefined;
  });

  test('opens its run with the link\'s field filled in; "Fire now" sends it once to the team robot', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-team-link-'));
    sandbox = await startSandbox({ demoRobots: false, seed: 7 });
    const { token } = sandbox.addRobot({ name: 'Team billing', flow: [{ type: 'respond', echo: true }] });
    win = await openAppWindow();
    const { page, core } = win;
    await core.createRobot({ name: 'Mine', baseUrl: 'https://mine.example' });
    await page.getByRole('heading', { level: 2, name: 'Mine' }).waitFor();
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
