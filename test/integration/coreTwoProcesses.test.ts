import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { AppCore, type CoreEvent } from '../../src/core/appCore.ts';
import { Catalog } from '../../src/core/catalog.ts';
import { LEASE_MS } from '../../src/core/tracker/leaseKeeper.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { whenCall } from '../support/coreEvents.ts';
import { catalogTablesIn } from '../support/databaseFile.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { json, startScriptedService } from '../support/scriptedService.ts';

/**
 * Two cores on one data folder, as the app and a CLI command are: each its
 * own SQLite connection, poll clock and process id. Polls run on fake
 * clocks (so a test says which process may poll, and when); what one core
 * learns of the other's changes comes through the change log, on events.
 */
const START = Date.UTC(2026, 10, 21, 9, 0, 0);
let dataDir: string;
let cores: AppCore[];
let closers: Array<() => Promise<void>>;
const secrets = memorySecrets();

async function openCore(clock: FakeClock, resumeWatching: boolean): Promise<AppCore> {
  const core = await AppCore.open({ dataDir, clock, secrets, resumeWatching, random: () => 0 });
  cores.push(core);
  return core;
}

/** The next event of `type` that `predicate` accepts. */
function nextEvent<T extends CoreEvent['type']>(
  core: AppCore,
  type: T,
  predicate: (event: Extract<CoreEvent, { type: T }>) => boolean = () => true,
): Promise<Extract<CoreEvent, { type: T }>> {
  return new Promise((resolve) => {
    const off = core.subscribe((event) => {
      if (event.type !== type) return;
      const typed = event as Extract<CoreEvent, { type: T }>;
      if (!predicate(typed)) return;
      off();
      resolve(typed);
    });
  });
}

afterEach(async () => {
  for (const core of cores) await core.close();
  for (const close of closers) await close();
  await rm(dataDir, { recursive: true, force: true });
});

async function setUp(): Promise<void> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-two-'));
  cores = [];
  closers = [];
}

describe('one watcher per call', () => {
  let sandbox: Sandbox;

  async function robotIn(core: AppCore): Promise<string> {
    sandbox = await startSandbox({ demoRobots: false, seed: 7 });
    closers.push(() => sandbox.close());
    const { token } = sandbox.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const robot = await core.createRobot({ name: 'Echo', baseUrl: sandbox.baseUrl });
    await core.setToken(robot.id, token);
    return robot.id;
  }
  const queries = () => sandbox.requests().filter((r) => r.method === 'GET').length;

  test('the app leaves a call the CLI watches alone, and hears of it from creation to its response', async () => {
    await setUp();
    const appClock = new FakeClock(START);
    const cliClock = new FakeClock(START);
    const app = await openCore(appClock, true);
    const cli = await openCore(cliClock, false);
    const robotId = await robotIn(cli);

    const appHearsWaiting = nextEvent(app, 'calls', (e) => e.calls.some((c) => c.state === 'waiting'));
    const fired = await cli.fire(robotId, { method: 'POST', args: { n: 1 } });
    expect(fired.state).toBe('waiting');
    expect((await appHearsWaiting).calls.map((c) => c.id)).toEqual([fired.id]);

    // The CLI holds the lease: the app adopts nothing and never polls it.
    expect(app.adoptWaitingCalls()).toEqual([]);
    expect(app.watchingCount).toBe(0);
    appClock.advance(LEASE_MS - 1);
    expect(app.adoptWaitingCalls()).toEqual([]);
    expect(queries()).toBe(0);

    const appHearsDone = whenCall(app, fired.id, (c) => c.state === 'done');
    cliClock.runNext();
    await whenCall(cli, fired.id, (c) => c.state === 'done');
    expect((await appHearsDone).response).toEqual({ n: 1 });
    expect(app.getCall(fired.id).response).toEqual({ n: 1 });
    expect(queries()).toBe(1);
  });

  test('a call the app watches can be stopped from the CLI: the app lets it go and says so', async () => {
    await setUp();
    const appClock = new FakeClock(START);
    const app = await openCore(appClock, true);
    const cli = await openCore(new FakeClock(START), false);
    const robotId = await robotIn(app);
    const fired = await app.fire(robotId, { method: 'POST', args: { n: 3 } });
    expect(app.watchingCount).toBe(1);
    const appHearsStopped = whenCall(app, fired.id, (c) => c.state === 'stopped');
    expect(cli.stopCall(fired.id).state).toBe('stopped');
    expect((await appHearsStopped).timeline.at(-1)?.note).toBe('Stopped by you.');
    expect(app.watchingCount).toBe(0);
    appClock.advance(60_000);
    expect(queries()).toBe(0);
    expect(app.getCall(fired.id).state).toBe('stopped');
  });

  test('a call whose watcher let go (the command ended) is taken over by the app at once', async () => {
    await setUp();
    const appClock = new FakeClock(START);
    const app = await openCore(appClock, true);
    const cli = await openCore(new FakeClock(START), false);
    const robotId = await robotIn(cli);
    const fired = await cli.fire(robotId, { method: 'POST', args: { n: 2 } });
    const appHearsDone = whenCall(app, fired.id, (c) => c.state === 'done');
    const adopted = nextEvent(app, 'calls', () => app.watchingCount === 1);
    await cli.close();
    await adopted;
    expect(app.watchingCount).toBe(1);
    appClock.runNext();
    expect((await appHearsDone).response).toEqual({ n: 2 });
    expect(queries()).toBe(1);
  });
  test('the app takes over a call the CLI left waiting', async () => {
    await setUp();
    const appClock = new FakeClock(START);
    const app = await openCore(appClock, true);
    const cli = await openCore(new FakeClock(START), false);
    const robotId = await robotIn(cli);
    const fired = await cli.fire(robotId, { method: 'POST', args: { from: 'cli' } });
    await cli.close();
    const appHearsDone = whenCall(app, fired.id, (c) => c.state === 'done');
    appClock.advance(5_000);
    appClock.runNext();
    const done = await appHearsDone;
    expect(done.response).toEqual({ from: 'cli' });
  });
});

