import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { storeFinishedCalls } from '../support/storedCalls.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

/** How long a call usually runs, in its row while it waits and in its detail, over a real core. */
describe('the window shows how long calls usually run', () => {
  let app: AppWindow | undefined;
  let sandbox: Sandbox | undefined;
  let robotId: string | undefined;

  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    if (robotId !== undefined) await app?.core.clearToken(robotId).catch(() => undefined);
    await app?.close();
    await sandbox?.close();
    app = sandbox = robotId = undefined;
  });

  test('a waiting call of a preset with twenty finished runs reads "usually done in 14–19 s"', async () => {
    sandbox = await startSandbox({ demoRobots: false, seed: 3 });
    app = await openAppWindow({ viewport: { width: 1280, height: 860 } });
    app.page.setDefaultTimeout(12_000);
    const { robot } = await addSandboxRobot(app.core, sandbox, {
      name: 'Reports',
      flow: [
        { type: 'wait', ms: 120_000 },
        { type: 'respond', echo: true },
      ],
    });
    robotId = robot.id;
    const preset = await app.core.createPreset({
      robotId: robot.id,
      name: 'Monthly',
      method: 'POST',
      args: {},
    });
    const start = Date.UTC(2026, 0, 1);
    storeFinishedCalls(
      app.core.dataDir,
      Array.from({ length: 20 }, (_, i) => ({
        id: `past-${i}`,
        robotId: robot.id,
        robotName: 'Reports',
        presetId: preset.id,
        presetName: 'Monthly',
        webhookCallId: `wh-past-${i}`,
        response: { i },
        createdAt: start + i * 60_000,
        acceptedAt: start + i * 60_000,
        finishedAt: start + i * 60_000 + 12_000 + i * 500,
      })),
    );
    const fired = await app.core.fire(robot.id, { presetId: preset.id });
    const { page } = app;
    const row = page.locator(`.call-row[data-call-id="${fired.id}"]`);
    await expect.poll(() => row.getAttribute('data-state')).toBe('waiting');
    const usual = row.getByTestId('call-usual');
    await usual.waitFor();
    expect(await usual.textContent()).toBe('usually done in 14–19 s');
    expect(await usual.getAttribute('title')).toContain('last 20 finished runs');
    // A finished call's row shows how long it took instead.
    expect(await page.locator('.call-row[data-call-id="past-3"] [data-testid="call-usual"]').count()).toBe(0);
    await row.dblclick();
    const detail = page.getByTestId('call-usual-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('Calls like this one are usually done in 14–19 s');
  });
});
