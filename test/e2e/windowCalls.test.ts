import { AxeBuilder } from '@axe-core/playwright';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type RobotDefinition, type Sandbox } from '../../src/sandbox/index.ts';
import { storeArchive } from '../support/storedCalls.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { echoWindows } from '../support/echoWindow.ts';

const screenshots = screenshotDir;
const HOSTILE_KEY = '<img src=x onerror=alert(1)>';

/**
 * The calls list, call detail and JSON viewer in Chromium over a real core,
 * a real sandbox and the test keychain. Every wait is on what the page shows.
 */
describe('calls in the window', () => {
  let app: AppWindow | undefined;
  let sandbox: Sandbox | undefined;
  const tokens: string[] = [];

  beforeAll(async () => {
    requireBuiltRenderer();
    await mkdir(screenshots, { recursive: true });
  });
  afterEach(async () => {
    for (const id of tokens.splice(0)) await app?.core.clearToken(id).catch(() => undefined);
    await app?.close();
    await sandbox?.close();
    app = sandbox = undefined;
  });

  async function open(
    definition: RobotDefinition,
    colorScheme: 'light' | 'dark' = 'light',
    dataDir?: string,
  ) {
    sandbox = await startSandbox({ demoRobots: false, seed: 3 });
    app = await openAppWindow({
      colorScheme,
      viewport: { width: 1280, height: 860 },
      ...(dataDir === undefined ? {} : { dataDir }),
    });
    app.page.setDefaultTimeout(12_000);
    const { robot, token } = await addSandboxRobot(app.core, sandbox, definition);
    tokens.push(robot.id);
    const preset = await app.core.createPreset({
      robotId: robot.id,
      name: 'Nightly report',
      method: 'POST',
      args: { customer: 'C-17', 'a.b': 1, '0': 'zero', [HOSTILE_KEY]: '<b>bold?</b>', note: 'ünïcødé ✓' },
    });
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    return { app, robot, preset, token };
  }

  const row = (page: Page, callId: string) => page.locator(`.call-row[data-call-id="${callId}"]`);
  const clipboard = (page: Page) =>
    page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );

  test('a fired call turns from Waiting to Done in the list, and its detail shows request, timeline and response', async () => {
    const { app, robot, preset, token } = await open({
      name: 'Echo',
      flow: [
        { type: 'wait', ms: 1200 },
        { type: 'respond', echo: true, constants: { big: 1, nested: { deep: [1, 2, 3] } } },
      ],
    });
    const { page } = app;
    const dialogs: string[] = [];
    page.on('dialog', (d) => void dialogs.push(d.message()));

    // Fired as the tray or CLI would: the window hears of it by events only.
    const fired = await app.core.fire(robot.id, { presetId: preset.id });
    await row(page, fired.id).and(page.locator('[data-state="waiting"]')).waitFor();
    expect(await row(page, fired.id).textContent()).toMatch(
      /Nightly report · Echo.*POST.*Waiting.*\d+ polls?/,
    );
    await row(page, fired.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });

    // Keyboard: focus the list, select with an arrow, open with Enter.
    await page.getByRole('listbox', { name: 'Calls, newest first' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('call-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('call-outcome').textContent()).toBe('Done.');
    expect(await detail.getByTestId('webhook-call-id').textContent()).toBe(fired.webhookCallId);
    expect(await detail.getByTestId('request-url').textContent()).toBe(fired.url);
    expect(fired.url).toContain(sandbox!.baseUrl);
    // The response comes first; the request and the timeline open with a click each.
    await detail.locator('summary').filter({ hasText: 'Request' }).click();
    await detail.locator('summary').filter({ hasText: 'Timeline' }).click();
    const request = detail.getByRole('region', { name: 'Request as sent' });
    expect(await request.textContent()).toContain('x-service-token••••••••');
    expect(await page.content()).not.toContain(token);
    expect(app.sentToPage.join('\n')).not.toContain(token);
    const timeline = await detail.getByRole('region', { name: 'Timeline' }).textContent();
    expect(timeline).toMatch(/Sending.*Waiting.*Done/);

    // The response in the viewer: odd keys as text, search, jump, copy the path.
    const viewer = detail.getByTestId('json-viewer');
    await viewer.getByRole('treeitem').first().waitFor();
    const tree = viewer.getByRole('tree', { name: 'Response' });
    expect(await tree.textContent()).toContain(HOSTILE_KEY);
    expect(await viewer.locator('img, b, script').count()).toBe(0);
    await viewer.getByRole('searchbox', { name: 'Search keys and values' }).fill('deep');
    await expect.poll(() => viewer.getByTestId('json-match-count').textContent()).toBe('1 of 1');
    expect(await viewer.getByTestId('json-selected-path').textContent()).toBe('$.nested.deep');
    await viewer.getByRole('button', { name: 'Copy JS path' }).click();
    await expect.poll(() => clipboard(page)).toBe('data.nested.deep');
    await viewer.getByRole('searchbox', { name: 'Search keys and values' }).fill('a.b');
    await expect.poll(() => viewer.getByTestId('json-selected-path').textContent()).toBe("$['a.b']");
    await viewer.getByRole('button', { name: 'Copy JSONPath' }).click();
    await expect.poll(() => clipboard(page)).toBe("$['a.b']");
    expect(dialogs).toEqual([]);

    const axe = await new AxeBuilder({ page }).include('.calls-pane').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'call-detail-light.png') });
  });

  test('a waiting call whose polls fail says so in its row and detail: what the last poll met, how many in a row, the next try', async () => {
    const { app, robot, preset } = await open({
      name: 'Gone',
      flow: [{ type: 'wait', ms: 60_000 }],
      faults: { query: { serverError: { rate: 1, status: 503 } } },
    });
    const { page } = app;
    const fired = await app.core.fire(robot.id, { presetId: preset.id });
    const trouble = row(page, fired.id).locator('.poll-trouble');
    await trouble
      .filter({ hasText: /last poll failed: HTTP 503 \(\d+ in a row\); next try in \d+ s/ })
      .waitFor({
        timeout: 15_000,
      });
    expect(await row(page, fired.id).getAttribute('data-state')).toBe('waiting');
    await row(page, fired.id).dblclick();
    const detail = page.getByTestId('call-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('call-outcome').textContent()).toMatch(
      /^Running, but Robot Tray cannot check on it: the last \d+ polls failed\. The service had an error \(HTTP 503\)/,
    );
    const timeline = detail.getByRole('region', { name: 'Timeline' });
    expect(await timeline.locator('.poll-trouble').textContent()).toMatch(
      /^Last poll failed: HTTP 503 \(\d+ in a row\); next try in \d+ s, at \d\d?:\d\d:\d\d( [AP]M)?\. The service had an error/,
    );
  });

  test("the call detail takes the robot pane's place: Tab reaches only controls in view, Escape returns to the row, the robots list stays live", async () => {
    const { app, robot, preset } = await open({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const { page } = app;
    const fired = await app.core.fire(robot.id, { presetId: preset.id });
    await row(page, fired.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    const list = page.getByRole('listbox', { name: 'Calls, newest first' });
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('call-detail');
    await detail.getByRole('treeitem').first().waitFor();
    expect(
      await page.evaluate<boolean>(`document.activeElement?.closest('[data-testid="call-detail"]') !== null`),
    ).toBe(true);
    // The robot's own controls are out of reach while the detail is shown, not lying under it.
    expect(await page.getByRole('button', { name: 'Remove…' }).count()).toBe(0);

    // Every control Tab lands on is the one drawn at its place: nothing covers it.
    const covered: string[] = [];
    for (let i = 0; i < 45; i++) {
      await page.keyboard.press('Tab');
      // Run in the page (a string, since this file is typed for Node, not the DOM).
      const hit = await page.evaluate<string | null>(`(() => {
        const el = document.activeElement;
        if (el === null || el === document.body) return null;
        el.scrollIntoView({ block: 'nearest' });
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 8));
        const shown = top !== null && (el.contains(top) || top.contains(el));
        return shown ? null : el.tagName + ' ' + (el.getAttribute('aria-label') ?? el.textContent.slice(0, 30));
      })()`);
      if (hit !== null) covered.push(hit);
    }
    expect(covered).toEqual([]);

    // Escape closes it and puts focus back on the calls list, on the call's row.
    await detail.getByRole('button', { name: 'Close the call detail' }).focus();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(
      await page.evaluate<string | null>(`document.activeElement.getAttribute('aria-activedescendant')`),
    ).toBe(`call-row-${fired.id}`);
    await page.getByRole('button', { name: 'Remove…' }).waitFor();

    // Open again; a click on the robots list is heard and shows that robot.
    await page.keyboard.press('Enter');
    await detail.waitFor();
    await page.getByRole('navigation', { name: 'Robots' }).getByRole('button', { name: /Echo/ }).click();
    await detail.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: 'Echo' }).waitFor();
  });

  test('service text holding bidi overrides, escape and bell shows them as visible escapes: the outcome line and the viewer', async () => {
    const { app, robot } = await open({
      name: 'Odd text',
      flow: [{ type: 'respond', constants: { '\u202Eyek': 'val\u202Eue', plain: 'after' } }],
    });
    const { page } = app;
    const done = await app.core.fire(robot.id, { method: 'POST', args: {} });
    await row(page, done.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    await row(page, done.id).dblclick();
    const detail = page.getByTestId('call-detail');
    const tree = detail.getByRole('tree', { name: 'Response' });
    await tree.getByRole('treeitem').first().waitFor();
    const text = (await tree.textContent()) ?? '';
    expect(text).toContain('\\u202eyek');
    expect(text).toContain('"val\\u202eue"');
    expect(text).not.toContain('\u202E');

    const { robot: failing } = await addSandboxRobot(app.core, sandbox!, {
      name: 'Failing',
      flow: [{ type: 'fail', message: 'Disk \u202Elluf\u001b[2J\u0007 on host' }],
    });
    tokens.push(failing.id);
    const failed = await app.core.fire(failing.id, { method: 'POST', args: {} });
    await expect
      .poll(() => app.core.listCalls({}).find((c) => c.id === failed.id)?.finishedAt ?? null, {
        timeout: 15_000,
      })
      .not.toBeNull();
    await row(page, failed.id).dblclick();
    // The window hears of the end by events a moment after the core: wait on what it shows.
    await detail.getByTestId('call-outcome').filter({ hasText: 'on host' }).waitFor();
    const outcome = (await detail.getByTestId('call-outcome').textContent()) ?? '';
    expect(outcome).toContain('Disk \\u202elluf\\u001b[2J\\u0007 on host');
    for (const acting of ['\u202E', '\u001b', '\u0007']) expect(outcome).not.toContain(acting);
  });

  test.each(['light', 'dark'] as const)(
    'a waiting call shows its elapsed time, polls and countdown; a failed run says why (%s)',
    async (scheme) => {
      const { app, robot, preset } = await open(
        {
          name: 'Month end',
          flow: [
            { type: 'wait', ms: 60_000 },
            { type: 'respond', echo: true },
          ],
        },
        scheme,
      );
      const { page } = app;
      const waiting = await app.core.fire(robot.id, { presetId: preset.id });
      await row(page, waiting.id)
        .filter({ hasText: /\d+ s · [1-9]\d* polls? · next in \d+ s/ })
        .waitFor({ timeout: 15_000 });
      await row(page, waiting.id).dblclick();
      const detail = page.getByTestId('call-detail');
      await detail
        .getByRole('region', { name: 'Timeline' })
        .getByText(/\d+ polls?, last at .*; next at .* \(in \d+ s\)/)
        .waitFor();
      await page.screenshot({ path: path.join(screenshots, `call-waiting-${scheme}.png`) });
      // Check now asks the service at once, and says when the next automatic check is.
      const polls = app.core.getCall(waiting.id).pollCount;
      await detail.getByRole('button', { name: 'Check now' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Checked: still running; the next automatic check is in \d+ s\.$/ })
        .waitFor();
      expect(app.core.getCall(waiting.id).pollCount).toBeGreaterThan(polls);

      const { robot: failing } = await addSandboxRobot(app.core, sandbox!, {
        name: 'Payroll',
        flow: [
          { type: 'fail', message: 'The payroll period 2026-11 is closed; open it in the ledger first.' },
        ],
      });
      tokens.push(failing.id);
      const failed = await app.core.fire(failing.id, { method: 'POST', args: { period: '2026-11' } });
      await row(page, failed.id)
        .and(page.locator('[data-state]:not([data-state="waiting"]):not([data-state="sending"])'))
        .waitFor({ timeout: 15_000 });
      await row(page, failed.id).dblclick();
      await detail
        .getByTestId('call-outcome')
        .filter({ hasText: 'The payroll period 2026-11 is closed' })
        .waitFor();
      await detail.getByTestId('json-viewer').getByRole('treeitem').first().waitFor();
      await page.screenshot({ path: path.join(screenshots, `failed-run-${scheme}.png`) });
      await app.core.stopCall(waiting.id);
    },
  );

  test('stop and resume, fire again, the diff of two runs, forget and clear finished', async () => {
    const { app, robot, preset } = await open({
      name: 'Slow echo',
      flow: [
        { type: 'wait', ms: 1500 },
        { type: 'respond', echo: true },
      ],
    });
    const { page } = app;
    const first = await app.core.fire(robot.id, { presetId: preset.id });
    await row(page, first.id).click();
    await row(page, first.id).dblclick();
    const detail = page.getByTestId('call-detail');
    await detail.getByRole('button', { name: 'Stop' }).click();
    await row(page, first.id).and(page.locator('[data-state="stopped"]')).waitFor();
    expect(await detail.getByTestId('call-outcome').textContent()).toMatch(/^Stopped: /);
    await detail.getByRole('button', { name: 'Resume' }).click();
    await row(page, first.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });

    // Fire again from the detail: a new call, opened, with exactly the same arguments.
    await detail.getByRole('button', { name: 'Fire again', exact: true }).click();
    await expect.poll(() => app.core.listCalls({}).length).toBe(2);
    const second = app.core.listCalls({})[0]!;
    await row(page, second.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    expect(app.core.getCall(second.id).args).toEqual(app.core.getCall(first.id).args);
    await detail.getByTestId('diff-same-args').waitFor();
    await detail.getByTestId('diff-same-response').waitFor();

    // A third run with changed arguments (as the CLI would fire it): the diff names the paths.
    const third = await app.core.fire(robot.id, {
      presetId: preset.id,
      args: { customer: 'C-18', added: true },
    });
    await row(page, third.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    await row(page, third.id).dblclick();
    const diff = detail.getByTestId('diff-list-response');
    await diff.waitFor();
    const lines = await diff.locator('li').allTextContents();
    // Arguments given at fire time are merged over the preset's: the rest stay as they were.
    expect(lines).toEqual(['changed $.customer "C-17" → "C-18"', 'added $.added true']);
    // What was sent differs the same way, and the comparison says so first.
    expect(await detail.getByTestId('diff-list-args').locator('li').allTextContents()).toEqual(lines);

    // Copy as cURL: the token stays a variable.
    await detail.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect.poll(() => clipboard(page)).toContain('$ROBOT_TOKEN');

    // Forget removes it everywhere (from the history once its Undo has lapsed); clear finished
    // empties the list of finished calls.
    await detail.getByRole('button', { name: 'Forget' }).click();
    await row(page, third.id).waitFor({ state: 'detached' });
    const kept = () => app.core.listCalls({}).some((c) => c.id === third.id);
    await expect.poll(kept, { timeout: 15_000, interval: 250 }).toBe(false);
    const waiting = await app.core.fire(robot.id, { presetId: preset.id });
    await row(page, waiting.id).waitFor();
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await row(page, first.id).waitFor({ state: 'detached' });
    await row(page, second.id).waitFor({ state: 'detached' });
    expect(await page.locator('.call-row').count()).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: 'Cleared 2 finished calls.' }).count()).toBe(1);
  });

  test('filters by state and by text found in arguments, with counts per state', async () => {
    const { app, robot, preset } = await open({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const { page } = app;
    const a = await app.core.fire(robot.id, { presetId: preset.id, args: { order: 'ORD-4711' } });
    const b = await app.core.fire(robot.id, { presetId: preset.id, args: { order: 'ORD-0815' } });
    await row(page, a.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    await row(page, b.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    await app.core.stopCall((await app.core.fire(robot.id, { presetId: preset.id })).id).id;
    const states = page.getByRole('group', { name: 'Show calls in these states' });
    await expect.poll(() => states.textContent()).toBe('Done 2Stopped 1');
    await states.getByRole('button', { name: /Stopped/ }).click();
    await expect.poll(() => page.locator('.call-row').count()).toBe(1);
    await states.getByRole('button', { name: /Stopped/ }).click();
    await page.getByRole('searchbox', { name: /Filter calls/ }).fill('ord-4711');
    await expect
      .poll(() =>
        page.locator('.call-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-call-id'))),
      )
      .toEqual([a.id]);
  });

  test('a 10,000-call history scrolls, drawing only the rows in view', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-history-'));
    try {
      await storeArchive(dataDir, 10_000);
      app = await openAppWindow({ dataDir });
      const { page } = app;
      page.setDefaultTimeout(12_000);
      await expect
        .poll(() => page.getByTestId('calls-count').textContent(), { timeout: 20_000 })
        .toBe('10000');
      expect(await page.locator('.call-row').count()).toBeLessThan(60);
      const list = page.getByRole('listbox', { name: 'Calls, newest first' });
      await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await row(page, 'call-00000').waitFor();
      expect(await page.locator('.call-row').count()).toBeLessThan(60);
      await list.focus();
      await row(page, 'call-00000').click();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('call-detail').locator('h2').textContent()).toBe('Run 1');
    } finally {
      await app?.close();
      app = undefined;
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  test.each(['light', 'dark'] as const)(
    'a 5 MB response shows its first rows and finds its last (%s)',
    async (scheme) => {
      {
        const { app: big, robot } = await open(
          { name: 'Big', flow: [{ type: 'respondGenerated', bytes: 5_000_000 }] },
          scheme,
        );
        const { page } = big;
        // The test bridge carries 5 MB through Playwright and a worker, slower than IPC: allow for it.
        page.setDefaultTimeout(40_000);
        const call = await big.core.fire(robot.id, { method: 'POST', args: {} });
        await row(page, call.id).and(page.locator('[data-state="done"]')).waitFor({ timeout: 20_000 });
        await page.screenshot({ path: path.join(screenshots, `calls-list-${scheme}.png`) });
        await row(page, call.id).dblclick();
        const viewer = page.getByTestId('json-viewer');
        await viewer.getByRole('treeitem').first().waitFor({ timeout: 20_000 });
        expect(await viewer.getByRole('treeitem').count()).toBeLessThan(80);
        await viewer.getByRole('button', { name: 'Expand all' }).click();
        expect(await viewer.getByRole('treeitem').count()).toBeLessThan(80);
        // The last row, found by search, opened and scrolled to.
        const rows = (await big.core.getCall(call.id)).response as { rows: Array<{ id: string }> };
        const last = rows.rows.at(-1)!.id;
        await viewer.getByRole('button', { name: 'Collapse all' }).click();
        await viewer.getByRole('searchbox', { name: 'Search keys and values' }).fill(last);
        // The rows showed from the response's start: the search waits for the whole, maybe still on its way.
        await expect
          .poll(() => viewer.getByTestId('json-match-count').textContent(), { timeout: 40_000 })
          .toBe('1 of 1');
        await viewer.getByRole('treeitem', { name: new RegExp(last) }).waitFor();
        expect(await viewer.getByTestId('json-selected-path').textContent()).toBe(
          `$.rows[${rows.rows.length - 1}].id`,
        );
        await page.screenshot({ path: path.join(screenshots, `json-viewer-${scheme}.png`) });
        await viewer.getByRole('button', { name: 'Raw' }).click();
        await viewer.getByRole('region', { name: 'Formatted JSON text' }).locator('pre').first().waitFor();
      }
    },
    90_000,
  );
});

/** Forgetting a call can be taken back; the comparison with the previous run shows what was sent. */
describe('forgetting and comparing calls', () => {
  const windows = echoWindows();

  test('Forget hides the call at once and offers Undo; undone it stays, else it leaves the history', async () => {
    const { app, robot, preset } = await windows.open();
    const { page, core } = app;
    const first = await core.fire(robot.id, { presetId: preset.id });
    const row = page.locator(`.call-row[data-call-id="${first.id}"]`);
    await row.and(page.locator('[data-state="done"]')).waitFor();
    await row.dblclick();
    await page.getByTestId('call-detail').getByRole('button', { name: 'Forget' }).click();
    // Gone from the list and the detail closed; the history still has it while Undo is offered.
    await row.waitFor({ state: 'detached' });
    expect(await page.getByTestId('call-detail').count()).toBe(0);
    const notice = page.getByTestId('call-notice-list');
    expect(await notice.textContent()).toBe('Forgotten: the call is gone from the history. Undo');
    expect(core.listCalls({}).map((c) => c.id)).toEqual([first.id]);
    await notice.getByRole('button', { name: 'Undo' }).click();
    await row.waitFor();
    expect(await notice.textContent()).toBe('Kept: the call is back in the list.');

    // Not undone: after a few seconds (6), the history no longer has it.
    await row.click({ button: 'right' });
    await page.getByRole('menu', { name: 'Call' }).getByRole('menuitem', { name: 'Open' }).click();
    await page.getByTestId('call-detail').getByRole('button', { name: 'Forget' }).click();
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => core.listCalls({}).length, { timeout: 15_000, interval: 250 }).toBe(0);
    expect(await row.count()).toBe(0);
  });

  test('two runs that sent {"x":1} and {"x":2}: the comparison shows the arguments differed, the response the same', async () => {
    // The robot answers the same whatever it is sent.
    const { app, robot, preset } = await windows.open([{ type: 'respond', constants: { ok: true } }]);
    const { page, core } = app;
    const first = await core.fire(robot.id, { presetId: preset.id });
    const second = await core.fire(robot.id, { presetId: preset.id, args: { x: 2 } });
    for (const id of [first.id, second.id]) {
      await page.locator(`.call-row[data-call-id="${id}"][data-state="done"]`).waitFor();
    }
    await page.locator(`.call-row[data-call-id="${second.id}"]`).dblclick();
    const compared = page.getByRole('region', { name: 'Compared with the previous run' });
    await compared.getByTestId('diff-list-args').waitFor();
    expect(await compared.getByTestId('diff-list-args').textContent()).toBe('changed $.x 1 → 2');
    expect(await compared.getByTestId('diff-same-response').textContent()).toBe(
      'Same response as the previous run.',
    );
  });
});
