import type { MenuItemConstructorOptions } from 'electron';

/** What the app menu's own items do; the shell wires them. */
export type AppMenuActions = {
  installCli(): void;
  checkForUpdates(): void;
};

/**
 * The standard application menu, built from roles so copy, paste, undo and
 * the window shortcuts work in every text field, and a Help menu with
 * "Install Command-Line Tool…" (the `robot-tray` command on the PATH, or
 * where it is) and "Check for Updates…". Quit here is the role's own: it
 * runs app.quit(), which our before-quit handler follows.
 */
export function appMenuTemplate(
  platform: NodeJS.Platform,
  isDev: boolean,
  actions: AppMenuActions,
): MenuItemConstructorOptions[] {
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
    {
      role: 'help',
      submenu: [
        { id: 'install-cli', label: 'Install Command-Line Tool…', click: () => actions.installCli() },
        { id: 'check-for-updates', label: 'Check for Updates…', click: () => actions.checkForUpdates() },
      ],
    },
  ];
}
