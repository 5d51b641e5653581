/**
 * The window under load, in Chromium over the real core (openAppWindow, as
 * the window tests), with the longest task on the window's main thread in
 * each case (what would freeze typing or scrolling; Chromium reports tasks
 * over 50 ms):
 *
 * - detail: opening a call whose response is 20 MB, with a previous run of
 *   the same preset to compare: the time to the response's first rows and
 *   to the diff (at most 2 s, no task over 50 ms), by the page's own clock
 *   from the double click to the moment each is on screen. Baseline in the same page: reading that response as an
 *   object on the main thread (JSON.parse), the least that handing the
 *   window an object would cost it.
 * - live: a 100,000-call history (--history) on screen while 1,100 waiting
 *   calls (fired by the real core at the sandbox, in a process of its own as a
 *   service is) change 2,000 times a second (--rate, issue 23's load): each
 *   change one more poll of a call, sent through main's event hub as the
 *   core's changes are (--load fed, see callChangeFeed.ts). With --load core
 *   the core polls them itself with a 1 s cap (about 2,100 polls a second
 *   asked): on this machine it reached 430-830 a second, so that load measured
 *   the core's poll rate, not the window's. The changes main sent and the
 *   changes the window's listeners received (counted in the page) are
 *   reported beside the frames. Baseline in the same window: the same
 *   seconds with nothing changing.
 *
 * - batch: the batch dialog's progress panel while the real core runs a
 *   10,000-row batch (--rows) against the sandbox, started from the dialog:
 *   frames/s (at least 0.95× the baseline) and the longest task (none over
 *   50 ms) from Start to "finished", and the progress events the window
 *   received. Baseline in the same page: the same seconds after the run,
 *   nothing running (see window/batchPanel.ts).
 *
 *   npm run bench:window [-- --mb 20 --calls 1100 --seconds 5 --history 100000 --rate 2000 --load fed|core
 *     --rows 10000 --only detail|live|batch --short --out FILE --trace FILE]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppCore } from '../src/core/appCore.ts';
import type { Call } from '../src/shared/models/call.ts';
import { storeArchive, storeFinishedCall } from '../test/support/storedCalls.ts';
import { openAppWindow, requireBuiltRenderer } from '../test/support/windowHarness.ts';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure, type Figure } from './support/figures.ts';
import type { SecondCount } from './support/requestCounts.ts';
import { startCountingSandboxProcess } from './support/sandboxProcess.ts';
import { countChangesInPage, feedCallChanges } from './support/callChangeFeed.ts';
import { watchMainThread, whenShown } from './support/pageWatch.ts';
import { summarizeCall } from '../src/shared/models/callSummary.ts';
import { nestedDocument } from './viewer/documents.ts';
import { batchPanel } from './window/batchPanel.ts';

const { values, out } = benchArgs(
  {
    mb: { type: 'string', default: '20' },
    calls: { type: 'string', default: '1100' },
    seconds: { type: 'string', default: '5' },
    history: { type: 'string', default: '100000' },
    only: { type: 'string', default: '' },
    load: { type: 'string', default: 'fed' },
    rate: { type: 'string', default: '2000' },
    trace: { type: 'string', default: '' },
    rows: { type: 'string', default: '10000' },
  },
  { mb: '0.2', calls: '5', seconds: '1', history: '200', rate: '50', rows: '300' },
);
const bounded = (text: string, low: number, high: number) =>
  Math.min(Math.max(Number(text) || low, low), high);
const MB = bounded(values.mb, 0.1, 100);
const WAITING = bounded(values.calls, 1, 5_000);
const SECONDS = bounded(values.seconds, 1, 60);
const HISTORY = bounded(values.history, 1, 100_000);
const RATE = bounded(values.rate, 1, 20_000);
const ROWS = bounded(values.rows, 50, 20_000);
/** fed: changes at RATE a second through main's event hub; core: the core's own polls of the sandbox. */
const FED = values.load !== 'core';
/** A Chrome trace of the window's measured seconds under load, to this file (the detail's to FILE-detail.json, the batch's to FILE-batch.json). */
const TRACE = values.trace;
// No sampling profiler: starting one held the page for seconds.
const TRACE_CATEGORIES = ['devtools.timeline', 'toplevel', 'v8', 'disabled-by-default-devtools.timeline'];
const figures: Figure[] = [];
// The core refuses tokens shorter than 16 characters, as the service's are.
const HELD_TOKEN = 'bench-held-calls-token';
const ms = (n: number) => Math.round(n);

