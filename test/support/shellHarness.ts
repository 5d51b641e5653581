import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppCore, type AppCoreOptions } from '../../src/core/appCore.ts';
import { DemoController } from '../../src/main/demo/demoController.ts';
import { EventHub } from '../../src/main/events/eventHub.ts';
import { createHandlers, type HandlerContext, type Handlers } from '../../src/main/ipc/handlers.ts';
import type { Confirmation, FileChoice, SaveChoice } from '../../src/main/ipc/handlers/context.ts';
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
  /** The native save dialog's stand-in, likewise: queued answers, else cancelled. */
  saveDialog: { answer(file: string | null): void; asked: SaveChoice[] };
  /**
   * A file dropped onto the window, as the preload tells main of it (the
   * path Electron's webUtils gives for a real drop): the window's next
   * openDroppedCall takes it.
   */
  dropFile(file: string): void;
  /** Every question main's native dialog was asked, in order. */
  asked: Confirmation[];
  /**
   * How the person answers main's next dialogs (true: the confirm button;
   * a function answers when it settles, e.g. after the window did something
   * meanwhile), in order; once used up, they cancel, as the dialog's default does.
   */
  answers: Array<boolean | ((question: Confirmation) => Promise<boolean>)>;
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
  const fileAnswers: Array<string | null> = [];
  const filesAsked: FileChoice[] = [];
  const saveAnswers: Array<string | null> = [];
  const savesAsked: SaveChoice[] = [];
  const dropped: string[] = [];
  const asked: Confirmation[] = [];
  const answers: ShellHarness['answers'] = [];
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
      filesAsked.push(choice);
      return fileAnswers.shift() ?? null;
    },
    chooseSaveFile: async (choice) => {
      savesAsked.push(choice);
      return saveAnswers.shift() ?? null;
    },
    takeDroppedFile: async () => dropped.shift() ?? null,
    // The native dialog's stand-in: records the question, answers as scripted.
    confirm: async (question) => {
      asked.push(question);
      const answer = answers.shift() ?? false;
      return typeof answer === 'boolean' ? answer : answer(question);
    },
  });
  return {
    core,
    handlers,
    demo,
    dataDir,
    opened,
    asked,
    answers,
    hub,
    fileDialog: { answer: (file) => void fileAnswers.push(file), asked: filesAsked },
    saveDialog: { answer: (file) => void saveAnswers.push(file), asked: savesAsked },
    dropFile: (file) => void dropped.push(file),
    navigate: (to) => void (pending = to),
    async close() {
      hub.close();
      await demo.close();
      await core.close();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
