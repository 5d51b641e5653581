import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { AppCore, type CoreEvent } from '../../src/core/appCore.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { whenCall } from '../support/coreEvents.ts';
import { writeRawRecord } from '../support/databaseFile.ts';
import { memorySecrets } from '../support/memorySecrets.ts';

/** Every change the window must hear of is announced by AppCore itself. */
describe('AppCore announces every change', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function open(dataDir?: string, secrets = memorySecrets()) {
    const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'robot-tray-emits-')));
    if (dataDir === undefined) cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const core = await AppCore.open({ dataDir: dir, secrets });
    cleanup.push(() => core.close());
    const events: CoreEvent[] = [];
    core.subscribe((e) => events.push(e));
    return { core, events, dir, secrets };
  }

  async function sandboxWith(): Promise<Sandbox> {
    const sandbox = await startSandbox({ demoRobots: false, seed: 1 });
    cleanup.push(() => sandbox.close());
    sandbox.addRobot({ name: 'quick', flow: [{ type: 'respond', echo: true }] });
    return sandbox;
  }

  test('call changes say the state each call came from', async () => {
    const sandbox = await sandboxWith();
    const { core, events } = await open();
    const robot = await core.createRobot({ name: 'quick', baseUrl: sandbox.baseUrl });
    await core.setToken(robot.id, sandbox.tokenOf('quick'));
    const call = await core.fire(robot.id, { method: 'POST', args: { n: 1 } });
    await whenCall(core, call.id, (c) => c.state === 'done');
    const transitions = events
      .filter((e) => e.type === 'calls')
      .flatMap((e) => e.calls.filter((c) => c.id === call.id).map((c) => `${e.from[c.id]}→${c.state}`));
    expect(transitions[0]).toMatch(/^(null→sending|sending→waiting)$/);
    expect(transitions.at(-1)).toBe('waiting→done');
  });

  test('calls pruned by the history limit are announced as removed', async () => {
    const sandbox = await sandboxWith();
    const { core, events } = await open();
    await core.updateSettings({ historyLimit: 10 });
    const robot = await core.createRobot({ name: 'quick', baseUrl: sandbox.baseUrl });
    await core.setToken(robot.id, sandbox.tokenOf('quick'));
    const fired: string[] = [];
    const removed = () => events.flatMap((e) => (e.type === 'calls.removed' ? e.ids : []));
    // Pruning is checked every few writes: fire until it has run (bounded).
    while (removed().length === 0 && fired.length < 40) {
      const call = await core.fire(robot.id, { method: 'POST', args: {} });
      fired.push(call.id);
      await whenCall(core, call.id, (c) => c.state === 'done');
    }
    expect(removed().length).toBeGreaterThan(0);
    expect(removed()).toContain(fired[0]);
    const listed = new Set(core.listCalls({ limit: 100 }).map((c) => c.id));
    expect(removed().filter((id) => listed.has(id))).toEqual([]);
  });

  test('forgetting a call and clearing finished calls announce the removal', async () => {
    const sandbox = await sandboxWith();
    const { core, events } = await open();
    const robot = await core.createRobot({ name: 'quick', baseUrl: sandbox.baseUrl });
    await core.setToken(robot.id, sandbox.tokenOf('quick'));
    const first = await core.fire(robot.id, { method: 'POST', args: {} });
    const second = await core.fire(robot.id, { method: 'POST', args: {} });
    await whenCall(core, first.id, (c) => c.state === 'done');
    await whenCall(core, second.id, (c) => c.state === 'done');
    core.forgetCall(first.id);
    expect(events.at(-1)).toEqual({ type: 'calls.removed', ids: [first.id], finishedOf: null });
    expect(core.clearFinished(robot.id)).toBe(1);
    expect(events.at(-1)).toEqual({ type: 'calls.removed', ids: [], finishedOf: { robotId: robot.id } });
  });

  test('a token repaired by tokenStatus is announced in the catalog', async () => {
    const { core, events, secrets } = await open();
    const robot = await core.createRobot({ name: 'r', baseUrl: 'https://robots.example.com' });
    await core.setToken(robot.id, 'tok-emits-test-0001');
    // Someone removed it from the keychain behind Robot Tray's back.
    secrets.entries.clear();
    events.length = 0;
    expect(await core.tokenStatus(robot.id)).toMatchObject({
      hasToken: false,
      updatedAt: null,
      suspended: null,
    });
    const catalog = events.find((e) => e.type === 'catalog');
    expect(catalog?.type === 'catalog' && catalog.robots[0]).toMatchObject({ id: robot.id, hasToken: false });
  });

  test('robot and preset changes announce the whole catalog with token status', async () => {
    const { core, events } = await open();
    const robot = await core.createRobot({ name: 'r', baseUrl: 'https://robots.example.com' });
    await core.createPreset({ robotId: robot.id, name: 'p' });
    const last = events.at(-1);
    expect(last?.type).toBe('catalog');
    if (last?.type !== 'catalog') return;
    expect(last.robots.map((r) => [r.name, r.hasToken])).toEqual([['r', false]]);
    expect(last.presets.map((p) => p.name)).toEqual(['p']);
  });

  test('a new warning is announced', async () => {
    const { core, events, dir } = await open();
    writeRawRecord(dir, 'presets', 'broken', '{ not json');
    await core.listPresets();
    const warning = events.find((e) => e.type === 'warnings');
    expect(warning?.type === 'warnings' && warning.warnings[0]?.source).toBe('robot-tray.sqlite');
  });

  test('robots, settings and warnings another process changes reach this one through the change log', async () => {
    const app = await open();
    const cli = await AppCore.open({ dataDir: app.dir, secrets: app.secrets, resumeWatching: false });
    cleanup.push(() => cli.close());
    const heard = (type: string, check: (e: CoreEvent) => boolean) =>
      new Promise<void>((resolve) => {
        const stop = app.core.subscribe((e) => {
          if (e.type === type && check(e)) {
            stop();
            resolve();
          }
        });
      });
    const settings = heard('settings', (e) => e.type === 'settings' && e.settings.historyLimit === 321);
    const robots = heard(
      'catalog',
      (e) => e.type === 'catalog' && e.robots.some((r) => r.name === 'From the log'),
    );
    await cli.updateSettings({ historyLimit: 321 });
    await cli.createRobot({ name: 'From the log', baseUrl: 'https://robots.example.com' });
    // Heard without being asked: no refresh, no file watch; the change log alone.
    await Promise.all([settings, robots]);
    expect(app.core.getSettings().historyLimit).toBe(321);
    // A warning the CLI gives (a record it could not read) is the app's too.
    const warned = heard(
      'warnings',
      (e) => e.type === 'warnings' && e.warnings.some((w) => w.message.includes('(id broken)')),
    );
    writeRawRecord(app.dir, 'presets', 'broken', '{ not json');
    await cli.listPresets();
    await warned;
  });

  test('settings and robots changed by another process are read again and announced', async () => {
    const app = await open();
    const cli = await AppCore.open({ dataDir: app.dir, secrets: app.secrets, resumeWatching: false });
    cleanup.push(() => cli.close());
    await cli.updateSettings({ historyLimit: 123 });
    await cli.createRobot({ name: 'from the CLI', baseUrl: 'https://robots.example.com' });
    await app.core.refreshFromDisk();
    expect(app.core.getSettings().historyLimit).toBe(123);
    expect(app.events).toContainEqual({
      type: 'settings',
      settings: expect.objectContaining({ historyLimit: 123 }),
    });
    const catalog = app.events.find((e) => e.type === 'catalog');
    expect(catalog?.type === 'catalog' && catalog.robots.map((r) => r.name)).toEqual(['from the CLI']);
    // Nothing changed since: nothing more is announced.
    const count = app.events.length;
    await app.core.refreshFromDisk();
    expect(app.events).toHaveLength(count);
  });
});
