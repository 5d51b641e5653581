import type { BrowserWindowConstructorOptions } from 'electron';
import type { Bounds } from './windowState.ts';

/**
 * The main window's options. Every web preference from Electron's security
 * checklist is spelled out, not left to defaults, so a test can see them and
 * a future Electron changing a default cannot loosen them.
 */
export function windowOptions(
  preloadPath: string,
  bounds: Bounds | undefined,
): BrowserWindowConstructorOptions {
  return {
    width: bounds?.width ?? 1100,
    height: bounds?.height ?? 720,
    ...(bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Robot Tray',
    webPreferences: {
      preload: preloadPath,
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
    },
  };
}
