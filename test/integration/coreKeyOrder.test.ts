import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { whenCall } from '../support/coreEvents.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { startScriptedService } from '../support/scriptedService.ts';

const TOKEN = 'tok-key-order-5d2e-abcd';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

test('a response keeps the key order the robot sent, live and read back from the history, for the window', async () => {
  const written = '{"a.b":1,"0":"zero","list":[{"10":"ten","9":"nine"}]}';
  const svc = await startScriptedService((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      req.method === 'POST' ? '{"webhookCallId":"w-order"}' : `{"status":"DONE","response":${written}}`,
    );
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-order-'));
  const clock = new FakeClock();
  let core = await AppCore.open({ dataDir, clock, random: () => 0.999 });
  const robot = await core.createRobot({ name: 'Ordered', baseUrl: svc.url });
  await core.setToken(robot.id, TOKEN);
  cleanups.push(async () => {
    await core.clearToken(robot.id);
    await core.close();
    await svc.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const fired = await core.fire(robot.id, { method: 'POST', args: {} });
  const done = whenCall(core, fired.id, (c) => c.state === 'done');
  clock.runNext();
  await done;
  expect(core.callDetail(fired.id).responseJson).toBe(written);
  await core.close();
  core = await AppCore.open({ dataDir, clock, random: () => 0.999 });
  expect(core.callDetail(fired.id).responseJson).toBe(written);
});
