import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { AppCore, type CoreEvent } from '../../src/core/appCore.ts';
import { whenCall } from '../support/coreEvents.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { json, startScriptedService, type SeenRequest } from '../support/scriptedService.ts';

/**
 * A robot's token set anew (or removed) while one of its calls waits: the
 * trigger carried the old token, the polls after carry the new one or none.
 * A service that echoes either back must find both masked wherever the
 * answer goes (the call, the events, the data folder).
 */

const OLD = 'Old+/token=AbCdEf0123456789';
const NEW = 'New+/token=ZyXwVu9876543210';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A service that answers the trigger, then echoes every token it has seen in its status answers. */
async function echoingService(status: (seen: string[], res: ServerResponse) => void) {
  const tokens: string[] = [];
  const respond = (req: SeenRequest, res: ServerResponse) => {
    const token = req.headers['x-service-token'];
    if (typeof token === 'string' && !tokens.includes(token)) tokens.push(token);
    if (req.method === 'POST') json(res, 200, { webhookCallId: 'w1' });
    else status(tokens, res);
  };
  const svc = await startScriptedService(respond);
  cleanups.push(svc.close);
  return svc;
}

async function firedThenRotated(baseUrl: string, sendTokenOnQuery: boolean, rotate: 'set' | 'clear') {
  const clock = new FakeClock();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-rotated-'));
  const core = await AppCore.open({ dataDir, clock, random: () => 0.999 });
  const events: CoreEvent[] = [];
  core.subscribe((e) => events.push(e));
  const robot = await core.createRobot({ name: 'Rotated', baseUrl });
  await core.updateRobot(robot.id, { sendTokenOnQuery });
  await core.setToken(robot.id, OLD);
  cleanups.push(async () => {
    await core.clearToken(robot.id).catch(() => undefined);
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const fired = await core.fire(robot.id, { method: 'POST', args: {} });
  if (rotate === 'set') await core.setToken(robot.id, NEW);
  else await core.clearToken(robot.id);
  const settled = whenCall(core, fired.id, (c) => c.state !== 'waiting');
  clock.runNext();
  return { core, events, dataDir, call: await settled };
}

async function dataFolderText(dataDir: string): Promise<string> {
  const names = await readdir(dataDir);
  const parts = await Promise.all(
    names.map((n) => readFile(path.join(dataDir, n)).catch(() => Buffer.alloc(0))),
  );
  return Buffer.concat(parts).toString('latin1');
}

function expectNeither(text: string): void {
  for (const token of [OLD, NEW, JSON.stringify(OLD).slice(1, -1).replace(/\//g, '\\/')]) {
    expect(text).not.toContain(token);
  }
  expect(text).not.toContain(encodeURIComponent(OLD));
}

describe('a token set anew between the trigger and a poll is masked in what the service echoes', () => {
  test.each([true, false])(
    'a DONE response echoing the old and the new token (queries send the token: %s)',
    async (sendTokenOnQuery) => {
      const svc = await echoingService((seen, res) =>
        // The trigger's token as the service kept it, and again escaped, and encoded.
        json(res, 200, {
          status: 'DONE',
          response: { seen, url: `https://x.example/?t=${encodeURIComponent(OLD)}` },
        }),
      );
      const { core, events, dataDir, call } = await firedThenRotated(svc.url, sendTokenOnQuery, 'set');
      expect(call.state).toBe('done');
      expect(svc.seen[1]?.headers['x-service-token']).toBe(sendTokenOnQuery ? NEW : undefined);
      const response = call.response as { seen: string[] };
      expect(response.seen).toEqual(sendTokenOnQuery ? ['[redacted]', '[redacted]'] : ['[redacted]']);
      expectNeither(JSON.stringify(call));
      expectNeither(JSON.stringify(events));
      await core.close();
      expectNeither(await dataFolderText(dataDir));
    },
  );

  test('an error answer echoing the old token after the token was removed', async () => {
    const svc = await echoingService((seen, res) =>
      json(res, 400, { error: `unknown run for token ${seen[0]} (${encodeURIComponent(OLD)})` }),
    );
    const { core, events, dataDir, call } = await firedThenRotated(svc.url, false, 'clear');
    expect(call.error?.message).toContain('[redacted]');
    expectNeither(JSON.stringify(call));
    expectNeither(JSON.stringify(events));
    await core.close();
    expectNeither(await dataFolderText(dataDir));
  });
});
