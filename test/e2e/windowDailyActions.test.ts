import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ROBOT_NOTES } from '../../src/main/demo/demoController.ts';
import { Preset } from '../../src/shared/models/preset.ts';
import { startSandbox, type RobotDefinition, type Sandbox } from '../../src/sandbox/index.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

/**
 * What a daily user of the window met a second time: a forget that could
 * not be taken back, a refusal left on a card after its cause was fixed,
 * two defaults for one setting, a note naming a button out of reach, a
 * comparison that hid what was sent. Each waits on what the page shows.
 */
describe('the window in daily use, second pass', () => {
  let app: AppWindow | undefined;
  let sandbox: Sandbox | undefined;
  let other: Sandbox | undefined;

  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    for (const robot of (await app?.core.listRobots()) ?? [])
      await app?.core.clearToken(robot.id).catch(() => 0);
    await app?.shell.demo.close();
    await app?.close();
    await sandbox?.close();
    await other?.close();
    app = sandbox = other = undefined;
  });

  async function open(flow: RobotDefinition['flow'] = [{ type: 'respond', echo: true }]) {
    sandbox = await startSandbox({ demoRobots: false, seed: 11 });
    app = await openAppWindow({ viewport: { width: 1100, height: 720 } });
    app.page.setDefaultTimeout(12_000);
    const { robot } = await addSandboxRobot(app.core, sandbox, { name: 'Echo', flow });
    const preset = await app.core.createPreset({ robotId: robot.id, name: 'Nightly', args: { x: 1 } });
    await app.page.getByRole('heading', { level: 2, name: 'Echo' }).waitFor();
    return { app, robot, preset, sandbox };
  }

  test('Forget hides the call at once and offers Undo; undone it stays, else it leaves the history', async () => {
    const { app, robot, preset } = await open();
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

  test('a refusal on a preset card goes once its cause is fixed; a moved token keeps the date it was set', async () => {
    const { app, robot, preset } = await open();
    const { page, core } = app;
    const setSince = page.getByTestId('token-state');
    const before = await setSince.textContent();
    expect(before).toMatch(/^Set since /);
    other = await startSandbox({ demoRobots: false, seed: 12 });
    other.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    await core.updateRobot(robot.id, { baseUrl: other.baseUrl });
    await page.getByTestId('token-moved').waitFor();
    // The token box is not a narrow column beside its button, and does not say there is no token.
    const box = (await page.getByTestId('token-moved').boundingBox())!;
    const text = (await page.getByTestId('token-moved').locator('p').boundingBox())!;
    expect(text.width).toBeGreaterThan(box.width * 0.8);
    expect(await page.locator('section[aria-labelledby="token-title"]').textContent()).not.toContain(
      'Without a token',
    );

    const card = page.locator(`.preset-card[data-preset-id="${preset.id}"]`);
    await card.getByRole('button', { name: 'Fire Nightly', exact: true }).click();
    const refusal = card.locator('.fire-outcome .bad');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^✕ Not started: .*token move/);

    // Moved by the person, in main's dialog: the refusal no longer holds, so it goes.
    app.shell.answers.push(true);
    await page.getByRole('button', { name: /^Use the token for / }).click();
    await refusal.waitFor({ state: 'detached' });
    await expect.poll(() => setSince.textContent()).toBe(before);
  });

  test('a new preset notifies by the one default the CLI and an import use too', async () => {
    const { app } = await open();
    const { page } = app;
    await page.getByRole('button', { name: '+ New preset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New preset' });
    const notify = dialog.getByLabel('Notify me when it finishes');
    const parsed = Preset.parse({ id: 'p', robotId: 'r', name: 'n', createdAt: 0, updatedAt: 0 });
    expect(await notify.isChecked()).toBe(parsed.notifyOnFinish);
    expect(parsed.notifyOnFinish).toBe(false);
  });

  test('a demo robot’s note names a button beside it: Remove demo removes the demo', async () => {
    app = await openAppWindow({ viewport: { width: 1100, height: 720 } });
    const { page } = app;
    page.setDefaultTimeout(20_000);
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.locator('.robot-notes').first().waitFor();
    expect(await page.locator('.robot-notes').first().textContent()).toBe(DEMO_ROBOT_NOTES);
    const remove = page.getByRole('main').getByRole('button', { name: 'Remove demo' });
    await remove.click();
    await expect.poll(async () => (await app!.core.listRobots()).length).toBe(0);
  });

  test('two runs that sent {"x":1} and {"x":2}: the comparison shows the arguments differed, the response the same', async () => {
    // The robot answers the same whatever it is sent.
    const { app, robot, preset } = await open([{ type: 'respond', constants: { ok: true } }]);
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
