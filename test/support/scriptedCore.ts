import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { AppCore, type CoreEvent } from '../../src/core/appCore.ts';
import { FakeClock } from './fakeClock.ts';
import { startScriptedService, type SeenRequest } from './scriptedService.ts';

/**
 * Cores whose one robot talks to a scripted service (answers the sandbox
 * would never give), for the tests of one file: each core has its own data
 * folder and the robot `token` in the (test) keychain; after each test the
 * token is cleared, the core closed, the service closed and the folder removed
 * (last opened, first closed).
 */
export function scriptedCores(options: { token: string; robotName: string; prefix: string }) {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  async function service(respond: (req: SeenRequest, res: ServerResponse) => void) {
    const s = await startScriptedService(respond);
    cleanups.push(s.close);
    return s;
  }

  async function coreFor(baseUrl: string, coreOptions: { clock?: FakeClock } = {}) {
    const clock = coreOptions.clock ?? new FakeClock();
    const dataDir = await mkdtemp(path.join(tmpdir(), options.prefix));
    let core = await AppCore.open({ dataDir, clock, random: () => 0.999 });
    const events: CoreEvent[] = [];
    core.subscribe((e) => events.push(e));
    const robot = await core.createRobot({ name: options.robotName, baseUrl });
    await core.setToken(robot.id, options.token);
    cleanups.push(async () => {
      await core.clearToken(robot.id).catch(() => undefined);
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    return {
      get core() {
        return core;
      },
      robot,
      clock,
      dataDir,
      events,
      async reopen() {
        await core.close();
        core = await AppCore.open({ dataDir, clock, random: () => 0.999, resumeWatching: false });
        return core;
      },
    };
  }

  /** Close something else the test opened (a sandbox, a client's pools) along with the rest. */
  const closeLater = (close: () => Promise<void>) => void cleanups.push(close);

  return { service, coreFor, closeLater };
}
