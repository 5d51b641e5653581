import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppCore, type AppCoreOptions } from '../../src/core/appCore.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { whenCall } from './coreEvents.ts';
import { trustConfirmed } from './trustConfirmed.ts';
import type { RobotView } from '../../src/shared/models/robot.ts';
import {
  startSandbox,
  type RobotDefinition,
  type Sandbox,
  type SandboxOptions,
} from '../../src/sandbox/index.ts';

/**
 * A robot the sandbox runs with `definition`, added to `core` with the
 * sandbox's base URL and its token in the keychain; `extra` (a CA file, plain
 * http) is confirmed as the person setting the robot up would.
 */
export async function addSandboxRobot(
  core: AppCore,
  sandbox: Sandbox,
  definition: RobotDefinition,
  extra: Record<string, unknown> = {},
): Promise<{ robot: RobotView; token: string }> {
  const { token } = sandbox.addRobot(definition);
  const robot = await core.createRobot(
    { name: definition.name, baseUrl: sandbox.baseUrl, ...extra },
    trustConfirmed,
  );
  await core.setToken(robot.id, token);
  return { robot: await core.getRobot(robot.id), token };
}

export type CoreHarness = {
  core: AppCore;
  sandbox: Sandbox;
  dataDir: string;
  /** Define a robot in the sandbox and the same robot, with its token, in Robot Tray. */
  addRobot(definition: RobotDefinition, extra?: Record<string, unknown>): Promise<RobotView>;
  /** Resolve with the call once `predicate` holds, waiting on core events, never on time. */
  waitForCall(callId: string, predicate: (call: Call) => boolean): Promise<Call>;
  reopen(options?: Partial<AppCoreOptions>): Promise<AppCore>;
  close(): Promise<void>;
};

/**
 * A Robot Tray core with its own data folder, talking over real HTTP to its
 * own sandbox, with tokens in the real (test) keychain.
 */
export async function openCoreHarness(
  options: { core?: Partial<AppCoreOptions>; sandbox?: SandboxOptions } = {},
): Promise<CoreHarness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-core-'));
  const sandbox = await startSandbox({ demoRobots: false, seed: 7, ...options.sandbox });
  let core = await AppCore.open({ dataDir, ...options.core });
  const robotIds: string[] = [];

  const harness: CoreHarness = {
    get core() {
      return core;
    },
    sandbox,
    dataDir,
    async addRobot(definition, extra = {}) {
      const { robot } = await addSandboxRobot(core, sandbox, definition, extra);
      robotIds.push(robot.id);
      return robot;
    },
    waitForCall(callId, predicate) {
      return whenCall(core, callId, predicate);
    },
    async reopen(more = {}) {
      await core.close();
      core = await AppCore.open({ dataDir, ...options.core, ...more });
      return core;
    },
    async close() {
      for (const id of robotIds) {
        try {
          await core.clearToken(id);
        } catch {
          // Already deleted by the test.
        }
      }
      await core.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
