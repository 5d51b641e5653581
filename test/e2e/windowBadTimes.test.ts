import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { savedCallWithTime } from '../support/savedCallFile.ts';
import { storeFinishedCalls } from '../support/storedCalls.ts';
import { openAppWindow, requireBuiltRenderer, type AppWindow } from '../support/windowHarness.ts';

/** A time no date can be: before the bound, such a file or record blanked the whole window until restart. */
describe('the window and a time no date can be', () => {
  let app: AppWindow | undefined;
  let dir: string | undefined;
  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    await app?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    app = dir = undefined;
  });

  test('a saved call whose time is out of range is refused naming the field, and the window goes on', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-times-'));
    app = await openAppWindow();
    const { page, shell, core } = app;
    await core.createRobot({ name: 'Invoice sync', baseUrl: 'https://robots.example.com' });
    await page.getByRole('heading', { level: 2, name: 'Invoice sync' }).waitFor();
    const file = path.join(dir, 'far-future.json');
    await writeFile(file, savedCallWithTime(1e300));
    shell.fileDialog.answer(file);
    await page.getByRole('button', { name: 'Open saved call…' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'far-future.json is damaged: call.createdAt: must be a time before the year 10000' })
      .waitFor();
    expect(await page.getByTestId('saved-call').count()).toBe(0);
    await page
      .getByRole('button', { name: /add (a )?robot/i })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Add a robot' }).waitFor();
  });

  test('a part that cannot draw what it holds says what failed in its place; the rest of the window stays usable', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-times-'));
    // A record no door lets in any more, as a damaged or older history might still hold.
    storeFinishedCalls(dir, [
      {
        id: 'call-far',
        robotId: 'r1',
        robotName: 'Bot',
        presetName: null,
        webhookCallId: 'wh-far',
        createdAt: 1e300,
      },
    ]);
    app = await openAppWindow({ dataDir: dir });
    const { page, core } = app;
    await core.createRobot({ name: 'Invoice sync', baseUrl: 'https://robots.example.com' });
    const failed = page.getByRole('alert').filter({ hasText: /could not be shown \(Invalid time value\)/ });
    await failed.first().waitFor();
    expect(await failed.first().textContent()).toMatch(
      /^The (calls list|call) could not be shown \(Invalid time value\)\. The rest of Robot Tray still works\./,
    );
    // The robots and their pane still answer.
    await page
      .getByRole('navigation', { name: 'Robots' })
      .getByRole('button', { name: /Invoice sync/ })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Invoice sync' }).waitFor();
    await page
      .getByRole('button', { name: /add (a )?robot/i })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Add a robot' }).waitFor();
  });
});
