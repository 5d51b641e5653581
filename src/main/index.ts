import { app, shell, type BrowserWindow, type Tray } from 'electron';
import path from 'node:path';
import { AppCore } from '../core/appCore.ts';
import type { Navigation } from '../shared/events.ts';
import { registerAppSchemePrivileges, serveRenderer } from './appProtocol.ts';
import { DemoController } from './demo/demoController.ts';
import { createHandlers } from './ipc/handlers.ts';
import { registerIpc } from './ipc/register.ts';
import { createTray } from './tray.ts';
import { createMainWindow, preloadPathFrom } from './window.ts';

// electron-vite sets this in `npm run dev`; in a packaged or previewed app it is absent.
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const mainDir = import.meta.dirname;

registerAppSchemePrivileges();

let mainWindow: BrowserWindow | undefined;
// Held at module level: a Tray that is garbage-collected disappears from the panel.
let tray: Tray | undefined;
let pendingNavigation: Navigation | null = null;

function showWindow(): void {
  if (mainWindow === undefined || mainWindow.isDestroyed()) {
    mainWindow = createMainWindow({ preloadPath: preloadPathFrom(mainDir), devServerUrl });
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showWindow);
  void app.whenReady().then(async () => {
    const core = await AppCore.open();
    const demo = new DemoController(core);
    await demo.resume();
    serveRenderer(path.join(mainDir, '../renderer'));
    registerIpc(
      createHandlers({
        core,
        appInfo: () => ({ name: 'Robot Tray', version: app.getVersion(), platform: process.platform }),
        demo: { status: () => demo.status(), start: () => demo.start(), remove: () => demo.remove() },
        takeNavigation: () => {
          const to = pendingNavigation;
          pendingNavigation = null;
          return to;
        },
        openExternal: (url) => shell.openExternal(url),
      }),
      devServerUrl,
    );
    tray = createTray(path.join(app.getAppPath(), 'resources', 'tray-icon.png'), {
      showWindow,
      quit: () => app.quit(),
    });
    showWindow();
  });
  app.on('before-quit', () => tray?.destroy());
  // A tray app keeps running with its window closed; Quit lives in the tray menu.
  app.on('window-all-closed', () => undefined);
}
