import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { AppCore } from '../../src/core/appCore.ts';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import type { Handlers } from '../../src/main/ipc/handlers.ts';
import type { AppEvent } from '../../src/shared/events.ts';
import { methodNames } from '../../src/shared/ipc/contract.ts';
import { chromiumArgs, findChromium } from './chromium.ts';
import { EVENTS_PATH, EventStream } from './eventStream.ts';
import { openShellHarness, type ShellHarness } from './shellHarness.ts';
import { serveDirectory } from './staticServer.ts';

export const rendererDir = path.resolve(import.meta.dirname, '../../out/renderer');

/** Window suites need the built renderer; say how to get it rather than fail obscurely. */
export function requireBuiltRenderer(): void {
  if (!existsSync(path.join(rendererDir, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build` first (npm test does it).');
  }
}

/** Strings this long travel beside the JSON of an answer (see openWindow). */
const LONG_TEXT = 256 * 1024;
const TEXT_MARK = '__robotTrayHarnessText';

export type WindowHarness = {
  page: Page;
  /**
   * Everything that crossed into the page, as JSON: every answer to a
   * contract call and every event. A test can check a secret never did.
   */
  sentToPage: string[];
  close: () => Promise<void>;
};

export type WindowOptions = {
  /** false: no `window.robotTray` at all (the page opened outside the app). */
  withBridge?: boolean;
  /** Main's events, forwarded to the page's `onEvent` listeners as preload does. */
  events?: (listener: (event: AppEvent) => void) => () => void;
  /**
   * Main's events as a server-sent event stream, each event a message of
   * its own as an IPC message is (eventStream.ts), instead of batches put
   * into the page by Playwright. For load: at 2,000 call changes a second
   * the batches held the page in DevTools round trips and reached it late
   * and together (3,831 changes/s received in 5 s where 2,003/s were sent;
   * 34 frames/s, a 452 ms task). The window suites keep the batches until
   * the stream has run across all of them on a quiet machine.
   */
  eventStream?: boolean;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
};

/**
 * The Robot Tray window in plain Chromium: the built renderer served over
 * http on loopback, with `window.robotTray` built from the contract's method
 * names and wired to main's own dispatch and handlers in this Node process,
 * and main's events pushed to `onEvent`: the path IPC takes in the app minus
 * Electron's transport.
 */
export async function openWindow(handlers: Handlers, options: WindowOptions = {}): Promise<WindowHarness> {
  const found = await findChromium();
  if ('missing' in found) throw new Error(found.missing);
  const longTexts = new Map<string, string>();
  const streamEvents =
    options.eventStream === true && options.withBridge !== false && options.events !== undefined;
  const eventStream = streamEvents ? new EventStream() : undefined;
  const server = await serveDirectory(rendererDir, longTexts, eventStream);
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-chromium-'));
  const sentToPage: string[] = [];
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let stopEvents: (() => void) | undefined;
  const cleanup = async () => {
    stopEvents?.();
    await context?.close();
    await browser?.close();
    await server.close();
    await rm(userDataDir, { recursive: true, force: true });
  };
  try {
    browser = await chromium.launch({ executablePath: found.path, args: chromiumArgs, headless: true });
    context = await browser.newContext({
      viewport: options.viewport ?? { width: 1100, height: 720 },
      colorScheme: options.colorScheme ?? 'light',
    });
    if (options.withBridge !== false) {
      let nextText = 0;
      await context.exposeBinding('__robotTrayInvoke', async (_source, method: string, payload: unknown) => {
        const result = await dispatch(handlers, method, payload);
        // Carried as JSON text and parsed in the page: Playwright's own
        // serializer rebuilds objects by assignment, which turns a key named
        // "__proto__" into the prototype; IPC's structured clone keeps it.
        // A long string (a 20 MB response's text) goes beside the JSON and
        // reaches the page as IPC hands it over, by structured clone (see
        // fetchText): Playwright takes seconds to put 20 MB into a page, and
        // reading it inside the JSON would hold the page's main thread,
        // neither of which the app does.
        const textIds: string[] = [];
        const json = JSON.stringify(result, (_key, value: unknown) => {
          if (typeof value !== 'string' || value.length < LONG_TEXT) return value;
          const id = String(nextText++);
          longTexts.set(id, value);
          textIds.push(id);
          sentToPage.push(value);
          return { [TEXT_MARK]: id };
        });
        sentToPage.push(json);
        return { json, textIds };
      });
      await context.addInitScript(
        ({ methods, mark, events }: { methods: readonly string[]; mark: string; events: string | null }) => {
          const scope = globalThis as unknown as Record<string, unknown>;
          const carry = scope['__robotTrayInvoke'] as (
            m: string,
            p: unknown,
          ) => Promise<{ json: string | undefined; textIds: string[] }>;
          // Long texts come through a worker, so the page receives each by
          // structured clone, as a string crosses Electron's IPC.
          type TextFetcher = {
            onmessage: (event: { data: { id: string; text?: string; error?: string } }) => void;
            postMessage: (id: string) => void;
          };
          const PageWorker = scope['Worker'] as new (url: string) => TextFetcher;
          const waiting = new Map<string, { resolve: (text: string) => void; reject: (e: Error) => void }>();
          // Started with the page, as Electron's IPC channel is there from the start: a
          // worker started on the first long answer would add its start-up to that answer.
          const fetcher = new PageWorker('/__text/fetcher.js');
          fetcher.onmessage = ({ data }) => {
            const wait = waiting.get(data.id);
            waiting.delete(data.id);
            if (data.text !== undefined) wait?.resolve(data.text);
            else wait?.reject(new Error(`The test window could not fetch a long answer: ${data.error}`));
          };
          const fetchText = (id: string) =>
            new Promise<string>((resolve, reject) => {
              waiting.set(id, { resolve, reject });
              fetcher.postMessage(id);
            });
          const invoke = async (m: string, p: unknown) => {
            const { json, textIds } = await carry(m, p);
            if (json === undefined) return undefined;
            if (textIds.length === 0) return JSON.parse(json) as unknown;
            const texts = new Map<string, string>();
            for (const id of textIds) texts.set(id, await fetchText(id));
            return JSON.parse(json, (_key, value: unknown) =>
              typeof value === 'object' && value !== null && Object.hasOwn(value, mark)
                ? texts.get((value as Record<string, string>)[mark]!)
                : value,
            ) as unknown;
          };
          const listeners = new Set<(event: unknown) => void>();
          // What preload's ipcRenderer.on does: hand each listener the payload only.
          Object.defineProperty(globalThis, '__robotTrayEmit', {
            value: (event: unknown) => {
              for (const listener of listeners) listener(event);
            },
          });
          // Or main's events, each a message of the page's event stream (see eventStream.ts).
          const where = (scope['location'] as { protocol: string }).protocol;
          if (events !== null && where.startsWith('http')) {
            const Source = scope['EventSource'] as new (url: string) => {
              onmessage: (message: { data: string }) => void;
            };
            new Source(events).onmessage = ({ data }) => {
              const event = JSON.parse(data) as unknown;
              for (const listener of listeners) listener(event);
            };
          }
          const api: Record<string, unknown> = {};
          for (const method of methods) api[method] = (req?: unknown) => invoke(method, req ?? {});
          api['onEvent'] = (listener: (event: unknown) => void) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          };
          Object.defineProperty(globalThis, 'robotTray', { value: Object.freeze(api) });
        },
        { methods: methodNames, mark: TEXT_MARK, events: streamEvents ? EVENTS_PATH : null },
      );
    }
    if (eventStream !== undefined && options.events !== undefined) {
      // In the order main emitted them, each a message of its own (see eventStream.ts).
      stopEvents = options.events((event) => {
        const json = JSON.stringify(event);
        sentToPage.push(json);
        eventStream.send(json);
      });
    }
    const page = await context.newPage();
    if (eventStream === undefined && options.withBridge !== false && options.events !== undefined) {
      // Delivered in the order main emitted them, each to the listeners as
      // its own call (as preload does per IPC message). Events that come
      // while a delivery is under way go together in the next one: a
      // Playwright round trip per event would cost the page far more than
      // an IPC message does.
      let waiting: string[] = [];
      let delivering = false;
      const deliver = async () => {
        delivering = true;
        while (waiting.length > 0) {
          const batch = waiting;
          waiting = [];
          await page
            .evaluate((events) => {
              const emit = (globalThis as unknown as { __robotTrayEmit: (e: unknown) => void })
                .__robotTrayEmit;
              for (const e of events) emit(JSON.parse(e));
            }, batch)
            .catch(() => undefined);
        }
        delivering = false;
      };
      stopEvents = options.events((event) => {
        const json = JSON.stringify(event);
        sentToPage.push(json);
        waiting.push(json);
        if (!delivering) void deliver();
      });
    }
    await page.goto(server.url + '/index.html');
    return { page, sentToPage, close: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export type AppWindow = WindowHarness & { core: AppCore; shell: ShellHarness };

/**
 * The one way a UI suite drives the window: a real AppCore opened on
 * `dataDir` (real keychain, real sandbox when the test starts one), main's
 * real handlers and event hub, and the built renderer in Chromium.
 */
export async function openAppWindow(
  options: { dataDir?: string } & Omit<WindowOptions, 'events' | 'withBridge'> = {},
): Promise<AppWindow> {
  const { dataDir, ...windowOptions } = options;
  const shell = await openShellHarness(dataDir === undefined ? {} : { dataDir });
  try {
    const window = await openWindow(shell.handlers, { ...windowOptions, events: shell.hub.subscribe });
    return {
      ...window,
      core: shell.core,
      shell,
      close: async () => {
        await window.close();
        await shell.close();
      },
    };
  } catch (error) {
    await shell.close();
    throw error;
  }
}
