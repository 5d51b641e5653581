import {
  app,
  dialog,
  ipcMain,
  Menu,
  session,
  shell,
  type BrowserWindow,
  type MessageBoxOptions,
} from 'electron';
import path from 'node:path';
import { AppCore } from '../core/appCore.ts';
import type { Navigation } from '../shared/events.ts';
import type { BatchProgress } from '../shared/models/batch.ts';
import { appMenuTemplate } from './appMenu.ts';
import { followAppImage, installCliFromMenu } from './cli/cliMenu.ts';
import { serveRenderer } from './appProtocol.ts';
import { DemoController } from './demo/demoController.ts';
import { EventHub } from './events/eventHub.ts';
import { createHandlers } from './ipc/handlers.ts';
import { pushEvents } from './ipc/pushEvents.ts';
import { registerIpc } from './ipc/register.ts';
import { DroppedFiles } from './ipc/droppedFiles.ts';
import type { LinkInbox } from './links/linkInbox.ts';
import { createNavigator } from './links/navigator.ts';
import { applyLoginItem } from './loginItem.ts';
import { openLinksIn } from './links/openLink.ts';
import { startNotifier } from './notify/notifier.ts';
import { hardenApp } from './security.ts';
import { performTrayAction } from './trayActions.ts';
import { RECENT_CALLS, nextRecentCalls } from './tray/recentCalls.ts';
import { nextRunningBatches } from './tray/batchLines.ts';
import { createTrayController, type TrayController } from './tray/trayController.ts';
import { readTrayState } from './tray/trayState.ts';
import { startAppUpdates } from './updates/appUpdates.ts';
import { restartLabel, updateCheckMessage } from './updates/updateStatus.ts';
import { createMainWindow, preloadPathFrom } from './window/mainWindow.ts';

// Held at module level: a Tray that is garbage-collected disappears from the panel.
let tray: TrayController | undefined;

/**
 * Robot Tray as an Electron app: it starts in the tray and creates its window
 * on first need (first run, a tray click, a second launch, a notification
 * click). Closing the window hides it; Quit quits.
 */