async function detail(): Promise<void> {
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
      // Main's share (reading the detail out of the history), outside the window.
      const readAt = performance.now();
      app.core.callDetail('latest');
      const mainRead = performance.now() - readAt;
      // And comparing it with the previous run's (diffCalls): both read out of the history, then compared.
      const diffAt = performance.now();
      app.core.diffCalls('earlier', 'latest');
      const mainDiff = performance.now() - diffAt;
      const seen = await watchMainThread(page);
      const shown = await whenShown(page, {
        rows: '[data-testid="json-viewer"] [role="treeitem"]',
        diff: '[data-testid="diff-list-response"]',
      });
      const tracer = page.context().browser();
      if (TRACE !== '') {
        const file = `${TRACE.replace(/\.json$/, '')}-detail.json`;
        await tracer?.startTracing(page, { path: file, screenshots: false, categories: TRACE_CATEGORIES });
      }
      await row.dblclick();
      await page.getByTestId('json-viewer').getByRole('treeitem').first().waitFor();
      await page.getByTestId('diff-list-response').waitFor();
      if (TRACE !== '') await tracer?.stopTracing();
      const { rows: firstRows, diff: diffShown } = await shown();
      const { longest } = await seen();
      const lines = await page.getByTestId('diff-list-response').getByRole('listitem').count();

      const objectRead = await page.evaluate((text) => {
        const t = performance.now();
        JSON.parse(text);
        return performance.now() - t;
      }, after);

      console.log(
        `call detail, ${(after.length / 1024 / 1024).toFixed(1)} MB response, diff of ${lines} lines`,
      );
      console.log(`  main reads the detail out of the history  ${ms(mainRead)} ms`);
      console.log(`  main compares it with the previous run    ${ms(mainDiff)} ms`);
      console.log(
        `  first rows          ${ms(firstRows)} ms (by the page's clock; the test window's transport included)`,
      );
      console.log(`  diff shown          ${ms(diffShown)} ms`);
      console.log(`  longest task        ${longest === 0 ? 'none over 50 ms' : `${ms(longest)} ms`}`);
      console.log(`  baseline: the response read as an object on the main thread ${ms(objectRead)} ms`);
      const size = `${(after.length / 1024 / 1024).toFixed(1)} MB`;
      figures.push(
        figure({
          name: `window: opening a call with a ${size} response, first rows`,
          value: firstRows,
          unit: 'ms',
          baseline: { name: 'JSON.parse of it on the main thread', value: objectRead, unit: 'ms' },
          target: { on: 'value', op: '<=', limit: 500, source: 'issue 23' },
          found: `by the page's clock, from the response's start (main's read of the whole: ${ms(mainRead)} ms); the test window's transport included`,
        }),
        figure({
          name: `window: opening a call with a ${size} response, diff shown`,
          value: diffShown,
          unit: 'ms',
          target: { on: 'value', op: '<=', limit: 2_000, source: 'issue 35' },
          found: `${lines} lines of the responses, the arguments compared too, by main (diffCalls, ${ms(mainDiff)} ms of its time here: both read out of the history, only the part of the two texts that differs parsed) once the response's start came; the window receives the lines only`,
        }),
        figure({
          name: `window: opening a call with a ${size} response and its diff, longest main-thread task`,
          value: longest,
          unit: 'ms',
          target: { on: 'value', op: '<=', limit: 50, source: 'issue 35' },
          found: 'Chromium reports tasks over 50 ms; 0 is none',
        }),
      );
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function live(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-live-'));
  // The service in a process of its own, as a robot's service is: in this
  // process it took CPU from the core (about a third of 1,100 waiting calls'
  // polls never happened), and the window saw fewer changes than the load asks.
  const counts: SecondCount[] = [];
  const sandbox = await startCountingSandboxProcess(
    {
      robots: [
        { name: 'held', token: HELD_TOKEN, flow: [{ type: 'wait', ms: 600_000 }, { type: 'finish' }] },
      ],
    },
    (count) => counts.push(count),
    // Storing and loading a 100,000-call history takes most of two minutes on a busy two-core machine.
    600_000,
  );
  try {
    await storeArchive(dataDir, HISTORY);

    const app = await openAppWindow({ dataDir, viewport: { width: 1280, height: 860 }, eventStream: true });
    try {
      const { page } = app;
      // Loading a 100,000-call history page by page took over a minute at a load average of 14.
      page.setDefaultTimeout(240_000);
      await page
        .getByTestId('calls-count')
        .filter({ hasText: String(HISTORY) })
        .waitFor();
      const created = await app.core.createRobot({
        name: 'held',
        baseUrl: sandbox.baseUrl,
        // Fed, the calls wait without polls of their own: the feed is their polls.
        pollPolicy: FED
          ? { firstDelayMs: 600_000, factor: 1, maxDelayMs: 600_000 }
          : { firstDelayMs: 1_000, factor: 1, maxDelayMs: 1_000 },
      });
      await app.core.setToken(created.id, HELD_TOKEN);
      const robot = created;
      // Every waiting call is asked about once a second: the service's own query
      // limit (20 a second by default) would otherwise pace them, and the window
      // would see a trickle, not the load this measures.
      await app.core.updateSettings({
        queriesPerSecondPerOrigin: WAITING * 2,
        maxConcurrentQueries: 64,
      });
      const seen = await watchMainThread(page);

      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      const idle = await seen();

      for (let i = 0; i < WAITING; i += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, WAITING - i) }, () =>
            app.core.fire(robot.id, { method: 'POST', args: {} }),
          ),
        );
      }
      await page
        .getByTestId('calls-count')
        .filter({ hasText: String(HISTORY + WAITING) })
        .waitFor();
      const tracer = page.context().browser();
      if (TRACE !== '') {
        await tracer?.startTracing(page, { path: TRACE, screenshots: false, categories: TRACE_CATEGORIES });
      }
      const reached = await countChangesInPage(page);
      const feed = FED
        ? feedCallChanges(
            (event) => app.shell.hub.emit(event),
            app.core.listCalls({ robotId: robot.id }).map(summarizeCall),
            RATE,
          )
        : undefined;
      // Every call has been polled at least once: the changes run at their steady rate now.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await seen();
      await reached();
      let changes = 0;
      const stop = app.shell.hub.subscribe((event) => {
        if (event.type === 'calls.changed') changes += event.changes.length;
      });
      const cpu0 = process.cpuUsage();
      const from = Date.now() / 1000;
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      stop();
      const cpu = process.cpuUsage(cpu0);
      const loaded = await seen();
      if (TRACE !== '') await tracer?.stopTracing();
      const inPage = (await reached()) / SECONDS;
      feed?.stop();
      const rate = changes / SECONDS;
      // Whole seconds of the sandbox's count inside the measured ones: the polls the core made.
      const inside = counts.filter(
        (c) => c.second >= Math.ceil(from) && c.second < Math.floor(from + SECONDS),
      );
      const queries = inside.reduce((sum, c) => sum + c.queries, 0) / Math.max(1, inside.length);
      const busy = (cpu.user + cpu.system) / 1000 / (SECONDS * 1000);

      const how = FED
        ? `${WAITING} waiting calls, ${RATE} call changes/s asked through main's event hub`
        : `${WAITING} waiting calls polled every second`;
      console.log(`live list: ${HISTORY} calls in the history, ${how}`);
      console.log(`  call changes main sent           ${ms(rate)}/s`);
      console.log(`  call changes the window received ${ms(inPage)}/s`);
      console.log(`  status queries the service got   ${ms(queries)}/s`);
      console.log(`  this process (core, harness)     ${ms(busy * 100)} % of a core`);
      console.log(
        `  idle:    longest task ${ms(idle.longest)} ms, ${idle.longTasks} long tasks, ${ms(idle.frames / SECONDS)} frames/s`,
      );
      console.log(
        `  changes: longest task ${ms(loaded.longest)} ms, ${loaded.longTasks} long tasks, ${ms(loaded.frames / SECONDS)} frames/s`,
      );
      const where = FED
        ? `${HISTORY}-call history, ${RATE} call changes/s`
        : `${HISTORY}-call history, ${WAITING} calls polled every second`;
      figures.push(
        figure({
          name: `window: calls list frames/s, ${where}`,
          value: loaded.frames / SECONDS,
          unit: 'frames/s',
          baseline: { name: 'the same window idle', value: idle.frames / SECONDS, unit: 'frames/s' },
          target: { on: 'value', op: '>=', limit: 60, source: 'issue 23' },
          found: `${ms(inPage)} call changes/s reached the window (${ms(rate)}/s sent) for ${SECONDS} s over ${WAITING} waiting calls (${FED ? "fed through main's event hub" : `${ms(queries)} polls/s`}; the core and harness at ${ms(busy * 100)} % of a core)`,
        }),
        figure({
          name: `window: calls list long tasks, ${where}`,
          value: loaded.longTasks,
          unit: 'tasks',
          baseline: { name: 'the same window idle', value: idle.longTasks, unit: 'tasks' },
          target: { on: 'value', op: '<=', limit: 0, source: 'issue 23' },
          found: `longest ${ms(loaded.longest)} ms, over ${SECONDS} s, ${ms(inPage)} call changes/s received`,
        }),
      );
      await Promise.all(app.core.listCalls({ robotId: robot.id }).map((c) => app.core.stopCall(c.id)));
    } finally {
      await app.close();
    }
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

requireBuiltRenderer();
const chosen = (name: string) => values.only === '' || values.only === name;
if (chosen('detail')) await detail();
if (chosen('live')) await live();
if (chosen('batch')) {
  const trace =
    TRACE === ''
      ? {}
      : { trace: { file: `${TRACE.replace(/\.json$/, '')}-batch.json`, categories: TRACE_CATEGORIES } };
  figures.push(...(await batchPanel({ rows: ROWS, ...trace })));
}
await reportFigures(figures, out);
