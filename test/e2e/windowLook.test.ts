import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/axeCheck.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

const screenshots = screenshotDir;

describe('the window: accessibility of every area and dialog, and its screenshots', () => {
  let win: AppWindow | undefined;

  beforeAll(async () => {
    requireBuiltRenderer();
    await mkdir(screenshots, { recursive: true });
  });
  afterEach(async () => {
    await win?.close();
    win = undefined;
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme}: no serious or critical axe violations anywhere; screenshots saved`, async () => {
      win = await openAppWindow({ colorScheme: scheme, viewport: { width: 1180, height: 760 } });
      const { page } = win;
      const problems: Record<string, string[]> = {};
      const check = async (area: string, shot?: string) => {
        if (process.env['DEBUG_LOOK']) console.log('checking', area);
        const found = await seriousViolations(page);
        if (found.length > 0) problems[area] = found;
        if (shot !== undefined)
          await page.screenshot({ path: path.join(screenshots, `${shot}-${scheme}.png`) });
      };
      const closeDialog = async () => {
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      };

      await page.getByRole('heading', { name: 'Welcome to Robot Tray' }).waitFor();
      await check('first run', 'first-run');
      await page.getByRole('button', { name: 'Try the demo' }).click();
      await page.getByRole('heading', { level: 2, name: 'echo (demo)' }).waitFor();
      await page.getByRole('button', { name: 'Fire Try it', exact: true }).click();
      await page
        .getByRole('navigation', { name: 'Robots' })
        .getByRole('button', { name: /echo \(demo\)/ })
        .filter({ hasText: 'Done' })
        .waitFor({ timeout: 15_000 });
      await check('robot with presets and calls', 'window');

      await page.getByRole('button', { name: 'Replace token…' }).click();
      await page.locator('#token-input').waitFor();
      await check('token form');
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Edit robot' }).click();
      await page.getByText('Advanced').click();
      await check('edit robot dialog');
      await closeDialog();
      await page.getByRole('button', { name: '+ Add robot' }).click();
      await page.getByRole('dialog').getByLabel('Base URL').fill('http://robots.example.com');
      await check('add robot dialog with a refused URL', 'add-robot');
      await closeDialog();
      await page.getByRole('button', { name: 'Remove…' }).click();
      await check('remove robot dialog');
      await closeDialog();

      await page.getByRole('button', { name: 'Edit Try it' }).click();
      await check('preset dialog, table');
      await page.getByRole('dialog').getByRole('button', { name: 'JSON' }).click();
      await page.getByRole('textbox', { name: 'Arguments as JSON' }).waitFor();
      await check('preset dialog, JSON', 'preset-editor');
      await closeDialog();
      await page.getByRole('button', { name: 'Fire Try it with changes' }).click();
      await check('fire with changes dialog');
      await closeDialog();
      await page.getByRole('button', { name: 'Delete Try it' }).click();
      await check('delete preset dialog');
      await closeDialog();

      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
      await check('settings', 'settings');

      expect(problems).toEqual({});
    }, 120_000);
  }
});
