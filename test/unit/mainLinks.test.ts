import type { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { LinkInbox } from '../../src/main/links/linkInbox.ts';
import { AppEvent, type Navigation } from '../../src/shared/events.ts';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';

/** Electron's app, mocked: an emitter that records the protocol claim and holds whenReady. */
const mocked = vi.hoisted(() => ({
  app: undefined as unknown as EventEmitter & Record<string, unknown>,
  ready: undefined as unknown as () => void,
  claimed: [] as string[],
  started: [] as Array<{ dir: string; links: unknown }>,
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const app = new Emitter() as EventEmitter & Record<string, unknown>;
  const ready = new Promise<void>((resolve) => (mocked.ready = resolve));
  Object.assign(app, {
    isPackaged: true,
    requestSingleInstanceLock: () => true,
    whenReady: () => ready,
    quit: () => undefined,
    setAppUserModelId: () => undefined,
    isDefaultProtocolClient: () => false,
    setAsDefaultProtocolClient: (scheme: string) => (mocked.claimed.push(scheme), true),
  });
  mocked.app = app;
  return { app, protocol: { registerSchemesAsPrivileged: () => undefined } };
});

// The shell itself is not started here: we take the link inbox main hands it.
vi.mock('../../src/main/shell.ts', () => ({
  startShell: async (dir: string, links: unknown) => void mocked.started.push({ dir, links }),
}));

const { openLinksIn } = await import('../../src/main/links/openLink.ts');
const { createNavigator } = await import('../../src/main/links/navigator.ts');

const FIRST = 'robot-tray://fire?robot=Orders&preset=Refund%20one&customerId=7';

/**
 * Links reach main on the first start's command line, a second launch's
 * (Windows, Linux) and macOS's open-url; main reads each against the robots
 * and presets and sends the window a parsed "navigate" event: the run, or
 * the reason it cannot be opened. Nothing here fires anything.
 */
describe('links reaching main', () => {
  let shell: ShellHarness;
  let links: LinkInbox;
  let robotId: string;
  let presetId: string;
  const sent: AppEvent[] = [];
  let shown = 0;
  let delivered: (() => void) | undefined;

  beforeAll(async () => {
    const argv = process.argv;
    process.argv = [...argv, FIRST];
    try {
      await import('../../src/main/index.ts');
    } finally {
      process.argv = argv;
    }
    // macOS hands over a link before the app is ready; it must wait, not vanish.
    let prevented = false;
    mocked.app.emit(
      'open-url',
      { preventDefault: () => (prevented = true) },
      'robot-tray://fire?robot=orders',
    );
    expect(prevented).toBe(true);
    mocked.ready();
    await vi.waitUntil(() => mocked.started.length === 1);
    links = mocked.started[0]!.links as LinkInbox;

    shell = await openShellHarness();
    const robot = await shell.core.createRobot({ name: 'Orders', baseUrl: 'https://robots.example.com' });
    const preset = await shell.core.createPreset({
      robotId: robot.id,
      name: 'Refund one',
      args: { a: 1, customer: { $field: 'customerId' } },
      fields: [
        { name: 'customerId', type: 'number' },
        { name: 'robot', type: 'text' },
        { name: 'pin', type: 'text', secret: true },
      ],
    });
    robotId = robot.id;
    presetId = preset.id;
    shell.hub.subscribe((event) => {
      if (event.type !== 'navigate') return;
      // What crosses to the window must parse as the contract says.
      sent.push(AppEvent.parse(JSON.parse(JSON.stringify(event))));
      delivered?.();
    });
    const navigator = createNavigator({
      listening: () => true,
      send: (to: Navigation) => shell.hub.emit({ type: 'navigate', to }),
      show: () => void shown++,
    });
    openLinksIn(links, shell.core, navigator, () => void shown++);
  });
  afterAll(() => shell.close());

  const next = async (act: () => void): Promise<Navigation> => {
    const before = sent.length;
    const arrived = new Promise<void>((resolve) => (delivered = resolve));
    act();
    await arrived;
    expect(sent.length).toBe(before + 1);
    const event = sent.at(-1)!;
    if (event.type !== 'navigate') throw new Error('not a navigation');
    return event.to;
  };

  test('main claims robot-tray:// when packaged, and the start was by link', () => {
    expect(mocked.claimed).toEqual(['robot-tray']);
    expect(links.startedByLink()).toBe(true);
  });

  test("the first start's link and the early open-url reached the window as runs, in order", async () => {
    await vi.waitUntil(() => sent.length >= 2);
    expect(sent.slice(0, 2)).toEqual([
      { type: 'navigate', to: { view: 'run', robotId, presetId, fields: { customerId: '7' } } },
      // Names match as the core's do: case does not matter.
      { type: 'navigate', to: { view: 'run', robotId, presetId: null, fields: {} } },
    ]);
  });

  test('a second launch with a link opens it; without one it shows the window', async () => {
    const argv = [
      '/opt/Robot Tray/robot-tray-app',
      '--no-sandbox',
      'ROBOT-TRAY://fire?robot=Orders&preset=refund+one',
    ];
    expect(await next(() => mocked.app.emit('second-instance', {}, argv, '/'))).toEqual({
      view: 'run',
      robotId,
      presetId,
      fields: {},
    });
    const before = shown;
    mocked.app.emit('second-instance', {}, ['/opt/Robot Tray/robot-tray-app'], '/');
    expect(shown).toBe(before + 1);
  });

  test('open-url after start opens its link', async () => {
    const to = await next(() =>
      mocked.app.emit(
        'open-url',
        { preventDefault: () => undefined },
        'robot-tray://fire?robot=Orders&preset=Refund%20one&field.robot=x',
      ),
    );
    expect(to).toEqual({ view: 'run', robotId, presetId, fields: { robot: 'x' } });
  });

  test('a malformed, hostile or unknown link reaches the window as its reason, and main carries on', async () => {
    const open = (url: string) =>
      next(() => mocked.app.emit('open-url', { preventDefault: () => undefined }, url));
    expect(await open('robot-tray://fire?robot=Orders&preset=Refund%20one&token=canary-42')).toEqual({
      view: 'linkProblem',
      message: expect.stringMatching(
        /^This link cannot be opened: it carries "token"; links never carry tokens/,
      ),
    });
    expect(JSON.stringify(sent)).not.toContain('canary-42');
    expect(await open('robot-tray://fire?robot=Orders%zz')).toEqual({
      view: 'linkProblem',
      message: expect.stringMatching(/broken %-escape/),
    });
    expect(await open(`robot-tray://fire?robot=${'x'.repeat(10_000)}`)).toEqual({
      view: 'linkProblem',
      message: expect.stringMatching(/bytes long; Robot Tray opens links of at most 8 KiB/),
    });
    expect(await open('robot-tray://fire?robot=Invoices&preset=Refund%20one')).toEqual({
      view: 'linkProblem',
      message: expect.stringMatching(/for the robot "Invoices", and Robot Tray has no robot of that name/),
    });
    expect(await open('robot-tray://fire?robot=Orders&preset=Refund%20one&pin=1234')).toEqual({
      view: 'linkProblem',
      message: expect.stringMatching(/secret field "pin", and links never carry secret values/),
    });
    expect(await open('robot-tray://fire?robot=Orders&preset=Refund%20one&customer=1')).toEqual({
      view: 'linkProblem',
      message: expect.stringMatching(
        /fills in "customer", and the preset "Refund one" has no field by that name/,
      ),
    });
    // A value of the wrong kind still opens: the form shows what is wrong with it.
    expect(await open('robot-tray://fire?robot=Orders&preset=Refund%20one&customerId=abc')).toEqual({
      view: 'run',
      robotId,
      presetId,
      fields: { customerId: 'abc' },
    });
    expect(await open('robot-tray://fire?robot=Orders&preset=Refund%20all')).toEqual({
      view: 'linkProblem',
      message: expect.stringMatching(
        /preset "Refund all" of "Orders", and that robot has no preset of that name/,
      ),
    });
    // And a good link still works after all that.
    expect((await open('robot-tray://fire?robot=Orders&preset=Refund%20one')).view).toBe('run');
  });

  test('a navigation for a window still loading is held for it, taken once, and the window is shown', () => {
    const sentNow: Navigation[] = [];
    let listening = false;
    let showings = 0;
    const held = createNavigator({
      listening: () => listening,
      send: (to: Navigation) => void sentNow.push(to),
      show: () => void showings++,
    });
    const to: Navigation = { view: 'linkProblem', message: 'This link cannot be opened: it names no robot.' };
    held.go(to);
    expect([sentNow, showings]).toEqual([[], 1]);
    expect(held.take()).toEqual(to);
    expect(held.take()).toBeNull();
    listening = true;
    held.go(to);
    expect([sentNow, showings, held.take()]).toEqual([[to], 2, null]);
  });

  test('nothing was fired by any link', () => {
    expect(shell.core.listCalls({})).toEqual([]);
  });
});
