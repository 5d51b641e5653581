import { BrowserWindow, shell } from 'electron';
import path from 'node:path';
import { APP_ORIGIN, isTrustedRendererUrl } from './trustedUrl.ts';

export type WindowOptions = {
  preloadPath: string;
  devServerUrl: string | undefined;
};

/**
 * The main window: sandboxed, context-isolated, no node integration. It may
 * only show our own pages; any other navigation or window.open goes to the
 * user's browser instead when it is http(s), and nowhere otherwise.
 */
export function createMainWindow(options: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1100,
    height: 720,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Robot Tray',
    webPreferences: {
      preload: options.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());

  win.webContents.setWindowOpenHandler(({ url }) => {
    openExternalIfWeb(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!isTrustedRendererUrl(url, options.devServerUrl)) {
      event.preventDefault();
      openExternalIfWeb(url);
    }
  });

  const entry = options.devServerUrl ?? `${APP_ORIGIN}/index.html`;
  void win.loadURL(entry);
  return win;
}

function openExternalIfWeb(url: string): void {
  try {
    const { protocol } = new URL(url);
    if (protocol === 'https:' || protocol === 'http:') void shell.openExternal(url);
  } catch {
    // Not a URL at all: nothing to open.
  }
}

export function preloadPathFrom(mainDir: string): string {
  return path.join(mainDir, '../preload/index.cjs');
}
