import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

describe("the window: a team robot's token", () => {
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

  test("is removed from the team robot pane with the keyboard, after a question that Escape answers with no (a desk with no robot of its own: the team pane takes the welcome screen's place)", async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-team-token-'));
    win = await openAppWindow();
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
});
