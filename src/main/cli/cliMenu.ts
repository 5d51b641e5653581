import { app, type MessageBoxOptions } from 'electron';
import { followMovedAppImage, installCli } from './cliInstaller.ts';
import { cliPlan, type CliFacts } from './cliPlan.ts';

/** This app's facts for cliPlan. */
function cliFacts(): CliFacts {
  return {
    platform: process.platform,
    isPackaged: app.isPackaged,
    resourcesDir: process.resourcesPath,
    home: app.getPath('home'),
    appImage: process.env['APPIMAGE'],
  };
}

/**
 * The app menu's "Install Command-Line Tool…": installs `robot-tray` where
 * this platform keeps it, or says where it is already, in a message box.
 */
export async function installCliFromMenu(
  show: (options: MessageBoxOptions) => Promise<unknown>,
): Promise<void> {
  const outcome = await installCli(cliPlan(cliFacts()), {
    PATH: process.env['PATH'],
    resourcesDir: process.resourcesPath,
  }).catch((error: unknown) => ({
    done: false,
    message: 'robot-tray could not be installed.',
    detail: error instanceof Error ? error.message : String(error),
  }));
  await show({
    type: outcome.done ? 'info' : 'warning',
    title: 'Command-line tool',
    message: outcome.message,
    detail: outcome.detail,
    buttons: ['OK'],
    noLink: true,
  });
}

/** At start: the command installed for an AppImage follows the AppImage an update moved. */
export function followAppImage(): void {
  followMovedAppImage(cliPlan(cliFacts()), process.resourcesPath).catch((error: unknown) => {
    console.warn(
      `robot-tray: the robot-tray command could not be pointed at this AppImage (${error instanceof Error ? error.message : 'error'})`,
    );
  });
}
