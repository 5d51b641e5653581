import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { Catalog } from '../../src/core/catalog.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { openCatalogFiles } from '../../src/core/store/catalogFiles.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { whenCall } from '../support/coreEvents.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { json, startScriptedService, type SeenRequest } from '../support/scriptedService.ts';

const TOKEN = 'tok-hardening-77c1-abcd';
const cleanups: Array<() => Promise<void>> = [];
let h: CoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  while (cleanups.length > 0) await cleanups.pop()!();
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-hard-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

async function scripted(respond: (req: SeenRequest, res: ServerResponse) => void, clock = new FakeClock()) {
  const svc = await startScriptedService(respond);
  const dataDir = await tempDir();
  const core = await AppCore.open({ dataDir, clock, random: () => 0.999 });
  const robot = await core.createRobot({ name: 'Scripted', baseUrl: svc.url });
  await core.setToken(robot.id, TOKEN);
  cleanups.push(async () => {
    await core.clearToken(robot.id);
    await core.close();
    await svc.close();
  });
  return { core, robot, svc, clock };
}

describe('core hardening', () => {
  test('a non-JSON success body that echoes the token is redacted before it is stored', async () => {
    const { core, robot } = await scripted((req, res) => {
      res.writeHead(200).end(`<html>debug token=${String(req.headers['x-service-token'])}</html>`);
    });
    const call = await core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
    expect(call.error?.message).toContain('[redacted]');
    expect(JSON.stringify(core.listCalls())).not.toContain(TOKEN);
    expect(core.listCalls({ text: TOKEN })).toEqual([]);
  });

  test('a trigger answer over the size cap is unknown, not unreachable: the robot probably started', async () => {
    const { core, robot } = await scripted((_req, res) =>
      json(res, 200, { webhookCallId: 'w', pad: 'x'.repeat(2 * 1024 * 1024) }),
    );
    const call = await core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
  });

  test('a query answer over the size cap stops watching instead of downloading it again and again', async () => {
    const { core, robot, clock, svc } = await scripted((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'big' })
        : json(res, 200, { status: 'WAITING', pad: 'x'.repeat(4096) }),
    );
    await core.updateSettings({ http: { queryResponseCapBytes: 2048 } });
    expect(core.getSettings().http.connectTimeoutMs).toBe(10_000);
    const fired = await core.fire(robot.id, { method: 'POST', args: {} });
    const stopped = whenCall(core, fired.id, (c) => c.state === 'stopped');
    clock.runNext();
    await stopped;
    expect(core.getCall(fired.id).error?.message).toMatch(/larger than 2 KiB/);
    expect(svc.seen.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(core.watchingCount).toBe(0);
  });

  test('a call still being sent cannot be forgotten', async () => {
    let answer: () => void = () => undefined;
    const { core, robot, svc } = await scripted((_req, res) => {
      answer = () => json(res, 200, { webhookCallId: 'late' });
    });
    const firing = core.fire(robot.id, { method: 'POST', args: {} });
    await expect.poll(() => svc.seen.length).toBe(1);
    const [sending] = core.listCalls();
    expect(sending?.state).toBe('sending');
    expect(() => core.forgetCall(sending!.id)).toThrow(/still being sent/);
    answer();
    expect((await firing).state).toBe('waiting');
  });

  test('a poll whose robot lookup fails stays scheduled and completes later', async () => {
    const clock = new FakeClock();
    h = await openCoreHarness({ core: { clock, random: () => 0.999 } });
    const robot = await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const fired = await h.core.fire(robot.id, { method: 'POST', args: { a: 1 } });
    const robotsFile = path.join(h.dataDir, 'robots.json');
    const saved = await readFile(robotsFile, 'utf8');
    await rm(robotsFile);
    await writeFile(robotsFile + '.tmp', saved);
    // robots.json is a folder for a moment: reading it fails with EISDIR.
    await mkdir(robotsFile);
    clock.runNext();
    const failed = await h.waitForCall(fired.id, (c) => c.pollCount === 1);
    expect(failed.state).toBe('waiting');
    expect(failed.error?.kind).toBe('storage');
    await rm(robotsFile, { recursive: true });
    await rename(robotsFile + '.tmp', robotsFile);
    clock.runNext();
    const done = await h.waitForCall(fired.id, (c) => c.state === 'done');
    expect(done.response).toEqual({ a: 1 });
  });

  test('the app takes over a call the CLI left waiting', async () => {
    const clock = new FakeClock();
    h = await openCoreHarness({ core: { clock, random: () => 0.999 } });
    const robot = await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const cli = await AppCore.open({ dataDir: h.dataDir, resumeWatching: false });
    const fired = await cli.fire(robot.id, { method: 'POST', args: { from: 'cli' } });
    await cli.close();
    clock.advance(5_000);
    clock.runNext();
    const done = await h.waitForCall(fired.id, (c) => c.state === 'done');
    expect(done.response).toEqual({ from: 'cli' });
  });

  test('the app and the CLI creating robots at the same moment lose neither', async () => {
    const dir = await tempDir();
    let n = 0;
    const open = () =>
      new Catalog(openCatalogFiles(dir, new WarningLog(), Date.now), Date.now, () => `id${n++}`);
    const app = open();
    const cli = open();
    const nothingToCheck = () => undefined;
    await Promise.all([
      app.createRobot({ name: 'From the app', baseUrl: 'https://a.example' }, nothingToCheck),
      cli.createRobot({ name: 'From the CLI', baseUrl: 'https://b.example' }, nothingToCheck),
      app.createRobot({ name: 'Second from the app', baseUrl: 'https://c.example' }, nothingToCheck),
    ]);
    expect((await open().robots()).map((r) => r.name).sort()).toEqual([
      'From the CLI',
      'From the app',
      'Second from the app',
    ]);
  });

  test('a history written by a newer Robot Tray is refused, not set aside', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'history.sqlite');
    const db = new DatabaseSync(file);
    db.exec('CREATE TABLE calls (id TEXT); PRAGMA user_version = 9;');
    db.close();
    expect(() => CallHistory.open(file, new WarningLog())).toThrow(/newer Robot Tray.*Update Robot Tray/);
    const again = new DatabaseSync(file);
    expect(again.prepare('PRAGMA user_version').get()).toEqual({ user_version: 9 });
    again.close();
  });

  test('a token that cannot travel in a header is refused when stored', async () => {
    h = await openCoreHarness();
    const robot = await h.core.createRobot({ name: 'R', baseUrl: 'https://r.example' });
    await expect(h.core.setToken(robot.id, 'tøken€')).rejects.toThrow(/plain ASCII/);
    expect((await h.core.getRobot(robot.id)).hasToken).toBe(false);
  });

  test('resuming an unexpected call drops the body it kept', async () => {
    const { core, robot, clock } = await scripted((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w-paused' })
        : json(res, 200, { status: 'PAUSED', detail: 'waiting for an operator' }),
    );
    const fired = await core.fire(robot.id, { method: 'POST', args: {} });
    const ended = whenCall(core, fired.id, (c) => c.state === 'unexpected');
    clock.runNext();
    await ended;
    expect(core.getCall(fired.id).response).toBeDefined();
    const resumed = await core.resumeCall(fired.id);
    expect(resumed.response).toBeUndefined();
    expect(core.getCall(fired.id).response).toBeUndefined();
  });

  test('a failed status answer that echoes the token is redacted before it is stored', async () => {
    const { core, robot, clock } = await scripted((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w-echo' })
        : json(res, 200, {
            status: 'ERROR',
            detail: `request token was ${String(req.headers['x-service-token'])}`,
          }),
    );
    const fired = await core.fire(robot.id, { method: 'POST', args: {} });
    const ended = whenCall(core, fired.id, (c) => c.state === 'failed');
    clock.runNext();
    await ended;
    const call = core.getCall(fired.id);
    expect(call.response).toEqual({ status: 'ERROR', detail: 'request token was [redacted]' });
    expect(JSON.stringify(core.listCalls())).not.toContain(TOKEN);
  });

  test('arguments named "__proto__" or holding Infinity are refused by name, not dropped', async () => {
    const { core, robot, svc } = await scripted((_req, res) => json(res, 200, { webhookCallId: 'x' }));
    await expect(
      core.fire(robot.id, { method: 'POST', args: JSON.parse('{"__proto__": 1, "x": 1}') as object }),
    ).rejects.toThrow(/__proto__/);
    await expect(core.fire(robot.id, { method: 'POST', args: { a: Infinity } })).rejects.toThrow(
      /args\.a: must be a JSON value/,
    );
    expect(svc.seen).toHaveLength(0);
  });
});
