import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { contractMethodNames } from '../../src/shared/ipc/channels.ts';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import type { Handlers } from '../../src/main/ipc/handlers.ts';
import { chromiumArgs, findChromium } from './chromium.ts';
import { serveDirectory } from './staticServer.ts';

export const rendererDir = path.resolve(import.meta.dirname, '../../out/renderer');

export type WindowHarness = {
  page: Page;
  close: () => Promise<void>;
};

/**
 * The Robot Tray window in plain Chromium: the built renderer served over
 * http on loopback, with `window.robotTray` wired to main's own dispatch and
 * handlers in this Node process, exactly the path IPC takes in the app
 * minus Electron's transport.
 */
export async function openWindow(
  handlers: Handlers,
  options: { withBridge?: boolean } = {},
): Promise<WindowHarness> {
  const found = await findChromium();
  if ('missing' in found) throw new Error(found.missing);
  const server = await serveDirectory(rendererDir);
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-chromium-'));
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  try {
    browser = await chromium.launch({ executablePath: found.path, args: chromiumArgs, headless: true });
    context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
    if (options.withBridge !== false) {
      await context.exposeBinding('__robotTrayInvoke', (_source, method: string, payload: unknown) =>
        dispatch(handlers, method, payload),
      );
      await context.addInitScript((methods: readonly string[]) => {
        const invoke = (globalThis as unknown as Record<string, (m: string, p: unknown) => Promise<unknown>>)[
          '__robotTrayInvoke'
        ]!;
        const api: Record<string, (req?: unknown) => Promise<unknown>> = {};
        for (const method of methods) api[method] = (req) => invoke(method, req ?? {});
        Object.defineProperty(globalThis, 'robotTray', { value: Object.freeze(api) });
      }, contractMethodNames);
    }
    const page = await context.newPage();
    await page.goto(server.url + '/index.html');
    return {
      page,
      close: async () => {
        await context?.close();
        await browser?.close();
        await server.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