describe('calls forgotten in another process', () => {
  test('"Clear finished" in the CLI removes those calls from the app, and leaves the one still waiting', async () => {
    await setUp();
    const sandbox = await startSandbox({ demoRobots: false, seed: 9 });
    closers.push(() => sandbox.close());
    const { token } = sandbox.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const app = await openCore(new FakeClock(START), true);
    const cliClock = new FakeClock(START);
    const cli = await openCore(cliClock, false);
    const robot = await cli.createRobot({ name: 'Echo', baseUrl: sandbox.baseUrl });
    await cli.setToken(robot.id, token);
    const finished = await cli.fire(robot.id, { method: 'POST', args: { n: 1 } });
    cliClock.runNext();
    await whenCall(app, finished.id, (c) => c.state === 'done');
    const waiting = await cli.fire(robot.id, { method: 'POST', args: { n: 2 } });
    await whenCall(app, waiting.id, (c) => c.state === 'waiting');

    const removed = nextEvent(app, 'calls.removed', (e) => e.ids.includes(finished.id));
    expect(cli.clearFinished()).toBe(1);
    expect((await removed).ids).toEqual([finished.id]);
    expect(app.listCalls().map((c) => c.id)).toEqual([waiting.id]);
  });
});

describe('a lapsed lease, and a final state that stays final', () => {
  test('a watcher that stalls past its lease is taken over; the DONE it then gets stands over the new watcher’s expired', async () => {
    await setUp();
    // A service that hands a result out once, then forgets the call (404).
    let handedOut = false;
    const service = await startScriptedService((req, res) => {
      if (req.method === 'POST') return json(res, 200, { webhookCallId: 'wh-once' });
      if (handedOut) return json(res, 404, { error: 'unknown call' });
      handedOut = true;
      json(res, 200, { status: 'DONE', response: { invoice: 'INV-1' } });
    });
    closers.push(service.close);
    const appClock = new FakeClock(START);
    const cliClock = new FakeClock(START);
    const app = await openCore(appClock, true);
    const cli = await openCore(cliClock, false);
    const robot = await cli.createRobot({ name: 'Once', baseUrl: service.url });
    await cli.setToken(robot.id, 'token-once-0123456789');
    const fired = await cli.fire(robot.id, { method: 'POST', args: {} });

    // The CLI stalls (no renewal): the app's first scan, 5 s in, sees its lease, and the
    // scan that has seen it unchanged for a whole lease by the app's own clock takes the call over.
    appClock.advance(LEASE_MS);
    expect(app.watchingCount).toBe(0);
    appClock.advance(5_000);
    expect(app.watchingCount).toBe(1);

    // The stalled CLI wakes and polls first: it gets the one DONE.
    cliClock.runNext();
    await whenCall(cli, fired.id, (c) => c.state === 'done');
    // The app's poll then finds the call forgotten. Whether the app heard of
    // the DONE first (it stops watching) or wrote its `expired` first (the
    // version check makes it lose), the DONE stands: the rule itself is
    // tested in sharedHistory.test.ts.
    const appEnds = whenCall(app, fired.id, (c) => c.state !== 'waiting');
    appClock.runNext();
    const ended = await appEnds;
    expect(ended.state).toBe('done');
    expect(app.getCall(fired.id)).toMatchObject({ state: 'done', response: { invoice: 'INV-1' } });
    expect(cli.getCall(fired.id).state).toBe('done');
    expect(app.watchingCount).toBe(0);
  });
});

