import { startSandbox } from '../../src/sandbox/index.ts';
import { addSandboxRobot } from './coreHarness.ts';
import { openAppWindow } from './windowHarness.ts';

/**
 * The window at the size it opens at (1100 × 720) over a fresh sandbox, with
 * one robot, Echo, that answers after 300 ms with 120 fields (field000 to
 * field119: more than the viewer shows at once), and its preset "Nightly
 * report". The caller closes the window and the sandbox.
 */
export async function openNightlyReport() {
  const sandbox = await startSandbox({ demoRobots: false, seed: 5 });
  const app = await openAppWindow({ viewport: { width: 1100, height: 720 } }).catch(async (e: unknown) => {
    await sandbox.close();
    throw e;
  });
  app.page.setDefaultTimeout(12_000);
  const constants: Record<string, number> = {};
  for (let i = 0; i < 120; i++) constants[`field${String(i).padStart(3, '0')}`] = i;
  const { robot } = await addSandboxRobot(app.core, sandbox, {
    name: 'Echo',
    flow: [
      { type: 'wait', ms: 300 },
      { type: 'respond', constants },
    ],
  });
  const preset = await app.core.createPreset({ robotId: robot.id, name: 'Nightly report', args: {} });
  return { app, sandbox, robot, preset };
}
