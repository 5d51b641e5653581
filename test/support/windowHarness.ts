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
import { openShellHarness, type ShellHarness } from './shellHarness.ts';
import { serveDirectory } from './staticServer.ts';

export const rendererDir = path.resolve(import.meta.dirname, '../../out/renderer');

/** Window suites need the built renderer; say how to get it rather than fail obscurely. */
export function requireBuiltRenderer(): void {
  if (!existsSync(path.join(rendererDir, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build` first (npm test does it).');
  }
}

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
  const server = await serveDirectory(rendererDir);
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
      await context.exposeBinding('__robotTrayInvoke', async (_source, method: string, payload: unknown) => {
        const result = await dispatch(handlers, method, payload);
        // Carried as JSON text and parsed in the page: Playwright's own
        // serializer rebuilds objects by assignment, which turns a key named
        // "__proto__" into the prototype; IPC's structured clone keeps it.
        const json = JSON.stringify(result);
        sentToPage.push(json);
        return json;
      });
      await context.addInitScript((methods: readonly string[]) => {
        const scope = globalThis as unknown as Record<string, unknown>;
        const carry = scope['__robotTrayInvoke'] as (m: string, p: unknown) => Promise<string | undefined>;
        const invoke = async (m: string, p: unknown) => {
          const json = await carry(m, p);
          return json === undefined ? undefined : (JSON.parse(json) as unknown);
        };
        const listeners = new Set<(event: unknown) => void>();
        // What preload's ipcRenderer.on does: hand each listener the payload only.
        Object.defineProperty(globalThis, '__robotTrayEmit', {
          value: (event: unknown) => {
            for (const listener of listeners) listener(event);
          },
        });
        const api: Record<string, unknown> = {};
        for (const method of methods) api[method] = (req?: unknown) => invoke(method, req ?? {});
        api['onEvent'] = (listener: (event: unknown) => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        };
        Object.defineProperty(globalThis, 'robotTray', { value: Object.freeze(api) });
      }, methodNames);
    }
    const page = await context.newPage();
    if (options.withBridge !== false && options.events !== undefined) {
      // Delivered one after the other, in the order main emitted them.
      let queue = Promise.resolve();
      stopEvents = options.events((event) => {
        const json = JSON.stringify(event);
        sentToPage.push(json);
        queue = queue
          .then(() =>
            page.evaluate(
              (e) =>
                (globalThis as unknown as { __robotTrayEmit: (e: unknown) => void }).__robotTrayEmit(
                  JSON.parse(e),
                ),
              json,
            ),
          )
          .catch(() => undefined);
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
