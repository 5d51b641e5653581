import type { BrowserWindowConstructorOptions } from 'electron';
import type { Bounds } from './windowState.ts';

/** The smallest the window may get. */
export const MIN_WINDOW = { width: 800, height: 600 } as const;

/**
 * Where the main window opens and how small it may get: the size and place it
 * had last (when that place is still on a monitor), hidden until ready. Its
 * web preferences are spelled out where the window is made (mainWindow.ts),
 * so a security scanner reading that call sees every one of them.
 */
export function windowPlacement(bounds: Bounds | undefined): BrowserWindowConstructorOptions {
  return {
    width: bounds?.width ?? 1100,
    height: bounds?.height ?? 720,
    ...(bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    // The smallest window whose layout is checked (test/e2e/windowLayout.test.ts): smaller crowds it.
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    show: false,
    title: 'Robot Tray',
  };
}
