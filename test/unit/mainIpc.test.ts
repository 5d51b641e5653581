import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { EVENT_CHANNEL, channelOf } from '../../src/shared/ipc/channels.ts';
import { methodNames } from '../../src/shared/ipc/contract.ts';
import type { AppEvent } from '../../src/shared/events.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';

const ipcHandlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, payload: unknown) => unknown) =>
      ipcHandlers.set(channel, fn),
    removeHandler: (channel: string) => ipcHandlers.delete(channel),
  },
}));

const { registerIpc } = await import('../../src/main/ipc/register.ts');
const { pushEvents } = await import('../../src/main/ipc/pushEvents.ts');
const { EventHub } = await import('../../src/main/events/eventHub.ts');

const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });

describe('registered IPC', () => {
  let shell: ShellHarness;
  let unregister: () => void;
  const refused: string[] = [];

  beforeAll(async () => {
    shell = await openShellHarness({ core: { secrets: memorySecrets() } });
    unregister = registerIpc(shell.handlers, 'http://localhost:5173', (m, reason) =>
      refused.push(`${m}: ${reason}`),
    );
  });
  afterAll(async () => {
    unregister();
    await shell.close();
  });

  test('one handler per contract method, on its own channel', () => {
    expect([...ipcHandlers.keys()].sort()).toEqual(methodNames.map(channelOf).sort());
  });

  test('our window, in production or from the dev server, is answered', async () => {
    const invoke = ipcHandlers.get(channelOf('getAppInfo'))!;
    expect(await invoke(frame('app://robot-tray/index.html'), {})).toMatchObject({ ok: true });
    expect(await invoke(frame('http://localhost:5173/'), {})).toMatchObject({ ok: true });
  });

  test.each([
    ['a foreign page', frame('https://evil.example/'), 'sender page is not the Robot Tray window'],
    [
      'a page on another loopback port',
      frame('http://localhost:9999/'),
      'sender page is not the Robot Tray window',
    ],
    [
      'a look-alike host',
      frame('app://robot-tray.evil/index.html'),
      'sender page is not the Robot Tray window',
    ],
    ['a subframe of our page', frame('app://robot-tray/index.html', {}), 'sender is a subframe'],
    ['a frame that is gone', { senderFrame: null }, 'sender frame is gone'],
  ])('%s is refused, and the refusal logged with its reason', async (_what, event, reason) => {
    refused.length = 0;
    const invoke = ipcHandlers.get(channelOf('createRobot'))!;
    const result = await invoke(event, { name: 'sneaky', baseUrl: 'https://robots.example.com' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(refused).toEqual([`createRobot: ${reason}`]);
    expect(await shell.core.listRobots()).toEqual([]);
  });
});

describe('events to the window', () => {
  function fakeWindow() {
    const sent: Array<[string, unknown]> = [];
    let onClosed: (() => void) | undefined;
    let destroyed = false;
    return {
      sent,
      isDestroyed: () => destroyed,
      webContents: { send: (channel: string, payload: unknown) => void sent.push([channel, payload]) },
      once: (_event: 'closed', listener: () => void) => void (onClosed = listener),
      close() {
        destroyed = true;
        onClosed?.();
      },
    };
  }

  test('core changes reach a subscribed window as AppEvents, and stop after it closes', async () => {
    const shell = await openShellHarness({ core: { secrets: memorySecrets() } });
    try {
      const hub = new EventHub(shell.core);
      const window = fakeWindow();
      pushEvents(window, hub.subscribe);
      await shell.core.createRobot({ name: 'seen', baseUrl: 'https://robots.example.com' });
      expect(window.sent).toHaveLength(1);
      const [channel, event] = window.sent[0]!;
      expect(channel).toBe(EVENT_CHANNEL);
      expect((event as AppEvent).type).toBe('catalog');

      window.close();
      await shell.core.createRobot({ name: 'unseen', baseUrl: 'https://robots.example.com' });
      hub.emit({ type: 'demo', demo: { running: false, robotIds: [] } });
      expect(window.sent).toHaveLength(1);
      hub.close();
    } finally {
      await shell.close();
    }
  });

  test('a call change travels as a summary without arguments, response or its exact text', async () => {
    const { toAppEvent } = await import('../../src/main/ipc/appEvents.ts');
    const { Call } = await import('../../src/shared/models/call.ts');
    const call = Call.parse({
      id: 'c1',
      robotId: 'r1',
      robotName: 'R',
      method: 'POST',
      args: { secretish: 'x' },
      state: 'done',
      response: { big: 'y'.repeat(1000), id: 12345678901234567000 },
      responseText: `{"big":"${'y'.repeat(1000)}","id":12345678901234567890}`,
      createdAt: 1,
    });
    const event = toAppEvent({ type: 'calls', calls: [call], from: { c1: 'waiting' } });
    expect(event.type).toBe('calls.changed');
    if (event.type !== 'calls.changed') return;
    expect(event.changes[0]!.from).toBe('waiting');
    expect(event.changes[0]!.call).toMatchObject({ id: 'c1', state: 'done', hasResponse: true });
    expect(JSON.stringify(event)).not.toContain('secretish');
    expect(JSON.stringify(event)).not.toContain('yyyy');
    expect(event.changes[0]!.call).not.toHaveProperty('responseText');
  });
});