export async function startShell(mainDir: string, links: LinkInbox): Promise<void> {
  // electron-vite sets this in `npm run dev`; in a packaged or previewed app it is absent.
  const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
  hardenApp(devServerUrl);

  const core = await AppCore.open({
    // Proxy mode "system": Chromium's answer for each robot's origin, so PAC
    // files and the OS's proxy settings apply as in the company's browser.
    network: { resolveProxy: (url) => session.defaultSession.resolveProxy(url) },
  });
  const hub = new EventHub(core);
  const demo = new DemoController(core, (status) => hub.emit({ type: 'demo', demo: status }));
  await demo.resume().catch((error: unknown) => {
    console.warn(
      `robot-tray: the demo could not be restarted (${error instanceof Error ? error.message : 'error'})`,
    );
  });

  let window: BrowserWindow | undefined;
  let creating: Promise<BrowserWindow> | undefined;
  let quitting = false;
  // Shown by main, attached to the window when there is one.
  const message = (options: MessageBoxOptions) =>
    window !== undefined && !window.isDestroyed()
      ? dialog.showMessageBox(window, options)
      : dialog.showMessageBox(options);

  const ensureWindow = async (): Promise<BrowserWindow> => {
    if (window !== undefined && !window.isDestroyed()) return window;
    creating ??= createMainWindow({
      preloadPath: preloadPathFrom(mainDir),
      devServerUrl,
      stateFile: path.join(core.dataDir, 'window.json'),
      isQuitting: () => quitting,
    }).then((created) => {
      window = created;
      creating = undefined;
      // Events flow while the window exists, and stop when it is destroyed.
      pushEvents(created, hub.subscribe);
      return created;
    });
    return creating;
  };
  const showWindow = () => {
    ensureWindow()
      .then((win) => {
        if (win.isMinimized()) win.restore();
        win.show();
        win.focus();
        // Calls the CLI left waiting while the window was hidden are watched from now on.
        core.adoptWaitingCalls();
      })
      .catch((error: unknown) => {
        console.warn(
          `robot-tray: the window could not be shown (${error instanceof Error ? error.message : 'error'})`,
        );
      });
  };
  const navigator = createNavigator({
    listening: () => window !== undefined && !window.isDestroyed() && !window.webContents.isLoading(),
    send: (to: Navigation) => hub.emit({ type: 'navigate', to }),
    show: showWindow,
  });
  const openCall = (callId: string) => navigator.go({ view: 'call', callId });

  serveRenderer(path.join(mainDir, '../renderer'));
  const dropped = new DroppedFiles(ipcMain, devServerUrl);
  registerIpc(
    createHandlers({
      core,
      appInfo: () => ({ name: 'Robot Tray', version: app.getVersion(), platform: process.platform }),
      demo: { status: () => demo.status(), start: () => demo.start(), remove: () => demo.remove() },
      takeNavigation: () => navigator.take(),
      openExternal: (url) => shell.openExternal(url),
      // Sheet on the window when there is one; the path comes from the person, never from the window.
      chooseFile: async ({ title, filters }) => {
        const options = { title, filters, properties: ['openFile' as const] };
        const parent = window !== undefined && !window.isDestroyed() ? window : undefined;
        const result = await (parent
          ? dialog.showOpenDialog(parent, options)
          : dialog.showOpenDialog(options));
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      chooseSaveFile: async ({ title, filters, defaultName }) => {
        const options = { title, filters, defaultPath: path.join(app.getPath('documents'), defaultName) };
        const parent = window !== undefined && !window.isDestroyed() ? window : undefined;
        const result = await (parent
          ? dialog.showSaveDialog(parent, options)
          : dialog.showSaveDialog(options));
        return result.canceled || !result.filePath ? null : result.filePath;
      },
      takeDroppedFile: () => dropped.take(),
      // Shown by main, attached to the window when there is one: the window
      // can ask for the question, never answer it.
      confirm: async (question) => {
        const { response } = await message({
          type: 'warning',
          buttons: [question.confirmLabel, 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          noLink: true,
          title: question.title,
          message: question.message,
          detail: question.detail,
        });
        return response === 0;
      },
    }),
    devServerUrl,
  );

  // Seeded once from the history, then kept up to date by events.
  let recentCalls = core.listCalls({ limit: RECENT_CALLS }).map(core.summary);
  let batches: ReadonlyMap<string, BatchProgress> = new Map();
  hub.subscribe((event) => {
    recentCalls = [...nextRecentCalls(recentCalls, event)];
    batches = nextRunningBatches(batches, event);
  });
  const updates = startAppUpdates({
    enabled: core.getSettings().checkForUpdates,
    onStatus: () => tray?.refresh(),
  });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate(process.platform, devServerUrl !== undefined, {
        installCli: () => void installCliFromMenu(message),
        checkForUpdates: () =>
          void updates
            .checkNow()
            .then((status) =>
              message({ type: 'info', message: updateCheckMessage(status, app.getVersion()) }),
            ),
      }),
    ),
  );
  followAppImage();
  tray = createTrayController({
    resourcesDir: path.join(app.getAppPath(), 'resources'),
    platform: process.platform,
    readState: async () => ({
      ...(await readTrayState(core, recentCalls)),
      batches: [...batches.values()],
      watching: core.watchingCount,
      // Restarting never loses a waiting call: the history resumes it at start.
      updateLabel: restartLabel(updates.status, core.watchingCount),
    }),
    perform: (action) =>
      void performTrayAction(action, {
        core,
        appVersion: app.getVersion(),
        showWindow,
        openCall,
        openPresetForm: (presetId: string) => navigator.go({ view: 'fillPreset', presetId }),
        startDemo: () => demo.start(),
        // quitAndInstall quits through will-quit below, so the history is written first.
        restartToUpdate: () => updates.install(),
        quit: () => app.quit(),
      }),
    onClick: showWindow,
  });
  hub.subscribe((event) => {
    if (event.type !== 'navigate' && event.type !== 'settings') tray?.refresh();
  });
  await tray.rebuild();

  startNotifier({ subscribe: hub.subscribe, settings: () => core.getSettings(), openCall, showWindow });

  const loginItem = (open: boolean) => {
    applyLoginItem(open).catch((error: unknown) => {
      console.warn(
        `robot-tray: could not ${open ? 'set' : 'remove'} the login item (${error instanceof Error ? error.message : 'error'})`,
      );
    });
  };
  loginItem(core.getSettings().launchAtLogin);
  hub.subscribe((event) => {
    if (event.type !== 'settings') return;
    loginItem(event.settings.launchAtLogin);
    updates.setEnabled(event.settings.checkForUpdates);
  });

  // A link is read here, in main; the window only gets the run it names, or why not.
  openLinksIn(links, core, navigator, showWindow);
  app.on('activate', showWindow);
  // A tray app keeps running with its window closed.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', () => {
    quitting = true;
  });
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    // Finish the shutdown (history written, the demo's sandbox stopped) before exiting.
    event.preventDefault();
    tray?.destroy();
    tray = undefined;
    hub.close();
    void Promise.allSettled([demo.close(), core.close()]).then(() => {
      closed = true;
      app.quit();
    });
  });

  // First run (no robots yet): the window opens to welcome people; otherwise Robot Tray starts in the tray.
  // A link on the first start has opened the window already.
  if ((await core.listRobots()).length === 0 && !links.startedByLink()) showWindow();
}
