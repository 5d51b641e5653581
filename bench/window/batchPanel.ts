/**
 * The window's batch case (bench/window.ts --only batch): the batch dialog
 * open on its progress panel while the real core runs a batch of `rows`
 * rows against the sandbox (in a process of its own, as a robot's service
 * is), started from the dialog as a user starts one. Measured in the page by
 * its own clock: frames drawn and the longest main-thread task from Start to
 * the panel saying "finished", and the batch progress events that reached the
 * window's listeners. Baseline in the same page: the same seconds after the
 * run, the finished batch on screen and nothing running.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pasteText } from '../../test/support/pasteText.ts';
import { openAppWindow } from '../../test/support/windowHarness.ts';
import { figure, type Figure } from '../support/figures.ts';
import { watchMainThread } from '../support/pageWatch.ts';
import { startSandboxProcess } from '../support/sandboxProcess.ts';

// The core refuses tokens shorter than 16 characters, as the service's are.
const TOKEN = 'bench-batch-panel-token';
/** As many rows at once as the dialog allows: the most work for main while the window draws. */
const AT_ONCE = 64;
const ms = (n: number) => Math.round(n);

/** Counts, in the page, the batch progress events that reached the window's listeners; read and reset by the returned function. */
async function countBatchEvents(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      __batchEvents: number;
      robotTray: { onEvent: (f: (e: { type: string }) => void) => void };
    };
    scope.__batchEvents = 0;
    scope.robotTray.onEvent((event) => {
      if (event.type === 'batch') scope.__batchEvents++;
    });
  });
  return () =>
    page.evaluate(() => {
      const scope = globalThis as unknown as { __batchEvents: number };
      const seen = scope.__batchEvents;
      scope.__batchEvents = 0;
      return seen;
    });
}

export async function batchPanel(options: {
  rows: number;
  /** A Chrome trace of the run's seconds to this file, when given. */
  trace?: { file: string; categories: string[] };
}): Promise<Figure[]> {
  const { rows } = options;
  const sandbox = await startSandboxProcess(
    { robots: [{ name: 'instant', token: TOKEN, flow: [{ type: 'respond', echo: true }] }] },
    // 10,000 rows took nine minutes at 19 rows/s on a busy two-core machine (bench:batch).
    1_800_000,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-batch-panel-'));
  try {
    const app = await openAppWindow({ dataDir, viewport: { width: 1280, height: 860 }, eventStream: true });
    try {
      const { page, core } = app;
      page.setDefaultTimeout(1_500_000);
      await core.updateSettings({
        historyLimit: rows + 100,
        maxConcurrentQueries: AT_ONCE,
        pollPolicy: { firstDelayMs: 100, maxDelayMs: 1_000 },
        // The window is measured: the rate that protects a service would only slow the run.
        queriesPerSecondPerOrigin: 100_000,
      });
      const robot = await core.createRobot({ name: 'Orders', baseUrl: sandbox.baseUrl });
      await core.setToken(robot.id, TOKEN);
      await core.createPreset({
        robotId: robot.id,
        name: 'Order',
        method: 'POST',
        args: { key: { $field: 'key' }, customer: 'C-1001', items: [1, 2, 3] },
        fields: [{ name: 'key', type: 'text', required: true }],
      });
      await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
      await page.getByRole('button', { name: 'Run Order for many rows' }).click();
      const dialog = page.getByRole('dialog', { name: 'Run Order for many rows' });
      const keys = Array.from({ length: rows }, (_, i) => `row-${i}`);
      // Pasted as a person does (see pasteText); "Start N rows" below says all N arrived.
      await pasteText(page, dialog.getByLabel(/^Rows: CSV/), `key\n${keys.join('\n')}\n`);
      await dialog.getByLabel('Rows at once').fill(String(AT_ONCE));
      await dialog.getByRole('button', { name: 'Check rows' }).click();
      await dialog.getByRole('region', { name: 'Preview' }).waitFor();

      const seen = await watchMainThread(page);
      const received = await countBatchEvents(page);
      let sent = 0;
      const stop = app.shell.hub.subscribe((event) => {
        if (event.type === 'batch') sent++;
      });
      const tracer = page.context().browser();
      if (options.trace !== undefined) {
        const { file, categories } = options.trace;
        await tracer?.startTracing(page, { path: file, screenshots: false, categories });
      }
      await seen();
      await received();
      const cpu0 = process.cpuUsage();
      await dialog.getByRole('button', { name: `Start ${rows} rows` }).click();
      await dialog.getByRole('region', { name: 'Progress' }).getByText('finished').waitFor();
      const run = await seen();
      const cpu = process.cpuUsage(cpu0);
      const events = await received();
      if (options.trace !== undefined) await tracer?.stopTracing();
      stop();
      const ended = await dialog.getByRole('region', { name: 'Progress' }).locator('strong').innerText();

      // The same seconds with the finished batch on screen and nothing running.
      await new Promise((resolve) => setTimeout(resolve, run.ms));
      const idle = await seen();

      const seconds = run.ms / 1000;
      const perSecond = (frames: number, inMs: number) => frames / (inMs / 1000);
      const busy = (cpu.user + cpu.system) / 1000 / run.ms;
      console.log(`batch dialog's progress panel, ${rows} rows, ${AT_ONCE} at once, against the sandbox`);
      console.log(`  the run             ${seconds.toFixed(1)} s (${ms(rows / seconds)} rows/s), ${ended}`);
      console.log(`  progress events     ${events} received by the window, ${sent} sent by main`);
      console.log(`  this process (core, harness) ${ms(busy * 100)} % of a core`);
      console.log(
        `  during the run: longest task ${ms(run.longest)} ms, ${run.longTasks} long tasks, ${ms(perSecond(run.frames, run.ms))} frames/s`,
      );
      console.log(
        `  baseline, idle: longest task ${ms(idle.longest)} ms, ${idle.longTasks} long tasks, ${ms(perSecond(idle.frames, idle.ms))} frames/s`,
      );
      const where = `${rows}-row batch, ${AT_ONCE} at once, against the sandbox`;
      const how = `${seconds.toFixed(1)} s of run (${ms(rows / seconds)} rows/s; the core and harness at ${ms(busy * 100)} % of a core)`;
      return [
        figure({
          name: `window: batch progress panel frames/s, ${where}`,
          value: perSecond(run.frames, run.ms),
          unit: 'frames/s',
          baseline: {
            name: 'the same page the same seconds, no batch running',
            value: perSecond(idle.frames, idle.ms),
            unit: 'frames/s',
          },
          target: { on: 'ratio', op: '>=', limit: 0.95, source: 'batch runs' },
          found: `${how}, ${events} progress events received`,
        }),
        figure({
          name: `window: batch progress panel longest main-thread task, ${where}`,
          value: run.longest,
          unit: 'ms',
          target: { on: 'value', op: '<=', limit: 50, source: 'batch runs' },
          found: `Chromium reports tasks over 50 ms; 0 is none. ${run.longTasks} long tasks in ${how}; idle: ${idle.longTasks}, longest ${ms(idle.longest)} ms`,
        }),
        figure({
          name: `window: batch progress events the window received, ${where}`,
          value: events,
          unit: 'events',
          found: `${sent} sent by main's event hub in ${how}; "${ended}" on the panel at the end`,
        }),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
