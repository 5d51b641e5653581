import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { echoWindows } from '../support/echoWindow.ts';
import { screenshotDir } from '../support/screenshots.ts';
import { filesUnder } from '../support/windowSteps.ts';

const FIELDS = [
  {
    name: 'customerId',
    label: 'Customer',
    type: 'text',
    required: true,
    pattern: '^[0-9]+$',
    help: 'Digits only.',
  },
  { name: 'qty', label: 'Quantity', type: 'number', min: 1, default: 1 },
  { name: 'size', type: 'choice', choices: ['S', 'M', 'L'] },
  { name: 'pin', label: 'PIN', type: 'text', secret: true },
];

describe('the window: presets with fill-in fields', () => {
  const windows = echoWindows();

  /** Echo, called Orders, answering {"ok": true}, with the preset "One customer" and its fields. */
  async function robotWithPreset() {
    const {
      app: win,
      robot,
      sandbox,
    } = await windows.openRobot([{ type: 'respond', constants: { ok: true } }], {
      name: 'Orders',
    });
    const preset = await win.core.createPreset({
      robotId: robot.id,
      name: 'One customer',
      fields: FIELDS,
      args: {
        customer: { $field: 'customerId' },
        lines: [{ qty: { $field: 'qty' }, size: { $field: 'size' } }],
        pin: { $field: 'pin' },
      },
    });
    return { win, page: win.page, core: win.core, robot, preset, sandbox };
  }

  test('the form: focus on the first field, problems beside their field, nothing sent until valid, Enter fires, last values kept; Fire again asks for the secret again', async () => {
    const { win, page, core, sandbox } = await robotWithPreset();
    await page.getByRole('button', { name: 'Fire One customer', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Fire One customer' });
    await form.waitFor();
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('fill-customerId');

    await page.keyboard.press('Enter');
    await expect
      .poll(() => form.locator('.field-error').allTextContents())
      .toEqual(['is required and has no default; give it a value']);
    await form.getByLabel('Customer (required)').fill('abc');
    await form.getByLabel('Quantity').fill('0');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => form.locator('.field-error').allTextContents())
      .toEqual(["must match ^[0-9]+$, got 'abc'", 'must be at least 1, got 0']);
    await page.screenshot({ path: path.join(screenshotDir, 'preset-fields-form.png') });
    expect(sandbox.calls()).toEqual([]);
    expect(await core.listCalls({})).toEqual([]);

    const canary = `CANARY-${crypto.randomUUID()}`;
    await form.getByLabel('Customer (required)').fill('0042');
    await form.getByLabel('Quantity').fill('3');
    await form.getByLabel('size').selectOption('M');
    await form.getByLabel('PIN').fill(canary);
    await form.getByLabel('PIN').press('Enter');
    await form.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /Accepted · webhookCallId/ })
      .waitFor();
    expect(sandbox.calls().map((c) => c.args)).toEqual([
      { customer: '0042', lines: [{ qty: 3, size: 'M' }], pin: canary },
    ]);
    const [call] = await core.listCalls({});
    expect(core.getCall(call!.id).args).toMatchObject({ pin: '(secret field pin, not kept)' });

    // Again: the last values are in, the secret one is not; Escape sends nothing.
    await page.getByRole('button', { name: 'Fire One customer', exact: true }).click();
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Customer (required)').inputValue()).toBe('0042');
    expect(await form.getByLabel('Quantity').inputValue()).toBe('3');
    expect(await form.getByLabel('size').inputValue()).toBe('M');
    expect(await form.getByLabel('PIN').inputValue()).toBe('');
    await page.screenshot({ path: path.join(screenshotDir, 'preset-fields-form-again.png') });
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(sandbox.calls()).toHaveLength(1);

    // "Fire again" of that call asks for the secret again; nothing is sent until it is given.
    const again = `CANARY-${crypto.randomUUID()}`;
    await page.locator(`.call-row[data-call-id="${call!.id}"]`).dblclick();
    await page.getByTestId('call-detail').getByRole('button', { name: 'Fire again', exact: true }).click();
    const secrets = page.getByRole('dialog', { name: 'Fire again: secret fields' });
    // Asked by the field's label, as its form asked for it.
    await secrets.getByLabel('PIN', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await secrets.getByText('Give its value again.').waitFor();
    expect(sandbox.calls()).toHaveLength(1);
    await secrets.getByLabel('PIN', { exact: true }).fill(again);
    await page.keyboard.press('Enter');
    await expect.poll(() => sandbox.calls().length).toBe(2);
    expect(sandbox.calls()[1]?.args).toMatchObject({ customer: '0042', pin: again });
    await expect.poll(async () => (await core.listCalls({})).length).toBe(2);
    for (const { file, text } of await filesUnder(win.shell.dataDir)) {
      expect(text, file).not.toContain(canary);
      expect(text, file).not.toContain(again);
    }
  });

  test('the preset dialog declares fields and puts a reference into the arguments', async () => {
    const { page, core, robot } = await robotWithPreset();
    await page.getByRole('button', { name: '+ New preset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New preset' });
    await dialog.getByLabel('Name', { exact: true }).fill('By order');
    await dialog.getByRole('button', { name: '+ Add field' }).click();
    await dialog.getByLabel('Field 1 name').fill('orderId');
    await dialog.getByLabel('Field 1 type').selectOption('number');
    await dialog.getByLabel('Field 1 min').fill('x');
    await expect
      .poll(() => dialog.locator('.fields-editor .field-error').allTextContents())
      .toEqual(['must be a number for a number field']);
    await dialog.getByLabel('Field 1 min').fill('1');
    await dialog.getByText('Required', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Use in arguments' }).click();
    await page.screenshot({ path: path.join(screenshotDir, 'preset-fields-editor.png') });
    await dialog.getByRole('button', { name: 'Save preset' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await core.listPresets(robot.id)).find((p) => p.name === 'By order');
    expect(saved?.fields).toEqual([
      { name: 'orderId', type: 'number', min: 1, required: true, secret: false },
    ]);
    expect(saved?.args).toEqual({ orderId: { $field: 'orderId' } });
  });

  test('a tray click on a pinned preset with fields opens the window at its form, firing nothing', async () => {
    const { win, page, preset, sandbox } = await robotWithPreset();
    win.shell.hub.emit({ type: 'navigate', to: { view: 'fillPreset', presetId: preset.id } });
    const form = page.getByRole('dialog', { name: 'Fire One customer' });
    await form.waitFor();
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('fill-customerId');
    expect(sandbox.calls()).toEqual([]);
  });
});
