/** The link scheme Robot Tray opens: robot-tray://fire?… */
export const LINK_SCHEME = 'robot-tray';

type ProtocolApp = {
  isPackaged: boolean;
  isDefaultProtocolClient(protocol: string): boolean;
  setAsDefaultProtocolClient(protocol: string): boolean;
};

/**
 * Make robot-tray:// links open this app. The installers declare the scheme
 * (the .dmg's Info.plist, the .deb's desktop entry, from electron-builder's
 * `protocols`); this claims it where only the running app can (Windows'
 * per-user registry, an AppImage). A development run never claims it: it would
 * point the desk's links at a checkout's Electron.
 */
export function claimLinkScheme(app: ProtocolApp): void {
  if (!app.isPackaged || app.isDefaultProtocolClient(LINK_SCHEME)) return;
  if (!app.setAsDefaultProtocolClient(LINK_SCHEME)) {
    console.warn(`robot-tray: ${LINK_SCHEME}:// links could not be registered with the system`);
  }
}
