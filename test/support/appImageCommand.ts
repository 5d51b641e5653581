import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { installCli } from '../../src/main/cli/cliInstaller.ts';

const run = promisify(execFile);

export type CommandRun = { code: number; stdout: string; stderr: string };

/**
 * The `robot-tray` command as "Install Command-Line Tool…" writes it for an
 * AppImage (into a fresh home's ~/.local/bin), from the launcher template in
 * `resourcesDir/cli`, and a way to run it with a data folder of its own.
 * `home` is the caller's to remove.
 */
export async function installAppImageCommand(
  appImage: string,
  resourcesDir: string,
): Promise<{ home: string; command: string; run(args: string[]): Promise<CommandRun> }> {
  const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-appimage-home-'));
  const command = path.join(home, '.local/bin/robot-tray');
  const outcome = await installCli(
    { kind: 'launcher', command, appImage },
    { PATH: process.env['PATH'], resourcesDir },
  );
  if (!outcome.done) throw new Error(`${outcome.message} ${outcome.detail}`);
  return {
    home,
    command,
    run: async (args) => {
      const env = { ...process.env, HOME: home, ROBOT_TRAY_HOME: path.join(home, 'data') };
      try {
        const { stdout, stderr } = await run(command, args, { env });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const e = error as { code?: number; stdout?: string; stderr?: string };
        return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
      }
    },
  };
}
