import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { type StoredCall, storeFinishedCalls } from './storedCalls.ts';
import { type AppWindow, openAppWindow, requireBuiltRenderer } from './windowHarness.ts';

/**
 * The window over a data folder holding one robot, "Reports", and finished
 * calls of it written straight into the history (storedCalls.ts). Call at a
 * test file's top level or in a describe: after each test the window is
 * closed and the folder removed.
 */
export function storedCallsWindow(prefix: string): {
  /** The window over a new folder holding the calls `calls` gives for the robot's id. */
  open(calls: (robotId: string) => StoredCall[]): Promise<AppWindow>;
  /** This test's data folder. */
  readonly dataDir: string;
} {
  let app: AppWindow | undefined;
  let dataDir: string | undefined;
  beforeAll(() => {
    requireBuiltRenderer();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });
  return {
    async open(calls) {
      dataDir = await mkdtemp(path.join(tmpdir(), prefix));
      const core = await AppCore.open({ dataDir });
      const robot = await core.createRobot({ name: 'Reports', baseUrl: 'https://robots.example.com' });
      await core.close();
      storeFinishedCalls(dataDir, calls(robot.id));
      app = await openAppWindow({ dataDir, viewport: { width: 1280, height: 860 } });
      return app;
    },
    get dataDir() {
      if (dataDir === undefined) throw new Error('open the window first');
      return dataDir;
    },
  };
}
