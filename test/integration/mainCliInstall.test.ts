import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';

/** Electron, mocked: an installed app whose message boxes are recorded. */
const electron = vi.hoisted(() => ({
  home: '',
  shown: [] as Array<{ type?: string; message: string; detail?: string }>,
}));
vi.mock('electron', () => ({
  app: { isPackaged: true, getPath: (name: string) => (name === 'home' ? electron.home : '/nowhere') },
}));

const { appMenuTemplate } = await import('../../src/main/appMenu.ts');
const { followAppImage, installCliFromMenu } = await import('../../src/main/cli/cliMenu.ts');
const { installCli, userPathFromReg } = await import('../../src/main/cli/cliInstaller.ts');
const { cliPlan, elevatedLinkScript, launcherAppImage } = await import('../../src/main/cli/cliPlan.ts');

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

let dir: string;
let resources: string;
const saved = { APPIMAGE: process.env['APPIMAGE'], PATH: process.env['PATH'] };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-install-'));
  resources = path.join(dir, 'resources');
  await mkdir(path.join(resources, 'cli'), { recursive: true });
  await copyFile(
    path.join(root, 'packaging/cli/robot-tray-appimage'),
    path.join(resources, 'cli/robot-tray-appimage'),
  );
  Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The Help menu's "Install Command-Line Tool…" clicked; resolves with the message box it showed. */
async function clickInstall(): Promise<{ type?: string; message: string; detail?: string }> {
  let clicked!: Promise<void>;
  const menu = appMenuTemplate('linux', false, {
    installCli: () => {
      clicked = installCliFromMenu(async (options) => void electron.shown.push(options as never));
    },
    checkForUpdates: () => undefined,
  });
  const help = menu.find((item) => item.role === 'help')!.submenu as Array<{
    id?: string;
    click?: () => void;
  }>;
  help.find((item) => item.id === 'install-cli')!.click!();
  await clicked;
  return electron.shown.at(-1)!;
}

/**
 * A stand-in AppImage: asked to mount itself (--appimage-mount, as the
 * AppImage runtime is), it prints `mount` as its mount point, notes its pid
 * and stays until stopped. Its "mounted" CLI echoes what it was given.
 */
async function fakeAppImage(name: string): Promise<{ file: string; pidFile: string }> {
  const mount = path.join(dir, `mount-${name}`);
  await mkdir(path.join(mount, 'resources/cli'), { recursive: true });
  await writeFile(
    path.join(mount, 'resources/cli/robot-tray'),
    `#!/bin/sh\necho "${name} CLI: $*"\necho "libraries: $LD_LIBRARY_PATH"\nexit 3\n`,
    { mode: 0o755 },
  );
  const pidFile = path.join(dir, `${name}.pid`);
  const file = path.join(dir, `Robot Tray's ${name}.AppImage`);
  await writeFile(
    file,
    '#!/bin/sh\n' +
      '[ "$1" = --appimage-mount ] || { echo "not asked to mount: $*" >&2; exit 9; }\n' +
      `echo $$ > '${pidFile}'\necho '${mount}'\nexec sleep 600\n`,
    { mode: 0o755 },
  );
  return { file, pidFile };
}

