import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { seriousViolations } from '../support/axeCheck.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

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
    await expect.poll(() => dialog.getByRole('row').count()).toBe(8);
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
