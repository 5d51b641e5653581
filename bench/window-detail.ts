/**
 * Opening a call whose response is 20 MB, in the window over the real core
 * (openAppWindow, as the window tests): the time to the response's first
 * rows and to the diff against the previous run of the same preset, and the
 * longest task on the window's main thread meanwhile (what would freeze
 * typing or scrolling; Chromium reports tasks over 50 ms).
 *
 * Baseline, in the same run and page: reading the same response as an
 * object on the main thread (JSON.parse), the least that handing the window
 * the response as an object costs it. Reported as a ratio.
 *
 *   npm run bench:window [-- --mb 20]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppCore } from '../src/core/appCore.ts';
import type { Call } from '../src/shared/models/call.ts';
import { storeFinishedCall } from '../test/support/storedCalls.ts';
import { openAppWindow, requireBuiltRenderer } from '../test/support/windowHarness.ts';
import { nestedDocument } from './viewer/documents.ts';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '20' } } });
const MB = Math.min(Math.max(Number(values.mb) || 20, 1), 100);

requireBuiltRenderer();
const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-detail-'));
try {
  const core = await AppCore.open({ dataDir });
  const robot = await core.createRobot({ name: 'Reports', baseUrl: 'https://robots.example.com' });
  await core.close();
  const before = nestedDocument(MB * 1024 * 1024).text;
  const after = before.replace('"customer 7"', '"customer seven"').replace('"gift wrap"', '"no wrap"');
  const run = (id: string, day: number, text: string) =>
    storeFinishedCall(dataDir, {
      id,
      robotId: robot.id,
      robotName: 'Reports',
      presetId: 'preset-report',
      presetName: 'Monthly report',
      webhookCallId: `wh-${id}`,
      createdAt: Date.UTC(2026, 0, day),
      response: JSON.parse(text) as Call['response'],
    });
  run('earlier', 1, before);
  run('latest', 2, after);

  const app = await openAppWindow({ dataDir, viewport: { width: 1280, height: 860 } });
  try {
    const { page } = app;
    page.setDefaultTimeout(120_000);
    const row = page.locator('.call-row[data-call-id="latest"]');
    await row.waitFor();
    await page.evaluate(() => {
      const scope = globalThis as unknown as { __longest: number };
      scope.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) scope.__longest = Math.max(scope.__longest, entry.duration);
        // Node's types know no 'longtask' entries; Chromium reports them.
      }).observe({ type: 'longtask' } as unknown as { type: 'mark' });
    });
    const now = () => page.evaluate(() => performance.now());
    const start = await now();
    await row.dblclick();
    await page.getByTestId('json-viewer').getByRole('treeitem').first().waitFor();
    const firstRows = (await now()) - start;
    await page.getByTestId('diff-list').waitFor();
    const diffShown = (await now()) - start;
    const longest = await page.evaluate(() => (globalThis as unknown as { __longest: number }).__longest);
    const lines = await page.getByTestId('diff-list').getByRole('listitem').count();

    const objectRead = await page.evaluate((text) => {
      const t = performance.now();
      JSON.parse(text);
      return performance.now() - t;
    }, after);

    const ms = (n: number) => Math.round(n);
    console.log(
      `call detail, ${(after.length / 1024 / 1024).toFixed(1)} MB response, diff of ${lines} lines`,
    );
    console.log(`  first rows          ${ms(firstRows)} ms`);
    console.log(`  diff shown          ${ms(diffShown)} ms`);
    console.log(`  longest task        ${longest === 0 ? 'none over 50 ms' : `${ms(longest)} ms`}`);
    console.log(`  baseline: the response read as an object on the main thread ${ms(objectRead)} ms`);
    console.log(
      `RESULT bench=window-detail mb=${MB} first_rows_ms=${ms(firstRows)} diff_ms=${ms(diffShown)} ` +
        `longest_task_ms=${ms(longest)} object_read_ms=${ms(objectRead)} ` +
        `object_read_to_longest_task=${(objectRead / Math.max(50, longest)).toFixed(1)}x`,
    );
  } finally {
    await app.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
