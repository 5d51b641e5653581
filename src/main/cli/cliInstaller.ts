import { execFile } from 'node:child_process';
import { lstat, mkdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { appImageLauncher, elevatedLinkScript, launcherAppImage, onPath, type CliPlan } from './cliPlan.ts';

/** What "Install the command-line tool" did, in the words the dialog shows. */
export type CliOutcome = {
  done: boolean;
  /** One line: what happened. */
  message: string;
  /** What to do next, or where the command is; may be empty. */
  detail: string;
};

/** Runs a program and returns its standard output; tests hand in a recorder. */
export type RunProgram = (file: string, args: readonly string[]) => Promise<string>;

const runProgram: RunProgram = async (file, args) =>
  (await promisify(execFile)(file, [...args], { windowsHide: true })).stdout;

const USE = 'Open a new terminal and run robot-tray --help.';

const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

/**
 * Installs the `robot-tray` command as the plan says, or says where it is
 * when it is there already. Never overwrites a `robot-tray` it did not make.
 */
export async function installCli(
  plan: CliPlan,
  env: { PATH?: string | undefined; resourcesDir: string },
  run: RunProgram = runProgram,
): Promise<CliOutcome> {
  switch (plan.kind) {
    case 'unavailable':
      return {
        done: false,
        message: 'The command-line tool cannot be installed from here.',
        detail: plan.reason,
      };
    case 'packaged':
      return (await exists(plan.command))
        ? {
            done: true,
            message: `robot-tray is installed at ${plan.command}.`,
            detail: `The .deb package put it there. ${USE}`,
          }
        : {
            done: false,
            message: `robot-tray is missing from ${plan.command}.`,
            detail:
              'Reinstall the Robot Tray package (sudo apt install --reinstall robot-tray) to bring it back.',
          };
    case 'launcher':
      return installLauncher(plan, env);
    case 'link':
      return installLink(plan, run);
    case 'path':
      return installPath(plan, env.resourcesDir, run);
  }
}

async function installLauncher(
  plan: Extract<CliPlan, { kind: 'launcher' }>,
  env: { PATH?: string | undefined; resourcesDir: string },
): Promise<CliOutcome> {
  const current = await readFile(plan.command, 'utf8').catch(() => undefined);
  const named = current === undefined ? undefined : launcherAppImage(current);
  const dir = path.dirname(plan.command);
  const pathNote = onPath(dir, env.PATH, 'linux')
    ? USE
    : `${dir} is not on your PATH yet: log out and in again (most Linux systems add it once it exists), or add it to PATH in ~/.profile.`;
  if (current !== undefined && named === undefined)
    return {
      done: false,
      message: `There is already a robot-tray at ${plan.command} that Robot Tray did not write.`,
      detail: 'Remove or rename it, then choose Install the Command-Line Tool again.',
    };
  if (named === plan.appImage)
    return { done: true, message: `robot-tray is installed at ${plan.command}.`, detail: pathNote };
  await writeAppImageLauncher(plan, env.resourcesDir);
  return { done: true, message: `robot-tray is installed at ${plan.command}.`, detail: pathNote };
}

async function writeAppImageLauncher(
  plan: Extract<CliPlan, { kind: 'launcher' }>,
  resourcesDir: string,
): Promise<void> {
  const template = await readFile(path.join(resourcesDir, 'cli/robot-tray-appimage'), 'utf8');
  await mkdir(path.dirname(plan.command), { recursive: true });
  await writeFile(plan.command, appImageLauncher(template, plan.appImage), { mode: 0o755 });
}

/**
 * An update moves an AppImage whose name carries its version (electron-updater
 * downloads the new one beside it and deletes the old): the launcher written
 * for the old file is rewritten for this one at start. Says whether it was.
 */
export async function followMovedAppImage(plan: CliPlan, resourcesDir: string): Promise<boolean> {
  if (plan.kind !== 'launcher') return false;
  const current = await readFile(plan.command, 'utf8').catch(() => undefined);
  const named = current === undefined ? undefined : launcherAppImage(current);
  if (named === undefined || named === plan.appImage) return false;
  await writeAppImageLauncher(plan, resourcesDir);
  return true;
}

async function installLink(plan: Extract<CliPlan, { kind: 'link' }>, run: RunProgram): Promise<CliOutcome> {
  const installed = { done: true, message: `robot-tray is installed at ${plan.command}.`, detail: USE };
  if (await exists(plan.command)) {
    const [at, ours] = await Promise.all([realpath(plan.command).catch(() => ''), realpath(plan.target)]);
    if (at === ours) return installed;
    return {
      done: false,
      message: `There is already a robot-tray at ${plan.command} that is not this Robot Tray's.`,
      detail:
        'Remove it (sudo rm /usr/local/bin/robot-tray), then choose Install the Command-Line Tool again.',
    };
  }
  try {
    await mkdir(path.dirname(plan.command), { recursive: true });
    await symlink(plan.target, plan.command);
    return installed;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
  }
  // Not the person's folder to write: macOS asks for an administrator's password.
  try {
    await run('/usr/bin/osascript', ['-e', elevatedLinkScript(plan.target, plan.command)]);
    return installed;
  } catch {
    return {
      done: false,
      message: 'robot-tray was not installed.',
      detail: `Writing to ${path.dirname(plan.command)} needs an administrator's password, and none was given.`,
    };
  }
}

/** The user's own PATH as the registry holds it (what new terminals get), from `reg query` output. */
export function userPathFromReg(output: string): string {
  return /^\s*Path\s+REG_(?:EXPAND_)?SZ\s+(.*)$/im.exec(output)?.[1]?.trim() ?? '';
}

async function installPath(
  plan: Extract<CliPlan, { kind: 'path' }>,
  resourcesDir: string,
  run: RunProgram,
): Promise<CliOutcome> {
  const registry = await run('reg', ['query', 'HKCU\\Environment', '/v', 'Path']).catch(() => '');
  const installed = {
    done: true,
    message: `robot-tray is on your PATH: ${plan.command}.`,
    detail: USE,
  };
  if (onPath(plan.dir, userPathFromReg(registry), 'win32')) return installed;
  const script = path.win32.join(resourcesDir, 'cli', 'cli-path.ps1');
  try {
    await run('powershell.exe', [
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-File',
      script,
      'add',
      plan.dir,
    ]);
    return installed;
  } catch (error) {
    return {
      done: false,
      message: 'robot-tray could not be added to your PATH.',
      detail: `${(error as Error).message.split('\n')[0]} Add ${plan.dir} to PATH in Settings → System → About → Advanced system settings → Environment Variables.`,
    };
  }
}
