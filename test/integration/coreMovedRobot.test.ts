import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { whenCall } from '../support/coreEvents.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { json, startScriptedService } from '../support/scriptedService.ts';

/**
 * A robot another process (the CLI) moves to another host while the app
 * watches one of its calls: the app's copy of robots.json may be up to
 * 250 ms old when it polls. Whether it is or not, the call is queried where
 * it was fired, with the token set for that origin, and the new host gets
 * neither that token nor, until someone confirms, any request with it.
 */
const TOKEN = 'moved-robot-token-0123456789';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

test('a call of a robot moved by another process is still queried at its origin with its token; the new host gets no token', async () => {
  const first = await startScriptedService((req, res) =>
    req.method === 'POST' ? json(res, 200, { webhookCallId: 'w1' }) : json(res, 200, { status: 'WAITING' }),
  );
  const second = await startScriptedService((_req, res) => json(res, 200, { webhookCallId: 'w2' }));
  cleanups.push(first.close, second.close);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-moved-'));
  const secrets = memorySecrets();
  const clock = new FakeClock();
  const app = await AppCore.open({ dataDir, clock, secrets, random: () => 0 });
  const cli = await AppCore.open({ dataDir, clock: new FakeClock(), secrets, resumeWatching: false });
  cleanups.push(async () => {
    await cli.close();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const robot = await app.createRobot({ name: 'Mover', baseUrl: first.url });
  await app.setToken(robot.id, TOKEN);
  const fired = await app.fire(robot.id, { method: 'POST', args: {} });
  const polled = whenCall(app, fired.id, (c) => c.pollCount === 1);
  clock.runNext();
  await polled;

  await cli.updateRobot(robot.id, { baseUrl: second.url });
  const again = whenCall(app, fired.id, (c) => c.pollCount === 2);
  clock.runNext();
  await again;
  await expect(app.fire(robot.id, { method: 'POST', args: {} })).rejects.toThrow(
    /was set for .* until you confirm/,
  );

  const queries = first.seen.filter((r) => r.method === 'GET');
  expect(queries).toHaveLength(2);
  for (const q of queries) expect(q.headers['x-service-token']).toBe(TOKEN);
  expect(second.seen).toEqual([]);
});
