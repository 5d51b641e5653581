import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppCore, type AppCoreOptions } from '../../src/core/appCore.ts';
import { DemoController } from '../../src/main/demo/demoController.ts';
import { EventHub } from '../../src/main/events/eventHub.ts';
import { createHandlers, type HandlerContext, type Handlers } from '../../src/main/ipc/handlers.ts';
import type { FileChoice } from '../../src/main/ipc/handlers/context.ts';
import type { Navigation } from '../../src/shared/events.ts';

export type ShellHarness = {
  core: AppCore;
  handlers: Handlers;
  demo: DemoController;
  /** Every AppEvent the window would receive (core changes, demo, navigation): subscribe to forward them. */
  hub: EventHub;
  dataDir: string;
  /** Links the handlers were asked to open in the browser. */
  opened: string[];
  /**
   * The native open dialog's stand-in: each dialog main shows takes the next
   * answer queued here (a path, or null for Cancel); with none queued it is
   * cancelled. `asked` lists the dialogs shown.
   */
  fileDialog: { answer(file: string | null): void; asked: FileChoice[] };
  /** Queue a navigation as a tray or notification click would. */
  navigate(to: Navigation): void;
  close(): Promise<void>;
};

/**
 * Main's real handlers over a real AppCore in its own data folder, with the
 * shell's Electron-only parts (app info, the browser) replaced by plain values:
 * what the window sees through IPC, without Electron.
 */
export async function openShellHarness(
  options: {
    core?: Partial<AppCoreOptions>;
    appInfo?: ReturnType<HandlerContext['appInfo']>;
    /** Open the core on this folder (kept on close: the caller owns it); else a fresh one, removed on close. */
    dataDir?: string;
  } = {},
): Promise<ShellHarness> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'robot-tray-shell-')));
  const core = await AppCore.open({ dataDir, ...options.core });
  const hub = new EventHub(core);
  const demo = new DemoController(core, (status) => hub.emit({ type: 'demo', demo: status }));
  const opened: string[] = [];
  const answers: Array<string | null> = [];
  const asked: FileChoice[] = [];
  let pending: Navigation | null = null;
  const handlers = createHandlers({
    core,
    appInfo: () => options.appInfo ?? { name: 'Robot Tray', version: '0.0.0-test', platform: 'test' },
    demo: { status: () => demo.status(), start: () => demo.start(), remove: () => demo.remove() },
    takeNavigation: () => {
      const to = pending;
      pending = null;
      return to;
    },
    openExternal: (url) => void opened.push(url),
    chooseFile: async (choice) => {
      asked.push(choice);
      return answers.shift() ?? null;
    },
  });
  return {
    core,
    handlers,
    demo,
    dataDir,
    opened,
    hub,
    fileDialog: { answer: (file) => void answers.push(file), asked },
    navigate: (to) => void (pending = to),
    async close() {
      hub.close();
      await demo.close();
      await core.close();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
