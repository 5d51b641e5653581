import { app, type BrowserWindow, type Tray } from 'electron';
import path from 'node:path';
import { registerAppSchemePrivileges, serveRenderer } from './appProtocol.ts';
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
  void app.whenReady().then(() => {
    serveRenderer(path.join(mainDir, '../renderer'));
    registerIpc(
      createHandlers({ appName: 'Robot Tray', appVersion: app.getVersion(), platform: process.platform }),
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
