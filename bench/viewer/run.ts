/**
 * The JSON viewer against react-json-view-lite and @uiw/react-json-view, in
 * Chromium, on the same generated documents in the same run: time from the
 * text in hand to the first rows on screen, and the longest main-thread task
 * (what would freeze typing or scrolling). Reported as ratios to the
 * libraries, and to the floor: JSON.parse alone of the same text in the
 * same page. Each page has a time limit, so a library that cannot cope is
 * reported as such instead of hanging the run.
 *
 * Issue 23's floor targets are judged on a nested document of --mb (20 MB)
 * and one of --small-mb (1 MB), both in the same run.
 *
 *   npm run bench:viewer [-- --mb 20 --small-mb 1 --items 1000000 --limit-ms 60000
 *                           --viewers ours,parse,lite,uiw --short --out FILE]
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, findChromium } from '../../test/support/chromium.ts';
import { serveDirectory } from '../../test/support/staticServer.ts';
import { benchArgs, reportFigures } from '../support/benchRun.ts';
import { figure, type Figure } from '../support/figures.ts';
import { arrayDocument, nestedDocument, type BenchDocument } from './documents.ts';

const { values, out, short } = benchArgs(
  {
    mb: { type: 'string', default: '20' },
    'small-mb': { type: 'string', default: '1' },
    viewers: { type: 'string', default: 'ours,parse,lite,uiw' },
    items: { type: 'string', default: '1000000' },
    'limit-ms': { type: 'string', default: '60000' },
  },
  { mb: '0.02', 'small-mb': '0.01', items: '500', 'limit-ms': '10000' },
);
const MB = Math.min(Number(values.mb), 100);
const SMALL_MB = Math.min(Number(values['small-mb']), MB);
const ITEMS = Math.min(Number(values.items), 2_000_000);
const LIMIT_MS = Math.min(Number(values['limit-ms']), 180_000);
// How long after the first rows long tasks are still counted.
const SETTLE_MS = short ? 200 : 1000;
const allViewers = ['ours', 'parse', 'lite', 'uiw'] as const;
type Viewer = (typeof allViewers)[number];
// Ours and the floor are always measured: every figure needs them.
const viewers = allViewers.filter(
  (v) => v === 'ours' || v === 'parse' || values.viewers.split(',').includes(v),
);
const libraries = { lite: 'react-json-view-lite', uiw: '@uiw/react-json-view' } as const;
type Result = { firstRowsMs: number | null; longestTaskMs: number; error?: string };

const outDir = path.resolve(import.meta.dirname, '../../out/bench-viewer');
await build({ configFile: path.join(import.meta.dirname, 'vite.config.ts') });
/** Each document with the size issue 23 names for it, if any (its floor target follows from that). */
const documents: Array<BenchDocument & { targetMb?: number }> = [
  { ...nestedDocument(MB * 1024 * 1024), targetMb: MB },
  ...(SMALL_MB < MB
    ? [{ ...nestedDocument(SMALL_MB * 1024 * 1024, 'nested-small.json'), targetMb: SMALL_MB }]
    : []),
  arrayDocument(ITEMS),
];
for (const doc of documents) await writeFile(path.join(outDir, doc.name), doc.text);

const found = await findChromium();
if ('missing' in found) throw new Error(found.missing);
const server = await serveDirectory(outDir);
const executablePath = found.path;

const launch = () =>
  chromium.launchServer({
    executablePath,
    args: [...chromiumArgs, '--disable-breakpad', '--disable-crash-reporter'],
    headless: true,
  });
// A short run's documents are too small to hang a page, and starting browsers would be most of its time.
const shared = short ? await launch() : undefined;

/**
 * Ends a browser with every process it started. Playwright's kill ends the
 * browser's own process only; a renderer stuck in a long task (a library
 * drawing 1,000,000 rows) outlived it, spinning a core through the next
 * measurements on this 2-core machine. The browser leads its process group.
 */
