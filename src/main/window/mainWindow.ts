import { BrowserWindow, screen } from 'electron';
import path from 'node:path';
import { APP_ORIGIN } from '../trustedUrl.ts';
import { hardenContents } from '../security.ts';
import { windowPlacement } from './windowOptions.ts';
import { readBounds, usableBounds, writeBounds } from './windowState.ts';

export type MainWindowOptions = {
  preloadPath: string;
  devServerUrl: string | undefined;
  /** window.json, where size and position are remembered. */
  stateFile: string;
  /** True once the app is quitting: then closing really closes. */
  isQuitting: () => boolean;
};

/**
 * The main window: sandboxed, context-isolated, no node integration, opened
 * where it was last. Closing it only hides it (the app lives in the tray);
 * it is destroyed when the app quits.
 */
export async function createMainWindow(options: MainWindowOptions): Promise<BrowserWindow> {
  const saved = await readBounds(options.stateFile);
  const displays = screen.getAllDisplays().map((d) => d.workArea);
  // Every web preference from Electron's security checklist is spelled out
  // here, not left to defaults, so a future Electron changing a default cannot
  // loosen them and electronegativity (test/e2e/electronChecklist.test.ts) sees them.
  const win = new BrowserWindow({
    ...windowPlacement(usableBounds(saved, displays)),
    webPreferences: {
      preload: options.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // A middle click opens nothing: links go through setWindowOpenHandler's deny.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  hardenContents(win.webContents, options.devServerUrl);
  win.once('ready-to-show', () => win.show());

  const remember = () => {
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
    void writeBounds(options.stateFile, win.getNormalBounds()).catch(() => undefined);
  };
  win.on('close', (event) => {
    remember();
    if (!options.isQuitting()) {
      event.preventDefault();
      win.hide();
    }
  });

  const entry = options.devServerUrl ?? `${APP_ORIGIN}/index.html`;
  void win.loadURL(entry);
  return win;
}

export function preloadPathFrom(mainDir: string): string {
  return path.join(mainDir, '../preload/index.cjs');
}
