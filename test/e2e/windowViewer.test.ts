import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { startSandbox, type RobotDefinition, type Sandbox } from '../../src/sandbox/index.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { storeFinishedCall } from '../support/storedCalls.ts';
import { openNightlyReport } from '../support/nightlyReportWindow.ts';

/**
 * Fire again with changes, and the JSON viewer's raw view, download, odd keys,
 * depth and search on large responses, in Chromium over a real core and sandbox.
 */
describe('fire again with changes and the JSON viewer in the window', () => {
  let app: AppWindow | undefined;
  let sandbox: Sandbox | undefined;
  const tokens: string[] = [];
  const dirs: string[] = [];

  beforeAll(() => {
    requireBuiltRenderer();
  });
  afterEach(async () => {
    for (const id of tokens.splice(0)) await app?.core.clearToken(id).catch(() => undefined);
    await app?.close();
    await sandbox?.close();
    app = sandbox = undefined;
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  async function open(definition: RobotDefinition, args: Record<string, string | number> = {}) {
    sandbox = await startSandbox({ demoRobots: false, seed: 5 });
    app = await openAppWindow({ viewport: { width: 1280, height: 860 } });
    app.page.setDefaultTimeout(12_000);
    const { robot } = await addSandboxRobot(app.core, sandbox, definition);
    tokens.push(robot.id);
    const preset = await app.core.createPreset({
      robotId: robot.id,
      name: 'Nightly report',
      method: 'POST',
      args,
    });
    return { app, robot, preset, sandbox };
  }

  const row = (page: Page, callId: string) => page.locator(`.call-row[data-call-id="${callId}"]`);
  const done = (page: Page, callId: string) =>
    row(page, callId).and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });

  test('fire again with changes sends exactly the edited arguments as a new call; the preset stays as it was', async () => {
    const original = { customer: 'C-17', count: 3, note: 'drop me' };
    const { app, robot, preset, sandbox } = await open(
      { name: 'Echo', flow: [{ type: 'respond', echo: true }] },
      original,
    );
    const { page } = app;
    const first = await app.core.fire(robot.id, { presetId: preset.id });
    await done(page, first.id);
    await row(page, first.id).dblclick();
    const detail = page.getByTestId('call-detail');
    await detail.getByRole('button', { name: 'Fire again with changes…' }).click();
    const dialog = page.getByRole('dialog', { name: /again with changes/ });
    await dialog.getByRole('textbox', { name: 'Value of argument customer' }).fill('C-99');
    await dialog.getByRole('textbox', { name: 'Value of argument count' }).fill('4');
    await dialog.getByRole('button', { name: 'Remove argument note' }).click();
    await dialog.getByRole('button', { name: /Fire with these changes/ }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => app.core.listCalls({}).length).toBe(2);
    const second = app.core.listCalls({})[0]!;
    expect(second.id).not.toBe(first.id);
    await done(page, second.id);
    const edited = { customer: 'C-99', count: 4 };
    // Read again once done: the snapshot above may predate the service's answer (no webhookCallId yet).
    const { webhookCallId } = app.core.getCall(second.id);
    expect(webhookCallId).not.toBeNull();
    const received = sandbox.calls().find((c) => c.webhookCallId === webhookCallId);
    expect(received?.args).toEqual(edited);
    expect(app.core.getCall(second.id).args).toEqual(edited);
    expect(app.core.getCall(second.id).presetId).toBe(preset.id);
    // The new call is in the list and opened; the preset is as it was saved.
    await expect.poll(() => detail.locator('h2').textContent()).toBe('Nightly report');
    expect(await page.locator('.call-row').count()).toBe(2);
    expect(await page.locator('.call-row[aria-selected="true"]').getAttribute('data-call-id')).toBe(
      second.id,
    );
    const [saved] = await app.core.listPresets(robot.id);
    expect(saved?.args).toEqual(original);
  });

  test('the raw view shows the pretty-printed text and Download saves the exact JSON', async () => {
    const constants = { nested: { deep: [1, 2, 3] }, text: 'ünïcødé ✓', empty: {} };
    const { app, robot } = await open({ name: 'Echo', flow: [{ type: 'respond', constants }] });
    const { page } = app;
    const call = await app.core.fire(robot.id, { method: 'POST', args: {} });
    await done(page, call.id);
    await row(page, call.id).dblclick();
    const viewer = page.getByTestId('json-viewer');
    await viewer.getByRole('treeitem').first().waitFor();
    const response = app.core.getCall(call.id).response;
    expect(response).toEqual(constants);

    await viewer.getByRole('button', { name: 'Raw' }).click();
    const raw = viewer.getByRole('region', { name: 'Formatted JSON text' });
    const pretty = JSON.stringify(response, null, 2).split('\n');
    await expect.poll(() => raw.locator('pre').count()).toBe(pretty.length);
    // Lines are positioned absolutely; order them by where they are drawn.
    const lines = await raw.locator('pre').evaluateAll((pres) =>
      pres
        .map((p) => ({ top: p.getBoundingClientRect().top, text: p.textContent }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text),
    );
    expect(lines).toEqual(pretty);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-download-'));
    dirs.push(dir);
    const file = path.join(dir, 'saved.json');
    await download.saveAs(file);
    const saved = await readFile(file, 'utf8');
    expect(JSON.parse(saved)).toEqual(constants);
    expect(saved).toBe(JSON.stringify(response));
  });

  test('a __proto__ key and a key with quotes, a newline and <b> render as text, and copy as correctly quoted paths', async () => {
    const odd = `say "hi"\n<b>it's</b>`;
    const text = `{"__proto__":{"polluted":"yes"},${JSON.stringify(odd)}:"odd value","plain":1}`;
    const response = JSON.parse(text) as Call['response'];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-odd-keys-'));
    dirs.push(dataDir);
    const core = await AppCore.open({ dataDir });
    const robot = await core.createRobot({ name: 'Odd', baseUrl: 'https://robots.example.com' });
    await core.close();
    storeFinishedCall(dataDir, {
      id: 'call-odd',
      robotId: robot.id,
      robotName: 'Odd',
      presetName: 'Odd keys',
      webhookCallId: 'wh-odd',
      response,
    });
    app = await openAppWindow({ dataDir });
    const { page } = app;
    page.setDefaultTimeout(12_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const dialogs: string[] = [];
    page.on('dialog', (d) => void dialogs.push(d.message()));
    const clipboard = () =>
      page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      );
    // Each copied JS path, run against the response, reads the value it names.
    const read = (js: string) => new Function('data', `return ${js};`)(JSON.parse(text)) as unknown;

    await row(page, 'call-odd').dblclick();
    const viewer = page.getByTestId('json-viewer');
    await viewer.getByRole('treeitem').first().waitFor();
    const tree = await viewer.getByRole('tree', { name: 'Response' }).textContent();
    expect(tree).toContain('__proto__');
    expect(tree).toContain(JSON.stringify(odd).slice(1, -1));
    expect(await viewer.locator('b, img, script').count()).toBe(0);

    const search = viewer.getByRole('searchbox', { name: 'Search keys and values' });
    await search.fill('polluted');
    await expect.poll(() => viewer.getByTestId('json-match-count').textContent()).toBe('1 of 1');
    expect(await viewer.getByTestId('json-selected-path').textContent()).toBe('$.__proto__.polluted');
    await viewer.getByRole('button', { name: 'Copy JS path' }).click();
    await expect.poll(clipboard).toBe('data["__proto__"].polluted');
    expect(read(await clipboard())).toBe('yes');
    await viewer.getByRole('button', { name: 'Copy JSONPath' }).click();
    await expect.poll(clipboard).toBe('$.__proto__.polluted');

    await search.fill('<b>it');
    await expect.poll(() => viewer.getByTestId('json-match-count').textContent()).toBe('1 of 1');
    const jsonPathOfOdd = `$['say "hi"\\n<b>it\\'s</b>']`;
    expect(await viewer.getByTestId('json-selected-path').textContent()).toBe(jsonPathOfOdd);
    await viewer.getByRole('button', { name: 'Copy JS path' }).click();
    await expect.poll(clipboard).toBe(`data[${JSON.stringify(odd)}]`);
    expect(read(await clipboard())).toBe('odd value');
    await viewer.getByRole('button', { name: 'Copy JSONPath' }).click();
    await expect.poll(clipboard).toBe(jsonPathOfOdd);
    // Nothing leaked onto the page's own objects.
    expect(await page.evaluate(() => ({}) as Record<string, unknown>)).toEqual({});
    expect(await page.evaluate(() => 'polluted' in {})).toBe(false);
    expect(dialogs).toEqual([]);
  });

  test('a 5 MB response shows its first rows, and typing in search updates the match count', async () => {
    const { app, robot } = await open({
      name: 'Big',
      flow: [{ type: 'respondGenerated', bytes: 5_000_000 }],
    });
    const { page } = app;
    // The test bridge carries 5 MB as JSON through Playwright, far slower than IPC: allow for it.
    page.setDefaultTimeout(40_000);
    const call = await app.core.fire(robot.id, { method: 'POST', args: {} });
    await done(page, call.id);
    await row(page, call.id).dblclick();
    const viewer = page.getByTestId('json-viewer');
    await viewer.getByRole('treeitem', { name: /generatedBytes/ }).waitFor();
    await viewer.getByRole('treeitem', { name: /^0: \{…\}/ }).waitFor();
    expect(await viewer.getByRole('treeitem').count()).toBeLessThan(80);

    // Typed a key at a time, as a person would: each keystroke narrows the count.
    const search = viewer.getByRole('searchbox', { name: 'Search keys and values' });
    const count = viewer.getByTestId('json-match-count');
    await search.click();
    await search.pressSequentially('row-00000');
    // The rows showed from the response's start: the search waits for the whole, still on its way.
    await expect.poll(() => count.textContent(), { timeout: 40_000 }).toBe('1 of 100');
    await search.press('4');
    await expect.poll(() => count.textContent()).toBe('1 of 10');
    await search.press('2');
    await expect.poll(() => count.textContent()).toBe('1 of 1');
    expect(await viewer.getByTestId('json-selected-path').textContent()).toBe('$.rows[42].id');
    await viewer.getByRole('treeitem', { name: /row-0000042/ }).waitFor();
    await search.press('x');
    await expect.poll(() => count.textContent()).toBe('No matches');
  }, 90_000);

  test('the viewer says its depth, brings a search match into view, and the calls search hint fits', async () => {
    const opened = await openNightlyReport();
    ({ app, sandbox } = opened);
    tokens.push(opened.robot.id);
    const { robot, preset } = opened;
    const { page } = app;
    const call = await app.core.fire(robot.id, { presetId: preset.id });
    const row = page.locator(`.call-row[data-call-id="${call.id}"]`);
    await row.and(page.locator('[data-state="done"]')).waitFor({ timeout: 15_000 });
    await row.dblclick();
    const viewer = page.getByTestId('json-viewer');
    await viewer.getByRole('treeitem').first().waitFor();
    const depth = viewer.getByRole('combobox', { name: 'Expand to depth' });
    expect(await depth.inputValue()).toBe('2');
    expect(
      await depth.evaluate(
        (el) =>
          (el as unknown as { selectedOptions: Array<{ textContent: string }> }).selectedOptions[0]
            ?.textContent,
      ),
    ).toBe('2');
    await viewer.getByRole('button', { name: 'Expand all' }).click();
    expect(await depth.inputValue()).toBe('all');
    await depth.selectOption('1');
    expect(await depth.inputValue()).toBe('1');

    await page.getByTestId('call-detail').evaluate((el) => el.parentElement!.scrollTo(0, 0));
    await viewer.getByRole('searchbox', { name: 'Search keys and values' }).fill('field119');
    await expect.poll(() => viewer.getByTestId('json-selected-path').textContent()).toBe('$.field119');
    const match = viewer.getByRole('treeitem', { name: /field119/ });
    await expect
      .poll(() =>
        match.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
        }),
      )
      .toBe(true);

    // The calls search's placeholder is drawn whole in its box.
    const search = page.getByRole('searchbox', { name: /Filter calls/ });
    await search.waitFor();
    // Run in the page (a string, since this file is typed for Node, not the DOM).
    const fits = await page.evaluate<boolean>(`(() => {
      const input = document.querySelector('.calls-filters input[type="search"]');
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      context.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    })()`);
    expect(fits).toBe(true);
  });
});