async function killBrowser(browserServer: BrowserServer): Promise<void> {
  const pid = browserServer.process().pid;
  try {
    if (pid !== undefined) process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  await browserServer.kill();
}

/**
 * One page in a browser of its own: a library that hangs its page (1,000,000
 * DOM rows) cannot be closed gently, so its browser is killed instead.
 */
async function measure(viewer: Viewer, doc: BenchDocument, open = false): Promise<Result> {
  const browserServer = shared ?? (await launch());
  const timedOut: Result = { firstRowsMs: null, longestTaskMs: 0, error: `no rows within ${LIMIT_MS} ms` };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Playwright's own timeouts wait on a page whose main thread is stuck: keep a clock of our own.
  const limit = new Promise<Result>((resolve) => (timer = setTimeout(() => resolve(timedOut), LIMIT_MS)));
  const run = async (): Promise<Result> => {
    const browser = await chromium.connect(browserServer.wsEndpoint());
    const page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
    await page.goto(
      `${server.url}/index.html?viewer=${viewer}&doc=${doc.name}&marker=${doc.marker}&settle=${SETTLE_MS}${open ? '&open=1' : ''}`,
    );
    const handle = await page.waitForFunction(
      () => (globalThis as { __benchResult?: unknown }).__benchResult,
      null,
      { timeout: 0, polling: 250 },
    );
    const result = (await handle.jsonValue()) as Result;
    await browser.close();
    return result;
  };
  try {
    return await Promise.race([
      run().catch((error: unknown) => ({ ...timedOut, error: String(error).split('\n')[0]!.slice(0, 160) })),
      limit,
    ]);
  } finally {
    clearTimeout(timer);
    if (browserServer !== shared) await killBrowser(browserServer);
  }
}

const fmt = (r: Result) =>
  r.firstRowsMs === null
    ? `— (${r.error})`
    : `${r.firstRowsMs} ms first rows, longest task ${r.longestTaskMs} ms`;
const taskText = (r: Result) =>
  r.longestTaskMs === 0 ? 'no task over 50 ms' : `a ${r.longestTaskMs} ms task`;

const figures: Figure[] = [];
try {
  for (const doc of documents) {
    const mb = (doc.text.length / 1024 / 1024).toFixed(1);
    const label = doc.name.startsWith('array') ? `array of ${ITEMS} strings, ${mb} MB` : `nested, ${mb} MB`;
    console.log(`\n${doc.name} (${mb} MB)`);
    const results = {} as Partial<Record<Viewer, Result>>;
    for (const viewer of viewers) {
      const result = await measure(viewer, doc);
      results[viewer] = result;
      console.log(`  ${viewer.padEnd(5)} ${fmt(result)}`);
    }
    const ours = results.ours!;
    const nested = !doc.name.startsWith('array');
    const mbTarget = doc.targetMb ?? 0;
    figures.push(
      figure({
        name: `viewer: first rows, ${label}`,
        value: ours.firstRowsMs,
        unit: 'ms',
        baseline: { name: 'JSON.parse alone in the page', value: results.parse!.firstRowsMs, unit: 'ms' },
        // Issue 23 sets floor targets for 20 MB and 1 MB documents; the array has none.
        target:
          nested && (mbTarget >= 20 || mbTarget <= 1)
            ? { on: 'ratio', op: '<=', limit: mbTarget >= 20 ? 0.5 : 1.1, source: 'issue 23' }
            : null,
        found: ours.firstRowsMs === null ? (ours.error ?? '') : taskText(ours),
      }),
      figure({
        name: `viewer: longest main-thread task, ${label}`,
        value: ours.longestTaskMs,
        unit: 'ms',
        target: { on: 'value', op: '<=', limit: 50, source: 'issue 23' },
        found: 'Chromium reports tasks over 50 ms; 0 is none',
      }),
    );
    const versus = (other: 'lite' | 'uiw', how: string, mine: Result, them: Result) =>
      figure({
        name: `viewer vs ${libraries[other]} (${how}): first rows, ${label}`,
        value: mine.firstRowsMs,
        unit: 'ms',
        baseline: { name: libraries[other], value: them.firstRowsMs, unit: 'ms' },
        found:
          them.firstRowsMs === null
            ? `${libraries[other]}: ${them.error ?? 'no rows'}`
            : `${libraries[other]}: ${taskText(them)}`,
      });
    const others = (['lite', 'uiw'] as const).filter((other) => results[other] !== undefined);
    for (const other of others) {
      figures.push(versus(other, 'collapsed below depth 1', ours, results[other]!));
    }
    // Fully expanded: every node of the nested document open in all three (the array is all open already).
    // Against the libraries on the large document only: at 1 MB the floor is what issue 23 asks about.
    if (nested && doc.targetMb === MB) {
      const oursOpen = await measure('ours', doc, true);
      console.log(`  ours, fully expanded: ${fmt(oursOpen)}`);
      for (const other of others) {
        const them = await measure(other, doc, true);
        console.log(`  ${other}, fully expanded: ${fmt(them)}`);
        figures.push(versus(other, 'fully expanded', oursOpen, them));
      }
    }
    if (ours.firstRowsMs === null) process.exitCode = 1;
  }
} finally {
  await server.close();
  if (shared !== undefined) await killBrowser(shared);
}
await reportFigures(figures, out);
