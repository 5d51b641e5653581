import { execFile } from 'node:child_process';
import { readdir, readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import keytar from 'keytar';
import { afterEach, describe, expect, test } from 'vitest';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { FakeClock } from '../support/fakeClock.ts';

const run = promisify(execFile);
let h: CoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('AppCore across restarts, damage and a missing keychain', () => {
  test('a call left waiting resumes polling after restart; one caught sending becomes unknown', async () => {
    const clock = new FakeClock();
    h = await openCoreHarness({ core: { clock, random: () => 0.999 } });
    const robot = await h.addRobot({
      name: 'Slow',
      flow: [
        { type: 'wait', ms: 3_600_000 },
        { type: 'respond', echo: true },
      ],
    });
    const waiting = await h.core.fire(robot.id, { method: 'POST', args: { n: 1 } });
    expect(waiting.state).toBe('waiting');

    // A second call that was mid-send when the app stopped.
    const sending: Call = {
      ...waiting,
      id: 'caught-sending',
      state: 'sending',
      webhookCallId: null,
      timeline: [],
    };
    await h.core.close();
    const history = CallHistory.open(path.join(h.dataDir, 'robot-tray.sqlite'), new WarningLog());
    history.put(sending);
    history.close();

    const core = await h.reopen();
    expect(core.getCall('caught-sending').state).toBe('unknown');
    expect(core.getCall(waiting.id).state).toBe('waiting');
    h.sandbox.skipWait(waiting.webhookCallId!);
    await h.sandbox.whenSettled(waiting.webhookCallId!);
    clock.runNext();
    const done = await h.waitForCall(waiting.id, (c) => c.state === 'done');
    expect(done.response).toEqual({ n: 1 });
    expect(h.sandbox.calls()).toHaveLength(1);
  });

  test('without a Secret Service, storing a token is a clear keychain error and nothing is stored', async () => {
    const env = { ...process.env };
    delete env['DBUS_SESSION_BUS_ADDRESS'];
    delete env['DISPLAY'];
    env['HOME'] = await mkdtemp(path.join(tmpdir(), 'robot-tray-nodbus-'));
    const { stdout } = await run(
      process.execPath,
      [path.resolve(import.meta.dirname, '../support/keychainProbe.ts')],
      {
        env,
      },
    );
    const report = JSON.parse(stdout) as { kind: string; message: string; hasToken: boolean };
    expect(report.kind).toBe('keychain');
    expect(report.message).toMatch(/Secret Service/);
    expect(report.message).toMatch(/never stored anywhere else/);
    expect(report.hasToken).toBe(false);
    expect(stdout).not.toContain('probe-token-value');
  });

  test('tokens live only in the keychain: never in our files; deleting a robot deletes its token', async () => {
    h = await openCoreHarness();
    const robot = await h.addRobot({ name: 'Secretive', flow: [{ type: 'respond', echo: true }] });
    const token = h.sandbox.tokenOf('Secretive');
    const account = `${robot.id}@${new URL(robot.baseUrl).origin}`;
    expect(await keytar.getPassword('robot-tray', account)).toBe(token);
    await h.core.fire(robot.id, { method: 'POST', args: {} });
    await h.core.close();
    const files = (await readdir(h.dataDir, { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    );
    expect(files.map((e) => e.name)).toEqual(expect.arrayContaining(['robot-tray.sqlite']));
    for (const entry of files) {
      expect((await readFile(path.join(entry.parentPath, entry.name))).includes(token)).toBe(false);
    }
    const core = await h.reopen();
    await core.deleteRobot(robot.id);
    expect(await keytar.getPassword('robot-tray', account)).toBeNull();
    expect(await core.listPresets(robot.id)).toEqual([]);
  });

  test('inputs are validated and a rejection names the field', async () => {
    h = await openCoreHarness();
    await expect(h.core.createRobot({ name: '  ', baseUrl: 'https://x.example' })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('name: must not be empty'),
    });
    await expect(h.core.createRobot({ name: 'A', baseUrl: 'ftp://x' })).rejects.toThrow(
      /baseUrl: must start with https/,
    );
    await h.core.createRobot({ name: 'Billing', baseUrl: 'https://x.example' });
    await expect(h.core.createRobot({ name: 'billing', baseUrl: 'https://y.example' })).rejects.toThrow(
      /already exists/,
    );
    await expect(h.core.fire('no-such-robot', { method: 'POST', args: {} })).rejects.toMatchObject({
      kind: 'not-found',
    });
  });
});

describe('AppCore under load', () => {
  test('200 concurrent calls all reach done', async () => {
    h = await openCoreHarness();
    const robot = await h.addRobot(
      {
        name: 'Busy',
        flow: [
          { type: 'waitRandom', minMs: 0, maxMs: 300 },
          { type: 'respond', echo: true },
        ],
      },
      { pollPolicy: { firstDelayMs: 100, maxDelayMs: 200 } },
    );
    const done = new Set<string>();
    const allDone = new Promise<void>((resolve) => {
      h!.core.subscribe((e) => {
        if (e.type !== 'calls') return;
        for (const c of e.calls) if (c.state === 'done') done.add(c.id);
        if (done.size === 200) resolve();
      });
    });
    const calls = await Promise.all(
      Array.from({ length: 200 }, (_, i) => h!.core.fire(robot.id, { method: 'POST', args: { i } })),
    );
    expect(calls.every((c) => c.state === 'waiting' || c.state === 'done')).toBe(true);
    await allDone;
    const stored = h.core.listCalls({ limit: 500 });
    expect(stored.filter((c) => c.state === 'done')).toHaveLength(200);
    expect(new Set(stored.map((c) => (h!.core.getCall(c.id).response as { i: number }).i)).size).toBe(200);
  });
});
