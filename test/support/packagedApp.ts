import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
export const root = fileURLToPath(new URL('../..', import.meta.url));
const builder = path.join(root, 'node_modules/electron-builder/cli.js');

/**
 * A stand-in for Electron's unpacked distribution, since its binary cannot be
 * downloaded here: electron-builder copies it as the app's executable. Like
 * the real one under ELECTRON_RUN_AS_NODE, it runs a script on Node 24 (this
 * Node); started any other way it refuses, so a launcher that forgets the
 * variable fails its test.
 */
export async function fakeElectronDist(dir: string): Promise<string> {
  const dist = path.join(dir, 'electron-dist');
  await mkdir(dist, { recursive: true });
  const binary = path.join(dist, 'electron');
  await writeFile(
    binary,
    '#!/bin/sh\n' +
      'if [ "$ELECTRON_RUN_AS_NODE" != 1 ]; then echo "stand-in Electron: started without ELECTRON_RUN_AS_NODE" >&2; exit 97; fi\n' +
      `exec '${process.execPath}' "$@"\n`,
  );
  await chmod(binary, 0o755);
  await writeFile(path.join(dist, 'version'), '45.4.1');
  return dist;
}

/**
 * The fpm electron-builder runs to make a .deb: test/support/fpmStandIn.ts
 * on this Node, since fpm itself cannot be downloaded here.
 */
async function fpmStandIn(dir: string): Promise<string> {
  const file = path.join(dir, 'fpm');
  const script = path.join(root, 'test/support/fpmStandIn.ts');
  await writeFile(file, `#!/bin/sh\nexec '${process.execPath}' '${script}' "$@"\n`);
  await chmod(file, 0o755);
  return file;
}

/** The repository the packed app's update feed names, as GitHub's GITHUB_REPOSITORY would. */
export const FEED_REPOSITORY = 'robot-tray-test/robot-tray';

/**
 * `dir` holds everything the build made (the caller removes it); `distDir`
 * is electron-builder's output folder, `appDir` the unpacked app in it.
 */
export type BuildResult = { code: number; output: string; appDir: string; dir: string; distDir: string };

/**
 * Package the built app (out/) for Linux as an unpacked folder, exactly as
 * the installers would hold it, with the stand-in Electron: the project's
 * electron-builder configuration (validated by electron-builder against its
 * own schema first), or `configFile` in its place. With `target: 'deb'` the
 * .deb is made too (with the stand-in fpm), and the update feed files
 * electron-builder writes beside it, as in a release built by GitHub for
 * FEED_REPOSITORY.
 */
export async function packageUnpacked(
  options: { configFile?: string; target?: 'dir' | 'deb' } = {},
): Promise<BuildResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-package-'));
  const dist = await fakeElectronDist(dir);
  const output = path.join(dir, 'dist');
  const args = [
    builder,
    '--linux',
    options.target ?? 'dir',
    '--publish',
    'never',
    '--config',
    options.configFile ?? path.join(root, 'electron-builder.config.mjs'),
    `-c.electronDist=${dist}`,
    '-c.electronVersion=45.4.1',
    `-c.directories.output=${output}`,
  ];
  try {
    const { stdout, stderr } = await run(process.execPath, args, {
      cwd: root,
      timeout: 180_000,
      maxBuffer: 32 * 1024 * 1024,
      // No signing look-ups, no downloads.
      env: {
        ...process.env,
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        GITHUB_REPOSITORY: FEED_REPOSITORY,
        CUSTOM_FPM_PATH: await fpmStandIn(dir),
      },
    });
    return {
      code: 0,
      output: stdout + stderr,
      appDir: path.join(output, 'linux-unpacked'),
      dir,
      distDir: output,
    };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
      appDir: path.join(output, 'linux-unpacked'),
      dir,
      distDir: output,
    };
  }
}
