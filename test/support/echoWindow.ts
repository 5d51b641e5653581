import { startSandbox, type RobotDefinition } from '../../src/sandbox/index.ts';
import { addSandboxRobot } from './coreHarness.ts';
import { afterEach, beforeAll } from 'vitest';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from './windowHarness.ts';

type Flow = RobotDefinition['flow'];

/**
 * The window at the size it opens at (1100 × 720) over a fresh sandbox, with
 * one robot, Echo (answering by `flow`, at once with what it was sent by
 * default; created with `robotSettings` added, which may name it otherwise in
 * Robot Tray), its `token` set (the one given, else a random one), and no
 * preset. `close` clears its tokens from the test keychain and closes the
 * demo, the window and the sandbox.
 */
export async function openEchoRobot(
  flow: Flow = [{ type: 'respond', echo: true }],
  robotSettings: Record<string, unknown> = {},
  token?: string,
) {
  const sandbox = await startSandbox({ demoRobots: false, seed: 11 });
  const app = await openAppWindow({ viewport: { width: 1100, height: 720 } }).catch(async (e: unknown) => {
    await sandbox.close();
    throw e;
  });
  const close = () => closeWindow(app).finally(() => sandbox.close());
  try {
    app.page.setDefaultTimeout(12_000);
    const added = await addSandboxRobot(
      app.core,
      sandbox,
      { name: 'Echo', flow, ...(token === undefined ? {} : { token }) },
      robotSettings,
    );
    const robot = added.robot;
    await app.page.getByRole('heading', { level: 2, name: robot.name }).waitFor();
    return { app, sandbox, robot, token: added.token, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** openEchoRobot, with Echo's preset "Nightly" ({"x": 1}) shown. */
export async function openEchoWindow(flow?: Flow, token?: string) {
  const echo = await openEchoRobot(flow, {}, token);
  try {
    const preset = await echo.app.core.createPreset({
      robotId: echo.robot.id,
      name: 'Nightly',
      args: { x: 1 },
    });
    await echo.app.page.getByRole('button', { name: 'Fire Nightly', exact: true }).waitFor();
    return { ...echo, preset };
  } catch (e) {
    await echo.close();
    throw e;
  }
}

/** Clears every robot's token from the test keychain, then closes the demo and the window. */
export async function closeWindow(app: AppWindow): Promise<void> {
  for (const robot of await app.core.listRobots()) await app.core.clearToken(robot.id).catch(() => 0);
  await app.shell.demo.close();
  await app.close();
}

/**
 * For a describe block of window tests over Echo: `open` opens one with its
 * preset (openEchoWindow), `openRobot` one without (openEchoRobot),
 * `openEmpty` a window with no robot and no sandbox, `closeLater` adds
 * anything else to close; each is closed after its test, the last opened first.
 */
export function echoWindows() {
  const closers: Array<() => Promise<void>> = [];
  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  const kept = <T extends { close(): Promise<void> }>(opened: T) => {
    closers.push(opened.close);
    return opened;
  };
  return {
    open: async (flow?: Flow, token?: string) => kept(await openEchoWindow(flow, token)),
    openRobot: async (flow?: Flow, robotSettings?: Record<string, unknown>) =>
      kept(await openEchoRobot(flow, robotSettings)),
    async openEmpty() {
      const app = await openAppWindow();
      closers.push(() => closeWindow(app));
      return app;
    },
    closeLater(close: () => Promise<void>) {
      closers.push(close);
    },
  };
}
