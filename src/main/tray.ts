import { Menu, Tray, nativeImage } from 'electron';

export type TrayActions = {
  showWindow: () => void;
  quit: () => void;
};

export function createTray(iconPath: string, actions: TrayActions): Tray {
  const image = nativeImage.createFromPath(iconPath);
  const tray = new Tray(image);
  tray.setToolTip('Robot Tray');
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Open Robot Tray', click: actions.showWindow },
      { type: 'separator' },
      { label: 'Quit Robot Tray', role: 'quit', click: actions.quit },
    ]),
  );
  tray.on('click', actions.showWindow);
  return tray;
}
