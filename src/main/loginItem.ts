import { app } from 'electron';
import { mkdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { writeFileAtomically } from '../core/files/atomicWrite.ts';

export type LoginItemEnv = {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The program to start: the AppImage file, the installed launcher, or Electron in development. */
  execPath: string;
};

/** The XDG autostart entry's place: $XDG_CONFIG_HOME/autostart, ~/.config/autostart by default. */
export function autostartFile(env: NodeJS.ProcessEnv): string {
  const config = env['XDG_CONFIG_HOME'];
  const base = config !== undefined && path.isAbsolute(config) ? config : path.join(homedir(), '.config');
  return path.join(base, 'autostart', 'robot-tray.desktop');
}

/**
 * One argument of a desktop entry's Exec key: quoted when it holds anything
 * but plain path characters, `"`, `` ` ``, `$` and `\` escaped inside the
 * quotes, `%` doubled (a field code otherwise), then every backslash doubled
 * again, as the Desktop Entry Specification reads string values before it
 * reads the quoting.
 */
export function execArgument(arg: string): string {
  const quoted = /^[\w/.+,=:@-]+$/.test(arg) ? arg : `"${arg.replace(/[`"$\\]/g, '\\$&')}"`;
  return quoted.replace(/%/g, '%%').replace(/\\/g, '\\\\');
}

/** The autostart entry that starts `command` (in the tray: the app opens no window unless it is new). */
export function autostartEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Robot Tray',
    'Comment=Start Robot Tray in the tray',
    `Exec=${command.map(execArgument).join(' ')}`,
    'Icon=robot-tray-app',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** What starts this Robot Tray again: the AppImage itself (its mount point changes every run), else the program, with the app's folder in development. */
function launchCommand(where: LoginItemEnv): string[] {
  const appImage = where.env['APPIMAGE'];
  if (appImage !== undefined && path.isAbsolute(appImage)) return [appImage];
  return app.isPackaged ? [where.execPath] : [where.execPath, app.getAppPath()];
}

/**
 * "Start Robot Tray in the tray when I log in". macOS and Windows keep login
 * items themselves; Electron has none on Linux, where the desktop starts
 * what ~/.config/autostart names (the XDG Autostart Specification), so Robot
 * Tray writes its entry there, or removes it.
 */
export async function applyLoginItem(
  open: boolean,
  where: LoginItemEnv = { platform: process.platform, env: process.env, execPath: process.execPath },
): Promise<void> {
  if (where.platform !== 'linux') {
    app.setLoginItemSettings({ openAtLogin: open });
    return;
  }
  const file = autostartFile(where.env);
  if (!open) {
    await rm(file, { force: true });
    return;
  }
  const command = launchCommand(where);
  // A path with a line break cannot be written in an entry: better none than a broken one.
  if (command.some((arg) => /[\r\n]/.test(arg))) throw new Error(`${command[0]} cannot be started at login`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomically(file, autostartEntry(command), { mode: 0o644 });
}
