import type { MenuItemConstructorOptions } from 'electron';

/**
 * The standard application menu, built from roles so copy, paste, undo and
 * the window shortcuts work in every text field. Quit here is the role's own:
 * it runs app.quit(), which our before-quit handler follows.
 */
export function appMenuTemplate(platform: NodeJS.Platform, isDev: boolean): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (isDev) view.unshift({ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' });
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : [{ role: 'fileMenu' as const }]),
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}
