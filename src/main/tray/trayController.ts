import { Menu, Tray, nativeImage, type NativeImage } from 'electron';
import path from 'node:path';
import { menuTemplate } from './menuTemplate.ts';
import { trayIcon, trayMenu, type TrayAction, type TrayIcon, type TrayState } from './trayMenu.ts';

export type TrayControllerOptions = {
  resourcesDir: string;
  platform: NodeJS.Platform;
  /** Reads what the menu shows, fresh at each rebuild. */
  readState: () => Promise<TrayState & { watching: number }>;
  perform: (action: TrayAction) => void;
  onClick: () => void;
  /** Events come in bursts (a hundred calls finishing); one rebuild per burst. */
  debounceMs?: number;
};

export type TrayController = {
  /** Rebuild soon; many calls within debounceMs make one rebuild. */
  refresh: () => void;
  /** Rebuild now (tests, startup). */
  rebuild: () => Promise<void>;
  destroy: () => void;
};

function iconFile(resourcesDir: string, platform: NodeJS.Platform, icon: TrayIcon['icon']): string {
  // macOS tints "Template" images itself for light and dark menu bars.
  if (platform === 'darwin') return path.join(resourcesDir, `tray-${icon}Template.png`);
  return path.join(resourcesDir, icon === 'idle' ? 'tray-icon.png' : `tray-${icon}.png`);
}

export function createTrayController(options: TrayControllerOptions): TrayController {
  const images = new Map<string, NativeImage>();
  const image = (icon: TrayIcon['icon']) => {
    const file = iconFile(options.resourcesDir, options.platform, icon);
    let found = images.get(file);
    if (found === undefined) {
      found = nativeImage.createFromPath(file);
      if (options.platform === 'darwin') found.setTemplateImage(true);
      images.set(file, found);
    }
    return found;
  };
  const tray = new Tray(image('idle'));
  tray.setToolTip('Robot Tray');
  // On Linux a click opens the menu whatever we do; elsewhere a click opens the window.
  tray.on('click', options.onClick);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;

  const rebuild = async () => {
    timer = undefined;
    const state = await options.readState();
    if (destroyed) return;
    const icon = trayIcon(state.recentCalls, state.watching, state.batches);
    tray.setImage(image(icon.icon));
    tray.setToolTip(icon.tooltip);
    // Linux (AppIndicator) only shows a changed menu when it is set again.
    tray.setContextMenu(Menu.buildFromTemplate(menuTemplate(trayMenu(state), options.perform)));
  };

  return {
    refresh() {
      if (destroyed || timer !== undefined) return;
      timer = setTimeout(() => {
        void rebuild().catch((error: unknown) => {
          console.warn(
            `robot-tray: the tray menu could not be rebuilt (${error instanceof Error ? error.name : 'error'})`,
          );
        });
      }, options.debounceMs ?? 150);
    },
    rebuild,
    destroy() {
      destroyed = true;
      if (timer !== undefined) clearTimeout(timer);
      tray.destroy();
    },
  };
}
