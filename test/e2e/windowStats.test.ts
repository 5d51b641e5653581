import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CallState } from '../../src/shared/models/call.ts';
import { seriousViolations } from '../support/axeCheck.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { dayOf } from '../../src/shared/timeFormats.ts';
import { ASK_EVERY_MS } from '../../src/renderer/src/features/stats/statsText.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { storeFinishedCalls, type StoredCall } from '../support/storedCalls.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

const HOUR = 3_600_000;

/** A week of runs of one robot: mostly done in 20–60 s, some failed, some expired. */
function week(robotId: string): StoredCall[] {
  const now = Date.now();
  return Array.from({ length: 60 }, (_, i) => {
    const state: CallState = i % 9 === 0 ? 'failed' : i % 13 === 0 ? 'expired' : 'done';
    const at = now - (i * 2.7 + 1) * HOUR;
    return {
      id: `run-${i.toString().padStart(2, '0')}`,
      robotId,
      robotName: 'Reports',
      presetName: null,
      webhookCallId: `wh-run-${i.toString()}`,
      response: { i },
      state,
      createdAt: at,
      acceptedAt: at,
      finishedAt: at + 20_000 + ((i * 7919) % 40_000),
    };
  });
}

describe('the robot pane shows how the robot ran in the last 7 days', () => {
  let app: AppWindow | undefined;
  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme}: outcomes and p50/p90, a point a run that names its call and opens it, a bar a day`, async () => {
      app = await openAppWindow({ colorScheme: scheme, viewport: { width: 1180, height: 900 } });
      app.page.setDefaultTimeout(12_000);
      const robot = await app.core.createRobot({ name: 'Reports', baseUrl: 'https://robots.example.com' });
      storeFinishedCalls(app.core.dataDir, week(robot.id));
      const { page } = app;
      await page.locator('.robot-item').filter({ hasText: 'Reports' }).click();
      const panel = page.getByTestId('run-stats');
      const stats = app.core.runStats({ robotId: robot.id, since: Date.now() - 7 * 24 * HOUR });
      await expect
        .poll(() => panel.getByTestId('run-stats-summary').textContent())
        .toMatch(
          new RegExp(
            `^60 calls · done \\d+% · failed 12% · expired \\d+% · run time p50 \\d+(\\.\\d)? s, p90 \\d+(\\.\\d)? s$`,
          ),
        );
      expect(stats.calls).toBe(60);
      expect(await panel.locator('circle.point').count()).toBe(stats.runTimes.runs);
      expect(await panel.locator('.outcome-bars rect').count()).toBeGreaterThanOrEqual(7);

      const point = panel.locator('circle.point[data-call-id="run-09"]');
      await point.hover();
      expect(await panel.getByTestId('run-chart-caption').textContent()).toMatch(
        /^Call run-09 · failed after \d+(\.\d)? s · click to open it$/,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await mkdir(screenshotDir, { recursive: true });
      await panel.screenshot({ path: path.join(screenshotDir, `run-stats-${scheme}.png`) });
      await point.click();
      await expect.poll(() => page.getByTestId('call-detail').textContent()).toContain('wh-run-9');
    });
  }

  test('a period and a preset are chosen; the chart names its scale, its band and its first day', async () => {
    app = await openAppWindow({ viewport: { width: 1180, height: 900 } });
    app.page.setDefaultTimeout(12_000);
    const robot = await app.core.createRobot({ name: 'Reports', baseUrl: 'https://robots.example.com' });
    const daily = await app.core.createPreset({ robotId: robot.id, name: 'Daily', args: {} });
    // Every third run of the week was the Daily preset's.
    const runs = week(robot.id).map((c, i) =>
      i % 3 === 0 ? { ...c, presetId: daily.id, presetName: 'Daily' } : c,
    );
    storeFinishedCalls(app.core.dataDir, runs);
    const { page } = app;
    await page.locator('.robot-item').filter({ hasText: 'Reports' }).click();
    const panel = page.getByTestId('run-stats');
    const summary = panel.getByTestId('run-stats-summary');
    await expect.poll(() => summary.textContent()).toMatch(/^60 calls · /);

    // The runs of the last 24 hours: those made 1, 3.7, … 22.6 hours ago.
    const inDay = runs.filter((c) => Date.now() - c.createdAt! < 24 * HOUR).length;
    await panel.getByRole('button', { name: '24 h' }).click();
    await expect.poll(() => panel.getByRole('heading').textContent()).toBe('Last 24 hours');
    await expect.poll(() => summary.textContent()).toMatch(new RegExp(`^${inDay.toString()} calls · `));
    expect(await panel.getByRole('button', { name: '24 h' }).getAttribute('aria-pressed')).toBe('true');
    expect(await panel.getByTestId('run-chart-start').textContent()).toBe(dayOf(Date.now() - 24 * HOUR));

    await panel.getByRole('button', { name: '30 days' }).click();
    await panel.getByTestId('run-stats-preset').selectOption({ label: 'Daily' });
    await expect.poll(() => summary.textContent()).toMatch(/^20 calls · /);
    const stats = app.core.runStats({
      robotId: robot.id,
      presetId: daily.id,
      since: Date.now() - 30 * 24 * HOUR,
    });
    expect(await panel.locator('circle.point').count()).toBe(stats.runTimes.runs);
    const labels = await panel.locator('text.axis').allTextContents();
    expect(labels).toEqual(
      expect.arrayContaining([expect.stringMatching(/^p90 \d/), expect.stringMatching(/p50 \d/), 'now']),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('calls fired and ended many a second (a batch) are counted, asked for at most every 2 s, never once per call', async () => {
    const sandbox = await startSandbox({ demoRobots: false, seed: 3 });
    try {
      const { token } = sandbox.addRobot({ name: 'quick', flow: [{ type: 'respond' }] });
      app = await openAppWindow({ viewport: { width: 1180, height: 900 } });
      app.page.setDefaultTimeout(12_000);
      const { page, core } = app;
      const robot = await core.createRobot({ name: 'Quick', baseUrl: sandbox.baseUrl });
      await core.setToken(robot.id, token);
      await page.locator('.robot-item').filter({ hasText: 'Quick' }).click();
      const summary = page.getByTestId('run-stats').getByText(/calls in the last 7 days|calls · /);
      await summary.waitFor();
      // Counts the window's asks for the statistics (main's handler calls the core's) from here on.
      let asks = 0;
      const runStats = core.runStats;
      core.runStats = (query) => (asks++, runStats(query));
      const started = Date.now();
      const fired = await Promise.all(
        Array.from({ length: 40 }, () => core.fire(robot.id, { method: 'POST', args: {} })),
      );
      await expect.poll(() => runStats({ robotId: robot.id, since: started - HOUR }).states.done).toBe(40);
      // The last change is taken up within one wait: the panel ends on every call.
      await expect
        .poll(() => page.getByTestId('run-stats-summary').textContent())
        .toMatch(/^40 calls · done 100%/);
      const waits = Math.ceil((Date.now() - started) / ASK_EVERY_MS);
      expect(fired).toHaveLength(40);
      expect(asks).toBeGreaterThanOrEqual(1);
      // Each of the 80 changes (40 fired, 40 ended) asked once before.
      expect(asks).toBeLessThanOrEqual(waits + 1);
    } finally {
      await sandbox.close();
    }
  });
});
