import { startSandbox, type RobotDefinition } from '../../src/sandbox/index.ts';
import { addSandboxRobot } from './coreHarness.ts';
import { afterEach, beforeAll } from 'vitest';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from './windowHarness.ts';

/**
 * The window at the size it opens at (1100 × 720) over a fresh sandbox, with
 * one robot, Echo (answering by `flow`, at once with what it was sent by
 * default), its token set (`token`, else a random one) and its preset
 * "Nightly" ({"x": 1}). `close`
 * clears its tokens from the test keychain and closes the demo, the window
 * and the sandbox.
 */
export async function openEchoWindow(
  flow: RobotDefinition['flow'] = [{ type: 'respond', echo: true }],
  token?: string,
) {
  const sandbox = await startSandbox({ demoRobots: false, seed: 11 });
  const app = await openAppWindow({ viewport: { width: 1100, height: 720 } }).catch(async (e: unknown) => {
    await sandbox.close();
    throw e;
  });
  const close = () => closeWindow(app).finally(() => sandbox.close());
  app.page.setDefaultTimeout(12_000);
  const { robot } = await addSandboxRobot(app.core, sandbox, {
    name: 'Echo',
    flow,
    ...(token === undefined ? {} : { token }),
  });
  const preset = await app.core.createPreset({ robotId: robot.id, name: 'Nightly', args: { x: 1 } });
  await app.page.getByRole('heading', { level: 2, name: 'Echo' }).waitFor();
  return { app, sandbox, robot, preset, close };
}

/** Clears every robot's token from the test keychain, then closes the demo and the window. */
export async function closeWindow(app: AppWindow): Promise<void> {
  for (const robot of await app.core.listRobots()) await app.core.clearToken(robot.id).catch(() => 0);
  await app.shell.demo.close();
  await app.close();
}

/**
 * For a describe block of window tests over Echo: `open` opens one (see
 * openEchoWindow), `closeLater` adds anything else to close; each is closed
 * after its test, the last opened first.
 */
export function echoWindows() {
  const closers: Array<() => Promise<void>> = [];
  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  return {
    async open(flow?: RobotDefinition['flow'], token?: string) {
      const echo = await openEchoWindow(flow, token);
      closers.push(echo.close);
      return echo;
    },
    closeLater(close: () => Promise<void>) {
      closers.push(close);
    },
  };
}
