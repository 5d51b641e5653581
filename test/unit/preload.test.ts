import { describe, expect, test, vi } from 'vitest';
import type { RobotTrayApi } from '../../src/shared/ipc/api.ts';
import { DROPPED_FILE_CHANNEL, EVENT_CHANNEL, channelOf } from '../../src/shared/ipc/channels.ts';
import { methodNames } from '../../src/shared/ipc/contract.ts';

const exposed = new Map<string, unknown>();
const invoked: Array<[string, unknown]> = [];
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
const sent: Array<[string, unknown]> = [];
/** The page's event listeners the preload adds (its window, in the app). */
const pageListeners: Array<{ type: string; fn: (event: unknown) => void; options: unknown }> = [];
const droppedFile = new File(['{}'], 'call.json');
(globalThis as unknown as { addEventListener: unknown }).addEventListener = (
  type: string,
  fn: (event: unknown) => void,
  options: unknown,
) => void pageListeners.push({ type, fn, options });
vi.mock('electron', () => ({
  webUtils: { getPathForFile: (file: File) => (file === droppedFile ? '/home/ana/call.json' : '') },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (channel: string, payload: unknown) => {
      invoked.push([channel, payload]);
      return { ok: true, value: null };
    },
    on: (channel: string, fn: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(fn);
    },
    removeListener: (channel: string, fn: (...args: unknown[]) => void) => listeners.get(channel)?.delete(fn),
    send: (channel: string, payload: unknown) => void sent.push([channel, payload]),
  },
}));

await import('../../src/preload/index.ts');
const api = exposed.get('robotTray') as RobotTrayApi;

describe('the preload bridge', () => {
  test('exposes exactly one function per contract method, plus onEvent, as window.robotTray', () => {
    expect([...exposed.keys()]).toEqual(['robotTray']);
    expect(Object.keys(api).sort()).toEqual([...methodNames, 'onEvent'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  test('each method invokes its own channel with the request (an empty one when omitted)', async () => {
    await api.getCall({ id: 'c1' });
    await api.listRobots();
    expect(invoked).toEqual([
      [channelOf('getCall'), { id: 'c1' }],
      [channelOf('listRobots'), {}],
    ]);
  });

  test('onEvent passes only the payload, and its unsubscribe stops delivery', () => {
    const seen: unknown[] = [];
    const unsubscribe = api.onEvent((event) => seen.push(event));
    const payload = { type: 'warnings', warnings: [] };
    for (const fn of listeners.get(EVENT_CHANNEL)!) fn({ sender: 'electron event object' }, payload);
    expect(seen).toEqual([payload]);
    unsubscribe();
    expect(listeners.get(EVENT_CHANNEL)!.size).toBe(0);
  });

  test('a trusted drop of a file tells main its path on a channel of its own; a scripted drop tells nothing', () => {
    const drops = pageListeners.filter((l) => l.type === 'drop');
    expect(drops.map((l) => l.options)).toEqual([{ capture: true }]);
    const drop = drops[0]!.fn;
    drop({ isTrusted: false, dataTransfer: { files: [droppedFile] } });
    drop({ isTrusted: true, dataTransfer: { files: [new File(['{}'], 'made.json')] } });
    expect(sent).toEqual([]);
    drop({ isTrusted: true, dataTransfer: { files: [droppedFile] } });
    expect(sent).toEqual([[DROPPED_FILE_CHANNEL, '/home/ana/call.json']]);
  });
});
