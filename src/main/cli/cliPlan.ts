import path from 'node:path';

/**
 * Where the `robot-tray` command of an installed Robot Tray goes, decided
 * from facts alone (pure, so every platform is tested on any): the .deb
 * links /usr/bin/robot-tray itself; an AppImage gets a small launcher in
 * ~/.local/bin (packaging/cli/robot-tray-appimage, since the AppImage's
 * files exist only while it is mounted); macOS a link in /usr/local/bin to
 * the launcher inside the app; Windows the app's cli folder on the user's
 * PATH. As VS Code's "Install 'code' command in PATH" does.
 */
export type CliFacts = {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** The app's resources folder (process.resourcesPath). */
  resourcesDir: string;
  home: string;
  /** The AppImage file this app runs from, if it is one ($APPIMAGE). */
  appImage?: string | undefined;
};

export type CliPlan =
  | { kind: 'unavailable'; reason: string }
  /** Linux .deb: /usr/bin/robot-tray is the package's. */
  | { kind: 'packaged'; command: string }
  /** AppImage: write the launcher at `command`, naming the AppImage. */
  | { kind: 'launcher'; command: string; appImage: string }
  /** macOS: a symbolic link at `command` to `target`. */
  | { kind: 'link'; command: string; target: string }
  /** Windows: `dir` (holding robot-tray.cmd) on the user's PATH. */
  | { kind: 'path'; dir: string; command: string };

export const DEB_COMMAND = '/usr/bin/robot-tray';
export const MAC_COMMAND = '/usr/local/bin/robot-tray';

export function cliPlan(facts: CliFacts): CliPlan {
  if (!facts.isPackaged)
    return {
      kind: 'unavailable',
      reason:
        'This Robot Tray runs from its sources (npm start), not an installed copy: run the command with npx robot-tray in the repository.',
    };
  if (facts.platform === 'win32') {
    const dir = path.win32.join(facts.resourcesDir, 'cli');
    return { kind: 'path', dir, command: path.win32.join(dir, 'robot-tray.cmd') };
  }
  const cliDir = path.join(facts.resourcesDir, 'cli');
  if (facts.platform === 'darwin') {
    // A quarantined app run from Downloads is moved to a random read-only
    // place for each start; a link there would break at the next one.
    if (facts.resourcesDir.includes('/AppTranslocation/'))
      return {
        kind: 'unavailable',
        reason:
          'Robot Tray is running from a temporary copy macOS made of it: move it to Applications, start it from there, and try again.',
      };
    return { kind: 'link', command: MAC_COMMAND, target: path.join(cliDir, 'robot-tray') };
  }
  if (facts.appImage !== undefined && facts.appImage !== '')
    return {
      kind: 'launcher',
      command: path.join(facts.home, '.local/bin/robot-tray'),
      appImage: facts.appImage,
    };
  return { kind: 'packaged', command: DEB_COMMAND };
}

/** The launcher template with the AppImage's path in place, quoted for sh. */
export function appImageLauncher(template: string, appImage: string): string {
  return template.replace('@APPIMAGE@', `'${appImage.replaceAll("'", "'\\''")}'`);
}

/** The AppImage path a launcher written by appImageLauncher names, if it is one of ours. */
export function launcherAppImage(text: string): string | undefined {
  const match = /^appimage='((?:[^']|'\\'')*)'$/m.exec(text);
  if (match === null || !text.includes('# The `robot-tray` command of a Robot Tray AppImage'))
    return undefined;
  return match[1]!.replaceAll("'\\''", "'");
}

/** Whether `dir` is one of PATH's folders (as the platform compares them). */
export function onPath(dir: string, pathValue: string | undefined, platform: NodeJS.Platform): boolean {
  const separator = platform === 'win32' ? ';' : ':';
  const norm = (d: string) => {
    const trimmed = d.replace(/[\\/]+$/, '');
    return platform === 'win32' ? trimmed.toLowerCase() : trimmed;
  };
  return (pathValue ?? '')
    .split(separator)
    .filter((d) => d !== '')
    .some((d) => norm(d) === norm(dir));
}

/**
 * The AppleScript that makes the macOS link with an administrator's rights,
 * where /usr/local/bin is not the person's to write (macOS asks for the
 * password itself). Paths go into sh single quotes, then into an AppleScript string.
 */
export function elevatedLinkScript(target: string, command: string): string {
  const sh = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  const shell = `mkdir -p ${sh(path.dirname(command))} && ln -sfn ${sh(target)} ${sh(command)}`;
  const applescript = shell.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  return `do shell script "${applescript}" with administrator privileges`;
}
