import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { RECENT_CALLS } from '../../src/main/tray/recentCalls.ts';
import { trayIcon, trayMenu } from '../../src/main/tray/trayMenu.ts';
import { summarizeCall } from '../../src/shared/models/callSummary.ts';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { trayMenuHtml } from '../support/trayMenuHtml.ts';

const resources = path.resolve(import.meta.dirname, '../../resources');

/**
 * The tray menu cannot be captured from the OS in a test, so its template
 * (built from a real core's robots, presets and calls, as the tray
 * controller builds it) is drawn as HTML in Chromium, with the tray icon the
 * app would show, in light and dark.
 */
describe('the tray menu, drawn from its template', () => {
  let h: CoreHarness | undefined;
  beforeAll(async () => {
    await mkdir(screenshotDir, { recursive: true });
  });
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  test.each(['light', 'dark'] as const)(
    '%s: robots with pinned presets, recent calls, the icon',
    async (scheme) => {
      h = await openCoreHarness();
      const core = h.core;
      const invoices = await h.addRobot({ name: 'Invoice sync', flow: [{ type: 'respond', echo: true }] });
      const payroll = await h.addRobot(
        { name: 'Payroll', flow: [{ type: 'fail', message: 'The payroll period is closed.' }] },
        { confirmBeforeFiring: true },
      );
      await core.createRobot({ name: 'Reports', baseUrl: 'https://reports.example.com' });
      const reports = (await core.listRobots()).find((r) => r.name === 'Reports')!;
      const nightly = await core.createPreset({
        robotId: invoices.id,
        name: 'Nightly run',
        pinnedToTray: true,
      });
      await core.createPreset({
        robotId: invoices.id,
        name: 'Rush order',
        pinnedToTray: true,
        args: { rush: true },
      });
      const monthly = await core.createPreset({ robotId: payroll.id, name: 'Month end', pinnedToTray: true });
      await core.createPreset({ robotId: reports.id, name: 'Weekly summary', pinnedToTray: true });
      const done = await core.fire(invoices.id, { presetId: nightly.id });
      await h.waitForCall(done.id, (c) => c.state === 'done');
      const failed = await core.fire(payroll.id, { presetId: monthly.id });
      await h.waitForCall(failed.id, (c) => c.finishedAt !== null);

      const state = {
        robots: await core.listRobots(),
        presets: await core.listPresets(),
        recentCalls: core.listCalls({ limit: RECENT_CALLS }).map(summarizeCall),
      };
      const items = trayMenu(state);
      const icon = trayIcon(state.recentCalls, core.watchingCount);
      expect(icon.icon).toBe('failed');
      const png = await readFile(path.join(resources, 'tray-failed@2x.png'));
      const html = trayMenuHtml(items, {
        scheme,
        iconDataUrl: `data:image/png;base64,${png.toString('base64')}`,
        open: new Set(['Invoice sync', 'Recent calls']),
      });

      const found = await findChromium();
      if ('missing' in found) throw new Error(found.missing);
      const browser = await chromium.launch({
        executablePath: found.path,
        args: chromiumArgs,
        headless: true,
      });
      try {
        const page = await browser.newPage({ viewport: { width: 760, height: 330 }, colorScheme: scheme });
        await page.setContent(html);
        const menu = page.getByRole('menu').first();
        const labels = await menu.locator(':scope > li').allTextContents();
        expect(labels.map((l) => l.replace('▸', '').trim())).toEqual([
          expect.stringMatching(/^Invoice sync/),
          'Payroll (asks first)',
          'Reports',
          '',
          expect.stringMatching(/^Recent calls/),
          '',
          'Open Robot Tray',
          'Quit Robot Tray',
        ]);
        await page.getByText('Weekly summary').waitFor({ state: 'detached' });
        await page.getByText('Invoice sync · Nightly run — Done').waitFor();
        await page.screenshot({ path: path.join(screenshotDir, `tray-menu-${scheme}.png`) });
      } finally {
        await browser.close();
      }
    },
  );
});
