import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { arrayDocument, nestedDocument } from '../../bench/viewer/documents.ts';
import { AppCore } from '../../src/core/appCore.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { storeFinishedCall } from '../support/storedCalls.ts';

/**
 * The JSON viewer on the large and odd documents people receive, in Chromium
 * over a real core. Each response is written into the call history first
 * (as windowViewer.test.ts does): a 20 MB body through the sandbox and the
 * poller adds time and tests nothing about the viewer.
 */
describe('the JSON viewer on large and odd responses in the window', () => {
  let app: AppWindow | undefined;
  const dirs: string[] = [];

  beforeAll(() => {
    requireBuiltRenderer();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  /** A window whose history holds one finished call answered with `response`, opened on it. */
  async function openOn(
    name: string,
    response: Call['response'],
    responseText?: string,
  ): Promise<{ page: Page; viewer: Locator }> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-large-'));
    dirs.push(dataDir);
    const core = await AppCore.open({ dataDir });
    const robot = await core.createRobot({ name: 'Reports', baseUrl: 'https://robots.example.com' });
    await core.close();
    storeFinishedCall(dataDir, {
      id: 'call-large',
      robotId: robot.id,
      robotName: 'Reports',
      presetName: name,
      webhookCallId: 'wh-large',
      response,
      ...(responseText === undefined ? {} : { responseText }),
    });
    app = await openAppWindow({ dataDir, viewport: { width: 1280, height: 860 } });
    const { page } = app;
    // The test bridge carries a 20 MB answer through Playwright and a worker: seconds on a busy machine.
    page.setDefaultTimeout(30_000);
    await page.locator('.call-row[data-call-id="call-large"]').dblclick();
    const viewer = page.getByTestId('json-viewer');
    await viewer.getByRole('treeitem').first().waitFor();
    return { page, viewer };
  }

  const selectedPath = (viewer: Locator) => viewer.getByTestId('json-selected-path').textContent();

  test('a 20 MB nested document: first rows, expand to a depth, and a search reveals a key deep inside', async () => {
    const doc = nestedDocument(20_000_000);
    const deep = `{"level1":{"level2":{"level3":{"deepNeedle":"found me"}}}}`;
    const text = `${doc.text.slice(0, -2)},${deep}]}`;
    const response = JSON.parse(text) as { benchMeta: { count: number } };
    const last = response.benchMeta.count;
    const { viewer } = await openOn('Nested 20 MB', response as Call['response']);

    await viewer.getByRole('treeitem', { name: /^benchMeta: \{…\}/ }).waitFor();
    await viewer
      .getByRole('treeitem', { name: `records: […] array · ${(last + 1).toLocaleString('en-US')} items` })
      .waitFor();
    await viewer.getByRole('treeitem', { name: /^0: \{…\} object · 8 keys/ }).waitFor();
    const street = viewer.getByRole('treeitem', { name: /^street: "0 Long Road"/ });
    expect(await street.count()).toBe(0);

    await viewer.getByRole('combobox', { name: 'Expand to depth' }).selectOption('4');
    await street.waitFor();
    expect(await street.getAttribute('aria-level')).toBe('5');
    await viewer.getByRole('treeitem', { name: /^name: "customer 0"/ }).waitFor();
    expect(await viewer.getByRole('treeitem').count()).toBeLessThan(80);

    await viewer.getByRole('searchbox', { name: 'Search keys and values' }).fill('deepNeedle');
    // Searching 20 MB takes seconds on a busy machine; expect.poll alone gives up after one.
    await expect
      .poll(() => viewer.getByTestId('json-match-count').textContent(), { timeout: 30_000 })
      .toBe('1 of 1');
    expect(await selectedPath(viewer)).toBe(`$.records[${last}].level1.level2.level3.deepNeedle`);
    const needle = viewer.getByRole('treeitem', { name: /^deepNeedle: "found me"/ });
    await needle.waitFor();
    expect(await needle.getAttribute('aria-selected')).toBe('true');
    expect(await needle.isVisible()).toBe(true);
  }, 60_000);

  test('a large response shows its first rows while the rest is indexed; a node opened meanwhile says it is reading, then shows the right rows', async () => {
    // "inner" starts past what the window reads itself (a 200,000-character string
    // is its first member), and several MB of records follow it.
    const inner = { first: `${'x'.repeat(200_000)}!`, second: [1, 2] };
    const records = nestedDocument(6_000_000).text;
    const text = `{"head":{"count":3},"big":{"inner":${JSON.stringify(inner)},"rest":${records}},"tail":true}`;
    const response = JSON.parse(text) as Call['response'];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-large-'));
    dirs.push(dataDir);
    const core = await AppCore.open({ dataDir });
    const robot = await core.createRobot({ name: 'Reports', baseUrl: 'https://robots.example.com' });
    await core.close();
    storeFinishedCall(dataDir, {
      id: 'call-large',
      robotId: robot.id,
      robotName: 'Reports',
      presetName: 'Growing',
      webhookCallId: 'wh-large',
      response,
    });
    app = await openAppWindow({ dataDir, viewport: { width: 1280, height: 860 } });
    const { page } = app;
    page.setDefaultTimeout(30_000);
    // Every state the tree is drawn in, as it is drawn (a MutationObserver runs
    // before the next task, so none is missed); "inner" is opened by hand the
    // first time it shows closed, in the same turn, before anything more is read.
    // (Page code as text: the tests' TypeScript knows no DOM.)
    await page.evaluate(`{
      const log = [];
      globalThis.__treeLog = log;
      new MutationObserver(() => {
        const tree = document.querySelector('[data-testid="json-viewer"] [role="tree"]');
        if (!tree) return;
        const rows = [...tree.querySelectorAll('[role="treeitem"]')];
        log.push(rows.map((r) =>
          r.getAttribute('aria-level') + (r.getAttribute('aria-busy') === 'true' ? ' busy' : '') + ' ' +
          (r.textContent ?? '').slice(0, 40)));
        const closed = rows.find((r) => r.textContent.startsWith('▸inner') && r.getAttribute('aria-expanded') === 'false');
        if (closed && !log.some((state) => state.includes('clicked'))) {
          log.push(['clicked']);
          closed.querySelector('.json-toggle').click();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }`);
    await page.locator('.call-row[data-call-id="call-large"]').dblclick();
    const viewer = page.getByTestId('json-viewer');
    await viewer.getByRole('treeitem', { name: /^first: "xxx/ }).waitFor();
    await viewer.getByRole('treeitem', { name: /^tail: true/ }).waitFor();
    expect(await viewer.locator('[aria-busy="true"]').count()).toBe(0);
    const log = await page.evaluate(() => (globalThis as unknown as { __treeLog: string[][] }).__treeLog);
    // The first rows, drawn while the rest was still being read: "big" open and
    // ending in a reading row, "inner" known but not what is inside it.
    const firstDrawn = log.findIndex((state) => state.some((row) => row.includes('head')));
    expect(log[firstDrawn]).toEqual([
      '1 ▾{…} object · reading…',
      '2 ▾head: {…} object · 1 key',
      '3 count: 3 number',
      '2 ▾big: {…} object · reading…',
      '3 ▸inner: {…} object · reading…',
      '3 busy reading the rest…',
    ]);
    // Opened meanwhile: a reading row under it, never a guessed one.
    const opened = log.findIndex((state) => state.some((row) => row.startsWith('3 ▾inner')));
    expect(opened).toBeGreaterThan(firstDrawn);
    expect(log[opened]!.slice(4)).toEqual(['3 ▾inner: {…} object · reading…', '4 busy reading the rest…']);
    // Then the whole: the right rows under it, in the order written, and nothing waiting.
    const whole = log.findIndex((state) => state.some((row) => row.startsWith('4 first: "xxx')));
    expect(whole).toBeGreaterThan(opened);
    expect(log[whole]).toEqual([
      '1 ▾{…} object · 3 keys',
      '2 ▾head: {…} object · 1 key',
      '3 count: 3 number',
      '2 ▾big: {…} object · 2 keys',
      '3 ▾inner: {…} object · 2 keys',
      `4 first: "${'x'.repeat(32)}`,
      '4 ▸second: […] array · 2 items',
      '3 ▸rest: {…} object · 2 keys',
      '2 tail: true boolean',
    ]);
  }, 60_000);

  test('an array of 1,000,000 items shows its first rows and count, and End shows the last index', async () => {
    const count = 1_000_000;
    const doc = arrayDocument(count);
    const { viewer } = await openOn('A million', JSON.parse(doc.text) as Call['response']);

    await viewer.getByRole('treeitem', { name: '[…] array · 1,000,000 items' }).waitFor();
    await viewer.getByRole('treeitem', { name: /^0: "benchItem-0"/ }).waitFor();
    await viewer
      .getByRole('treeitem', { name: `1: "benchItem-${(7919).toString(36)}"`, exact: false })
      .waitFor();
    expect(await viewer.getByRole('treeitem').count()).toBeLessThan(80);

    const lastValue = `benchItem-${((count - 1) * 7919).toString(36)}`;
    const lastRow = viewer.getByRole('treeitem', { name: new RegExp(`^${count - 1}: "${lastValue}"`) });
    expect(await lastRow.count()).toBe(0);
    await viewer.getByRole('tree', { name: 'Response' }).focus();
    await viewer.getByRole('tree', { name: 'Response' }).press('End');
    await lastRow.waitFor();
    expect(await lastRow.isVisible()).toBe(true);
    expect(await lastRow.getAttribute('aria-selected')).toBe('true');
    expect(await selectedPath(viewer)).toBe(`$[${count - 1}]`);
    expect(await viewer.getByRole('treeitem', { name: /^0: "benchItem-0"/ }).count()).toBe(0);
  }, 60_000);

  test('a single 5 MB string is shown cut with its length, and Show all reveals the whole of it', async () => {
    const length = 5_000_000;
    const head = 'Start of the report. ';
    const tail = ' End of the report.';
    const body = head + 'abcdefghij'.repeat((length - head.length - tail.length) / 10) + tail;
    expect(body.length).toBe(length);
    const { viewer } = await openOn('Long text', body);

    const root = viewer.getByRole('treeitem').first();
    await expect.poll(() => root.textContent()).toContain('5,000,000 chars · cut, select it to show all');
    const shown = (await root.locator('.json-value').textContent()) ?? '';
    expect(shown.startsWith(`"${head}abcdefghij`)).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThan(300);
    expect(shown).not.toContain(tail.trim());

    await root.click();
    await viewer.getByRole('button', { name: 'Show all' }).click();
    const whole = viewer.getByLabel('The whole string at $');
    await whole.waitFor();
    expect(await whole.evaluate((el) => el.textContent?.length)).toBe(length);
    expect(await whole.evaluate((el, end) => el.textContent?.endsWith(end), tail)).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Show all' }).count()).toBe(0);
  }, 60_000);

  test('keys like a.b, 0 and unicode, and unicode values, show as received', async () => {
    const response = {
      'a.b': 'dotted key',
      '0': 'zero key',
      ключ: 'значение',
      '🔑 ünïcødé': '✓ 日本語 emoji 🎉',
      'tab\there': 'x',
      plain: { '': 'empty key' },
    };
    const { viewer } = await openOn('Odd keys', response);

    const item = (label: string) => viewer.getByRole('treeitem', { name: label, exact: false });
    await item('a.b: "dotted key"').waitFor();
    await item('0: "zero key"').waitFor();
    await item('ключ: "значение"').waitFor();
    await item('🔑 ünïcødé: "✓ 日本語 emoji 🎉"').waitFor();
    await item(': "empty key"').waitFor();
    const tree = (await viewer.getByRole('tree', { name: 'Response' }).textContent()) ?? '';
    expect(tree).toContain('tab\\there');

    await item('a.b: "dotted key"').click();
    expect(await selectedPath(viewer)).toBe(`$['a.b']`);
    await item('0: "zero key"').click();
    expect(await selectedPath(viewer)).toBe(`$['0']`);
    await item('ключ: "значение"').click();
    expect(await selectedPath(viewer)).toBe(`$['ключ']`);
  }, 30_000);

  test('numbers beyond 2^53 and long decimals show exactly as the robot sent them', async () => {
    const text = '{"orderId":12345678901234567890,"rate":0.1000000000000000055511151231257827}';
    const { viewer } = await openOn('Exact', JSON.parse(text) as Call['response'], text);
    await viewer.getByRole('treeitem').filter({ hasText: 'orderId' }).waitFor();
    expect(await viewer.getByRole('treeitem').filter({ hasText: 'orderId' }).textContent()).toContain(
      '12345678901234567890',
    );
    expect(await viewer.getByRole('treeitem').filter({ hasText: 'rate' }).textContent()).toContain(
      '0.1000000000000000055511151231257827',
    );
  });

  test('the diff of two runs compares numbers beyond 2^53 digit for digit and shows them as sent, compared in main', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-large-'));
    dirs.push(dataDir);
    const core = await AppCore.open({ dataDir });
    const robot = await core.createRobot({ name: 'Orders', baseUrl: 'https://robots.example.com' });
    await core.close();
    const run = (id: string, createdAt: number, text: string) =>
      storeFinishedCall(dataDir, {
        id,
        robotId: robot.id,
        robotName: 'Orders',
        presetId: 'preset-orders',
        presetName: 'Latest order',
        webhookCallId: `wh-${id}`,
        createdAt,
        response: JSON.parse(text) as Call['response'],
        responseText: text,
      });
    // Both ids round to the same double (12345678901234567000): only the digits tell them apart.
    run('first', Date.UTC(2026, 0, 1), '{"orderId":12345678901234567890,"batch":9007199254740993}');
    run('second', Date.UTC(2026, 0, 2), '{"orderId":12345678901234567891,"batch":9007199254740993}');
    app = await openAppWindow({ dataDir, viewport: { width: 1280, height: 860 } });
    await app.page.locator('.call-row[data-call-id="second"]').dblclick();

    const list = app.page.getByTestId('diff-list-response');
    await list.waitFor();
    const lines = list.getByRole('listitem');
    expect(await lines.count()).toBe(1);
    expect(await lines.first().getAttribute('data-kind')).toBe('changed');
    expect(await lines.first().textContent()).toBe(
      'changed $.orderId 12345678901234567890 → 12345678901234567891',
    );
    // Main compared them: the page was handed the lines, never the earlier run's response.
    const earlier = JSON.stringify('{"orderId":12345678901234567890,"batch":9007199254740993}');
    expect(app.sentToPage.filter((sent) => sent.includes(earlier.slice(1, -1)))).toEqual([]);
  });
});
