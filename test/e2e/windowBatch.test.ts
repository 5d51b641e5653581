import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { seriousViolations } from '../support/axeCheck.ts';
import { echoWindows } from '../support/echoWindow.ts';
import { pasteText } from '../support/pasteText.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import type { Locator, Page } from 'playwright-core';

const FIELDS = [
  { name: 'order', label: 'Order', type: 'text', required: true, pattern: '^O-[0-9]+$' },
  { name: 'cents', type: 'number', min: 1 },
  { name: 'pin', label: 'PIN', type: 'text', required: true, secret: true },
];
const rowsText = (n: number) =>
  `order,cents\n${Array.from({ length: n }, (_, i) => `O-${i + 1},${(i + 1) * 100}`).join('\n')}\n`;

describe('the window: a batch run for many rows', () => {
  let win: AppWindow | undefined;
  let sandbox: Sandbox | undefined;

  beforeAll(() => {
    requireBuiltRenderer();
  });
  afterEach(async () => {
    await win?.close();
    await sandbox?.close();
    win = undefined;
    sandbox = undefined;
  });

  test('rows checked with problems by row and column, a run with progress, run again for the rows not done, pause and resume asking the secret again', async () => {
    sandbox = await startSandbox({ demoRobots: false, seed: 7 });
    const { token } = sandbox.addRobot({
      name: 'refunds',
      flow: [
        { type: 'wait', ms: 150 },
        { type: 'respond', echo: true },
      ],
    });
    win = await openAppWindow();
    const { page, core } = win;
    const robot = await core.createRobot({ name: 'Refunds', baseUrl: sandbox.baseUrl });
    await core.setToken(robot.id, token);
    await core.createPreset({
      robotId: robot.id,
      name: 'Refund',
      method: 'POST',
      fields: FIELDS,
      args: { order: { $field: 'order' }, cents: { $field: 'cents' }, pin: { $field: 'pin' } },
    });
    await page.getByRole('heading', { level: 2, name: 'Refunds' }).waitFor();
    await page.getByRole('button', { name: 'Run Refund for many rows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Refund for many rows' });
    await dialog.waitFor();
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('batch-rows');

    // Checking asks for the secret first, then lists each problem by row and column; nothing is sent.
    await page.keyboard.type('Order;cents\nO-1;5\nO-2;0\nX;3\n');
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Give PIN first' }).waitFor();
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('batch-secret-pin');
    const canary = `CANARY-${crypto.randomUUID()}`;
    await dialog.getByLabel('PIN (required)').fill(canary);
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    const problems = dialog.getByRole('alert').filter({ hasText: 'nothing was sent' });
    await problems.waitFor();
    expect(await problems.locator('tbody tr').allInnerTexts()).toEqual([
      '2\tcents\tmust be at least 1, got 0',
      expect.stringMatching(/^3\tOrder\tmust match \^O-\[0-9\]\+\$/),
    ]);
    expect(await dialog.getByRole('button', { name: /Start/ }).isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(screenshotDir, 'batch-problems.png') });
    expect(await seriousViolations(page)).toEqual([]);
    expect(sandbox.calls()).toEqual([]);

    // Good rows: the first three as the requests they make, the secret as its placeholder.
    await dialog.getByLabel(/^Rows: CSV/).fill(rowsText(8));
    await dialog.getByLabel('Rows at once').fill('2');
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.waitFor();
    expect(await preview.locator('pre').count()).toBe(3);
    expect(await preview.locator('pre').first().innerText()).toContain('"order":"O-1"');
    expect(await dialog.innerText()).not.toContain(canary);

    // Every trigger refused: all eight rows end not done, and the results say so.
    sandbox.setFaults({ trigger: { serverError: { rate: 1, status: 500 } } }, 'refunds');
    await dialog.getByRole('button', { name: 'Start 8 rows' }).click();
    const again = dialog.getByRole('button', { name: 'Run again for 8 rows not done' });
    await again.waitFor();
    await dialog.getByRole('region', { name: 'Progress' }).getByText('8 of 8 rows ended').waitFor();
    await expect.poll(() => dialog.locator('.batch-row').count()).toBe(8);
    expect(sandbox.calls()).toEqual([]);
    // The secret was given for that run only: the box is empty again.
    expect(await dialog.getByLabel('PIN (required)').inputValue()).toBe('');

    // Run again, without faults now: the secret is asked again, then the new batch runs; pause and resume it.
    sandbox.setFaults({}, 'refunds');
    await again.click();
    await dialog.getByRole('alert').filter({ hasText: 'Give PIN first' }).waitFor();
    await dialog.getByLabel('PIN (required)').fill(canary);
    await again.click();
    const pause = dialog.getByRole('button', { name: 'Pause' });
    await pause.click();
    const resume = dialog.getByRole('button', { name: 'Resume' });
    await resume.waitFor();
    const afterPause = sandbox.calls().length;
    expect(afterPause).toBeLessThan(8);
    await page.screenshot({ path: path.join(screenshotDir, 'batch-paused.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('PIN (required)').fill(canary);
    await resume.click();
    await dialog.getByRole('list', { name: 'Rows by state' }).getByText('8 done').waitFor();
    await dialog.getByRole('region', { name: 'Progress' }).getByText('finished').waitFor();
    await expect
      .poll(() => dialog.locator('.batch-row .batch-state').allInnerTexts())
      .toEqual(Array(8).fill('done'));
    await page.screenshot({ path: path.join(screenshotDir, 'batch-finished.png') });
    const exported = path.join(win.shell.dataDir, 'refunds.csv');
    win.shell.saveDialog.answer(exported);
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved the results to refunds.csv.' }).waitFor();
    expect((await readFile(exported, 'utf8')).split('\r\n')[0]).toBe('row,call,state,run_ms');
    const sent = sandbox.calls().map((c) => [c.args.order, c.args.pin]);
    expect(sent.map(([order]) => order).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `O-${i + 1}`).sort(),
    );
    expect(sent.every(([, pin]) => pin === canary)).toBe(true);
    expect(await dialog.innerText()).not.toContain(canary);
  });
});

describe("the window: a batch's results, their columns and their calls", () => {
  const windows = echoWindows();

  /** A preset of FIELDS on Echo, its batch dialog open, `n` rows started with `pin` and `concurrency` at once. */
  async function startBatch(
    echo: Awaited<ReturnType<typeof windows.open>>,
    n: number,
    pin: string,
    concurrency = 4,
  ) {
    const { app, robot } = echo;
    await app.core.createPreset({
      robotId: robot.id,
      name: 'Refund',
      method: 'POST',
      fields: FIELDS,
      args: { order: { $field: 'order' }, cents: { $field: 'cents' }, pin: { $field: 'pin' } },
    });
    const dialog = await openBatchDialog(app.page);
    await dialog.getByLabel(/^Rows: CSV/).fill(rowsText(n));
    await dialog.getByLabel('PIN (required)').fill(pin);
    await dialog.getByLabel('Rows at once').fill(String(concurrency));
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await dialog.getByRole('button', { name: `Start ${n} rows` }).click();
    await dialog.getByRole('region', { name: 'Progress' }).waitFor();
    return dialog;
  }
  async function openBatchDialog(page: Page) {
    await page.getByRole('button', { name: 'Run Refund for many rows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Refund for many rows' });
    await dialog.waitFor();
    return dialog;
  }
  const cellsOf = (dialog: Locator, row: number) =>
    dialog.locator(`.batch-row[data-row="${row}"] [role="gridcell"]`).allInnerTexts();

  test('a thousand rows and more are summed up, not shown as text: checked and started all the same, shown as text on asking', async () => {
    const echo = await windows.open([{ type: 'respond', echo: true }]);
    const { app } = echo;
    await app.core.createPreset({
      robotId: echo.robot.id,
      name: 'Refund',
      method: 'POST',
      fields: FIELDS,
      args: { order: { $field: 'order' }, cents: { $field: 'cents' }, pin: { $field: 'pin' } },
    });
    const dialog = await openBatchDialog(app.page);
    const text = rowsText(1_500);
    await pasteText(app.page, dialog.getByLabel(/^Rows: CSV/), text);
    const summed = dialog.getByRole('group', { name: /^Rows: CSV/ });
    await summed.getByText('1,501 lines').waitFor();
    expect(await summed.innerText()).toMatch(/1,501 lines \(\d+ KB\) pasted: too many to show here as text/);
    expect(await dialog.locator('textarea#batch-rows').count()).toBe(0);
    expect(await app.page.evaluate<string | undefined>('document.activeElement?.id')).toBe('batch-rows');
    expect(await seriousViolations(app.page)).toEqual([]);

    await dialog.getByLabel('PIN (required)').fill('pin-many');
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await dialog
      .getByRole('region', { name: 'Preview' })
      .getByText('All 1500 rows fit the preset.')
      .waitFor();

    await summed.getByRole('button', { name: 'Show as text' }).click();
    expect(await dialog.getByLabel(/^Rows: CSV/).inputValue()).toBe(text);
    await dialog.getByRole('button', { name: 'Start 1500 rows' }).waitFor();
  });

  test("columns picked from the responses show each row's field in the table and the export, and are kept for the batch", async () => {
    const echo = await windows.open([
      { type: 'respond', echo: true, constants: { invoice: { status: 'paid', lines: [1, 2] } } },
    ]);
    const { app } = echo;
    const { page } = app;
    const dialog = await startBatch(echo, 3, 'pin-columns');
    await dialog.getByRole('region', { name: 'Progress' }).getByText('finished').waitFor();

    // The picker offers the paths of the responses (depth first, arrays whole) and takes a typed one.
    const columns = dialog.getByRole('button', { name: 'Columns…' });
    await columns.click();
    const picker = dialog.getByRole('group', { name: 'Columns' });
    await picker.getByRole('checkbox', { name: 'response.invoice.status' }).waitFor();
    const offered = await picker.locator('li label').allInnerTexts();
    expect(offered.map((t) => t.trim())).toEqual([
      'response.order',
      'response.cents',
      'response.pin',
      'response.invoice.status',
      'response.invoice.lines',
    ]);
    await picker.getByRole('checkbox', { name: 'response.order' }).focus();
    await page.keyboard.press('Space');
    await picker.getByRole('checkbox', { name: 'response.invoice.status' }).check();
    const typed = picker.getByLabel('Another path');
    await typed.fill('invoice');
    await page.keyboard.press('Enter');
    await picker
      .getByRole('alert')
      .filter({ hasText: '"invoice" is no column: start it with response.' })
      .waitFor();
    expect(await typed.getAttribute('aria-invalid')).toBe('true');
    await typed.fill('args.cents');
    await page.keyboard.press('Enter');
    expect(await picker.getByRole('checkbox', { name: 'args.cents' }).isChecked()).toBe(true);
    await page.screenshot({ path: path.join(screenshotDir, 'batch-columns.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(screenshotDir, 'batch-columns-dark.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    // Escape closes the picker only; the focus goes back to its button.
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe(
      'Columns… (3)',
    );

    // Each picked path is a column of the table, in the order picked.
    expect(await dialog.getByRole('columnheader').allInnerTexts()).toEqual([
      'Row',
      'Call',
      'State',
      'Run time',
      'response.order',
      'response.invoice.status',
      'args.cents',
    ]);
    await expect
      .poll(() => cellsOf(dialog, 2))
      .toEqual(['2', expect.any(String), 'done', expect.any(String), 'O-2', 'paid', '200']);

    // Export writes the same columns.
    const exported = path.join(app.shell.dataDir, 'picked.csv');
    app.shell.saveDialog.answer(exported);
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved the results to picked.csv.' }).waitFor();
    const lines = (await readFile(exported, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('row,call,state,run_ms,response.order,response.invoice.status,args.cents');
    expect(lines.slice(1).map((l) => l.split(',').slice(4))).toEqual([
      ['O-1', 'paid', '100'],
      ['O-2', 'paid', '200'],
      ['O-3', 'paid', '300'],
    ]);

    // Closed and opened again, the dialog shows the same batch with its columns.
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await openBatchDialog(page);
    await dialog.getByRole('button', { name: 'Columns… (3)' }).waitFor();
    await expect.poll(() => cellsOf(dialog, 3).then((c) => c.slice(4))).toEqual(['O-3', 'paid', '300']);
  });

  test("a row opens its call's detail, by click or by Enter; a row that made no call says so", async () => {
    const echo = await windows.open([
      { type: 'wait', ms: 4000 },
      { type: 'respond', echo: true },
    ]);
    const { page } = echo.app;
    const dialog = await startBatch(echo, 3, 'pin-rows', 1);
    const firstCall = dialog.locator('.batch-row[data-row="1"]');
    await expect.poll(() => firstCall.getAttribute('title')).toMatch(/^Open call /);
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await dialog.getByRole('region', { name: 'Progress' }).getByText('stopped').waitFor();

    // A row never sent has no call: it says so, and the dialog stays.
    const pending = dialog.locator('.batch-row[data-row="3"]');
    await expect.poll(() => pending.getAttribute('aria-disabled')).toBe('true');
    expect(await cellsOf(dialog, 3)).toEqual(['3', 'no call', 'pending', '']);
    const grid = dialog.getByRole('grid', { name: 'Rows and their calls' });
    await grid.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('status')
      .filter({ hasText: 'Row 3 made no call: it was not sent yet.' })
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);

    // Enter on the first row opens its call in the calls view, its detail taking the focus.
    const callId = ((await firstCall.getAttribute('title')) ?? '').replace('Open call ', '');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const detail = page.getByTestId('call-detail');
    await detail.getByRole('heading', { name: 'Refund' }).waitFor();
    await expect
      .poll(() => page.evaluate('document.activeElement?.closest("[data-testid=call-detail]") !== null'))
      .toBe(true);
    expect(await page.locator(`#call-row-${callId}`).getAttribute('aria-selected')).toBe('true');

    // Back in the dialog, the same results; a click opens a row's call too.
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    const again = await openBatchDialog(page);
    await again.locator('.batch-row[data-row="1"]').click();
    await again.waitFor({ state: 'detached' });
    await detail.getByRole('heading', { name: 'Refund' }).waitFor();
    expect(await page.locator(`#call-row-${callId}`).getAttribute('aria-selected')).toBe('true');
  });

  test('a picked column holding a secret the robot echoed shows the mask, in the table and the export', async () => {
    const token = `tok-${crypto.randomUUID()}`;
    const pin = `CANARY-${crypto.randomUUID()}`;
    const echo = await windows.open([{ type: 'respond', echo: true, constants: { seen: token } }], token);
    const { app, sandbox } = echo;
    const { page } = app;
    const dialog = await startBatch(echo, 2, pin);
    await dialog.getByRole('region', { name: 'Progress' }).getByText('finished').waitFor();
    expect(sandbox.calls().map((c) => c.args.pin)).toEqual([pin, pin]);

    await dialog.getByRole('button', { name: 'Columns…' }).click();
    const picker = dialog.getByRole('group', { name: 'Columns' });
    await picker.getByRole('checkbox', { name: 'response.pin' }).check();
    await picker.getByRole('checkbox', { name: 'response.seen' }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => cellsOf(dialog, 1).then((c) => c.slice(4))).toEqual(['[redacted]', '[redacted]']);
    const exported = path.join(app.shell.dataDir, 'secret.jsonl');
    app.shell.saveDialog.answer(exported);
    await dialog.getByRole('button', { name: 'Export JSON Lines' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved the results to secret.jsonl.' }).waitFor();
    const text = await readFile(exported, 'utf8');
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { picked: unknown }).picked),
    ).toEqual([
      { 'response.pin': '[redacted]', 'response.seen': '[redacted]' },
      { 'response.pin': '[redacted]', 'response.seen': '[redacted]' },
    ]);
    for (const secret of [pin, token]) {
      expect(text).not.toContain(secret);
      expect(await dialog.innerText()).not.toContain(secret);
    }
  });
});
