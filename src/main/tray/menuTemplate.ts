import type { MenuItemConstructorOptions } from 'electron';
import type { TrayAction, TrayItem } from './trayMenu.ts';

/**
 * The tray items as Electron's menu template. Every item acts through
 * `click`, never a `role`: a role item (role 'quit') never calls click, so a
 * Quit built that way skips our own shutdown.
 */
export function menuTemplate(
  items: readonly TrayItem[],
  perform: (action: TrayAction) => void,
): MenuItemConstructorOptions[] {
  return items.map((entry): MenuItemConstructorOptions => {
    if (entry.type === 'separator') return { type: 'separator' };
    if (entry.type === 'submenu') return { label: entry.label, submenu: menuTemplate(entry.items, perform) };
    const { action } = entry;
    return action === null
      ? { label: entry.label, enabled: false }
      : { label: entry.label, enabled: entry.enabled, click: () => perform(action) };
  });
}