describe('a trigger in flight while another process scans', () => {
  /** A service whose trigger answers only when the test says (it is in flight meanwhile); its status queries answer DONE. */
  async function heldTrigger() {
    let answer: (() => void) | undefined;
    let arrived!: () => void;
    const triggerArrived = new Promise<void>((resolve) => (arrived = resolve));
    const service = await startScriptedService((req, res) => {
      if (req.method !== 'POST') return json(res, 200, { status: 'DONE', response: { invoice: 'INV-7' } });
      answer = () => json(res, 200, { webhookCallId: 'wh-late' });
      arrived();
    });
    closers.push(service.close);
    return { url: service.url, triggerArrived, answer: () => answer!() };
  }

  /** The app and a CLI on clocks that start at `appStart` and START, the CLI with a robot on `url`; the CLI fires it. */
  async function cliFiresWhileAppWatches(url: string, appStart: number) {
    const appClock = new FakeClock(appStart);
    const cliClock = new FakeClock(START);
    const app = await openCore(appClock, true);
    const cli = await openCore(cliClock, false);
    const robot = await cli.createRobot({ name: 'Slow', baseUrl: url });
    await cli.setToken(robot.id, 'token-slow-0123456789');
    const appHearsSending = nextEvent(app, 'calls', (e) => e.calls.some((c) => c.state === 'sending'));
    const firing = cli.fire(robot.id, { method: 'POST', args: {} });
    const id = (await appHearsSending).calls[0]!.id;
    return { app, cli, appClock, cliClock, firing, id };
  }

  test('an app whose clock runs 60 s ahead never takes a live CLI’s call: the webhookCallId is kept and the call followed to DONE', async () => {
    await setUp();
    const held = await heldTrigger();
    const { app, cli, appClock, cliClock, firing, id } = await cliFiresWhileAppWatches(
      held.url,
      START + 60_000,
    );
    const appSaid: string[] = [];
    app.subscribe((e) => {
      if (e.type === 'calls') for (const c of e.calls) if (c.id === id) appSaid.push(c.state);
    });
    await held.triggerArrived;
    // By the app's wall clock the CLI's lease ran out 30 s ago; the app's scans run for 10 s of its own time.
    appClock.advance(10_000);
    expect(app.getCall(id).state).toBe('sending');

    held.answer();
    expect(await firing).toMatchObject({ state: 'waiting', webhookCallId: 'wh-late' });
    const appHearsDone = whenCall(app, id, (c) => c.state === 'done');
    cliClock.runNext();
    await whenCall(cli, id, (c) => c.state === 'done');
    expect(await appHearsDone).toMatchObject({ webhookCallId: 'wh-late', response: { invoice: 'INV-7' } });
    expect(appSaid).not.toContain('unknown');
  });

  test('a CLI stalled mid-trigger past its lease is called unknown; the acceptance that then comes, with its webhookCallId, replaces that and is followed to DONE', async () => {
    await setUp();
    const held = await heldTrigger();
    const { app, cli, appClock, firing, id } = await cliFiresWhileAppWatches(held.url, START);
    await held.triggerArrived;
    // No renewal for a whole lease by the app's clock: the app takes the call, which is still being sent.
    appClock.advance(LEASE_MS + 5_000);
    expect(app.getCall(id).state).toBe('unknown');

    held.answer();
    expect(await firing).toMatchObject({ state: 'waiting', webhookCallId: 'wh-late' });
    // The command ends (a fire without --wait): the app takes the call over and follows it.
    const appHearsDone = whenCall(app, id, (c) => c.state === 'done');
    const adopted = nextEvent(app, 'calls', () => app.watchingCount === 1);
    await cli.close();
    await adopted;
    appClock.runNext();
    expect(await appHearsDone).toMatchObject({ webhookCallId: 'wh-late', response: { invoice: 'INV-7' } });
    expect(app.getCall(id)).toMatchObject({ state: 'done', webhookCallId: 'wh-late' });
  });
});

describe('every process sees every change', () => {
  test('robots, presets and settings another process changes are announced', async () => {
    await setUp();
    const app = await openCore(new FakeClock(START), true);
    const cli = await openCore(new FakeClock(START), false);
    const catalog = nextEvent(app, 'catalog', (e) => e.robots.some((r) => r.name === 'Ledger'));
    await cli.createRobot({ name: 'Ledger', baseUrl: 'https://robots.example.com' });
    expect((await catalog).robots.map((r) => r.name)).toEqual(['Ledger']);
    const settings = nextEvent(app, 'settings', (e) => e.settings.historyLimit === 777);
    await cli.updateSettings({ historyLimit: 777 });
    expect((await settings).settings.historyLimit).toBe(777);
    expect(app.getSettings().historyLimit).toBe(777);
  });
});

describe('changes made at the same moment', () => {
  test('the app and the CLI creating robots at the same moment lose neither', async () => {
    await setUp();
    let n = 0;
    const open = () => new Catalog(catalogTablesIn(dataDir).tables, Date.now, () => `id${n++}`);
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
});