/** Whether a process is gone (or only a zombie waiting to be reaped). */
function ended(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

// AppImages, /sys and sh launchers are Linux's; the macOS and Windows pull-request jobs run the rest.
const linux = process.platform === 'linux';

describe.runIf(linux)('"Install Command-Line Tool…" in an AppImage (Linux)', () => {
  test('writes ~/.local/bin/robot-tray, which runs the CLI inside the AppImage and unmounts it after', async () => {
    electron.home = path.join(dir, 'home-a');
    const appImage = await fakeAppImage('first');
    process.env['APPIMAGE'] = appImage.file;
    process.env['PATH'] = `${path.join(electron.home, '.local/bin')}:/usr/bin:/bin`;

    const shown = await clickInstall();
    const command = path.join(electron.home, '.local/bin/robot-tray');
    expect(shown).toMatchObject({
      type: 'info',
      message: `robot-tray is installed at ${command}.`,
      detail: 'Open a new terminal and run robot-tray --help.',
    });
    expect((await stat(command)).mode & 0o111).not.toBe(0);
    expect(launcherAppImage(await readFile(command, 'utf8'))).toBe(appImage.file);

    const ran = await run(command, ['--version', 'two words']).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect(ran).toMatchObject({ code: 3 });
    expect(ran.stdout).toContain('first CLI: --version two words');
    expect(ran.stdout).toContain(`libraries: ${path.join(dir, 'mount-first')}/usr/lib`);
    const mounter = Number(await readFile(appImage.pidFile, 'utf8'));
    await expect.poll(() => ended(mounter)).toBe(true);
  });

  test('clicked again, says where it is and leaves it as it is', async () => {
    electron.home = path.join(dir, 'home-a');
    const command = path.join(electron.home, '.local/bin/robot-tray');
    process.env['APPIMAGE'] = path.join(dir, "Robot Tray's first.AppImage");
    const before = await stat(command);
    expect(await clickInstall()).toMatchObject({ message: `robot-tray is installed at ${command}.` });
    expect((await stat(command)).mtimeMs).toBe(before.mtimeMs);
  });

  test('follows the AppImage when an update moved it, at the next start', async () => {
    electron.home = path.join(dir, 'home-a');
    const command = path.join(electron.home, '.local/bin/robot-tray');
    const moved = await fakeAppImage('second');
    process.env['APPIMAGE'] = moved.file;
    followAppImage();
    await expect.poll(async () => launcherAppImage(await readFile(command, 'utf8'))).toBe(moved.file);
    const ran = await run(command, ['robot', 'list']).catch((e: { stdout: string }) => e);
    expect(ran.stdout).toContain('second CLI: robot list');
  });

  test('says so when ~/.local/bin is not on PATH, and where the AppImage went when it is gone', async () => {
    electron.home = path.join(dir, 'home-b');
    process.env['APPIMAGE'] = path.join(dir, 'Gone.AppImage');
    process.env['PATH'] = '/usr/bin:/bin';
    const shown = await clickInstall();
    expect(shown.detail).toBe(
      `${path.join(electron.home, '.local/bin')} is not on your PATH yet: log out and in again (most Linux systems add it once it exists), or add it to PATH in ~/.profile.`,
    );
    const ran = await run(path.join(electron.home, '.local/bin/robot-tray'), ['--help']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(ran).toMatchObject({ code: 2 });
    expect(ran.stderr).toContain(`Robot Tray's AppImage is no longer at ${path.join(dir, 'Gone.AppImage')}`);
  });

  test('never overwrites a robot-tray it did not write', async () => {
    electron.home = path.join(dir, 'home-c');
    const command = path.join(electron.home, '.local/bin/robot-tray');
    await mkdir(path.dirname(command), { recursive: true });
    await writeFile(command, '#!/bin/sh\necho mine\n', { mode: 0o755 });
    process.env['APPIMAGE'] = path.join(dir, 'Any.AppImage');
    expect(await clickInstall()).toMatchObject({
      type: 'warning',
      message: `There is already a robot-tray at ${command} that Robot Tray did not write.`,
    });
    expect(await readFile(command, 'utf8')).toBe('#!/bin/sh\necho mine\n');
  });

  test('from the .deb, says the package installed it', async () => {
    delete process.env['APPIMAGE'];
    expect(cliPlan({ platform: 'linux', isPackaged: true, resourcesDir: resources, home: '/h' })).toEqual({
      kind: 'packaged',
      command: '/usr/bin/robot-tray',
    });
    const there = path.join(dir, 'usr-bin-robot-tray');
    await writeFile(there, '');
    expect(await installCli({ kind: 'packaged', command: there }, { resourcesDir: resources })).toMatchObject(
      {
        done: true,
        message: `robot-tray is installed at ${there}.`,
      },
    );
  });
});

describe('the command-line tool on macOS and Windows (their steps, run here with recorded programs)', () => {
  test.runIf(process.platform !== 'win32')(
    'macOS: a link in /usr/local/bin to the launcher inside the app, made directly where the folder is writable',
    async () => {
      const target = path.join(dir, 'Robot Tray.app/Contents/Resources/cli/robot-tray');
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, '#!/bin/sh\n', { mode: 0o755 });
      const resourcesDir = path.join(dir, 'Robot Tray.app/Contents/Resources');
      const plan = cliPlan({ platform: 'darwin', isPackaged: true, resourcesDir, home: '/Users/a' });
      expect(plan).toEqual({ kind: 'link', command: '/usr/local/bin/robot-tray', target });
      const command = path.join(dir, 'usr-local-bin/robot-tray');
      const programs: string[][] = [];
      const recorder = async (file: string, args: readonly string[]) => {
        programs.push([file, ...args]);
        return '';
      };
      const outcome = await installCli({ kind: 'link', command, target }, { resourcesDir }, recorder);
      expect(outcome).toMatchObject({ done: true, message: `robot-tray is installed at ${command}.` });
      expect(await run(path.join(dir, 'usr-local-bin/robot-tray'), [])).toBeDefined();
      expect(programs).toEqual([]);
      // Again: it is there, and it is ours.
      expect(await installCli({ kind: 'link', command, target }, { resourcesDir }, recorder)).toMatchObject({
        done: true,
      });
      // A robot-tray of someone else's is left alone.
      const other = path.join(dir, 'other-bin/robot-tray');
      await mkdir(path.dirname(other), { recursive: true });
      await symlink('/bin/true', other);
      expect(
        await installCli({ kind: 'link', command: other, target }, { resourcesDir }, recorder),
      ).toMatchObject({
        done: false,
        message: `There is already a robot-tray at ${other} that is not this Robot Tray's.`,
      });
    },
  );

  test.runIf(linux)(
    "macOS: where the folder is not the person's to write, asks for an administrator's rights",
    async () => {
      // Even root may not make a folder in /sys, so the direct link fails here as it would in /usr/local.
      const command = '/sys/robot-tray-test/bin/robot-tray';
      const target = "/Applications/Robot Tray's.app/Contents/Resources/cli/robot-tray";
      const programs: string[][] = [];
      const outcome = await installCli(
        { kind: 'link', command, target },
        { resourcesDir: '/x' },
        async (file, args) => {
          programs.push([file, ...args]);
          return '';
        },
      );
      expect(outcome).toMatchObject({ done: true });
      expect(programs).toEqual([['/usr/bin/osascript', '-e', elevatedLinkScript(target, command)]]);
      expect(elevatedLinkScript(target, command)).toBe(
        `do shell script "mkdir -p '/sys/robot-tray-test/bin' && ln -sfn '/Applications/Robot Tray'\\\\''s.app/Contents/Resources/cli/robot-tray' '/sys/robot-tray-test/bin/robot-tray'" with administrator privileges`,
      );
      const refused = await installCli(
        { kind: 'link', command, target },
        { resourcesDir: '/x' },
        async () => {
          throw new Error('User canceled. (-128)');
        },
      );
      expect(refused).toMatchObject({ done: false, message: 'robot-tray was not installed.' });
    },
  );

  test('Windows: the cli folder goes on the user PATH with cli-path.ps1, once', async () => {
    const resourcesDir = 'C:\\Users\\a\\AppData\\Local\\Programs\\Robot Tray\\resources';
    const plan = cliPlan({ platform: 'win32', isPackaged: true, resourcesDir, home: 'C:\\Users\\a' });
    expect(plan).toMatchObject({ kind: 'path', dir: `${resourcesDir}\\cli` });
    const programs: string[][] = [];
    let userPath = 'C:\\tools;%USERPROFILE%\\bin';
    const recorder = async (file: string, args: readonly string[]) => {
      programs.push([file, ...args]);
      return file === 'reg'
        ? `\r\nHKEY_CURRENT_USER\\Environment\r\n    Path    REG_EXPAND_SZ    ${userPath}\r\n`
        : '';
    };
    expect(await installCli(plan, { resourcesDir }, recorder)).toMatchObject({
      done: true,
      message: `robot-tray is on your PATH: ${resourcesDir}\\cli\\robot-tray.cmd.`,
    });
    expect(programs[1]).toEqual([
      'powershell.exe',
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-File',
      `${resourcesDir}\\cli\\cli-path.ps1`,
      'add',
      `${resourcesDir}\\cli`,
    ]);
    userPath = `C:\\tools;${resourcesDir.toLowerCase()}\\cli\\`;
    programs.length = 0;
    expect(await installCli(plan, { resourcesDir }, recorder)).toMatchObject({ done: true });
    expect(programs.map((p) => p[0])).toEqual(['reg']);
    expect(userPathFromReg('    Path    REG_SZ    C:\\a;C:\\b\r\n')).toBe('C:\\a;C:\\b');
  });

  test('not from an installed app, or from a copy macOS moved aside: says why not', () => {
    expect(cliPlan({ platform: 'linux', isPackaged: false, resourcesDir: '/r', home: '/h' })).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringContaining('npx robot-tray'),
    });
    const translocated = '/private/var/folders/x/AppTranslocation/1/d/Robot Tray.app/Contents/Resources';
    expect(
      cliPlan({ platform: 'darwin', isPackaged: true, resourcesDir: translocated, home: '/h' }),
    ).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('move it to Applications') });
  });
});
