import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import asar from '@electron/asar';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { packageUnpacked, root, type BuildResult } from '../support/packagedApp.ts';

const run = promisify(execFile);

/** Every package npm installed for production (dependencies and theirs), by name. */
async function productionPackages(): Promise<Set<string>> {
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root });
  const names = new Set<string>();
  for (const line of stdout.split('\n')) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(line.trim());
    if (match) names.add(match[1]!);
  }
  return names;
}

/** The packages at the top of node_modules inside the archive. */
function packedPackages(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const match = /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    if (match && !match[1]!.endsWith('/')) names.add(match[1]!);
  }
  return names;
}

/**
 * What the installers hold, checked without Electron's binary: electron-builder
 * packs the built app for Linux exactly as its AppImage and .deb would, with a
 * stand-in Electron (test/support/packagedApp.ts). The installers themselves
 * are built and launched by the release workflow on machines that can fetch
 * Electron.
 */
describe('the packaged app', () => {
  let build: BuildResult;
  let files: string[];

  beforeAll(async () => {
    expect(existsSync(path.join(root, 'out/main/cli.js')), 'run `npm run build` first').toBe(true);
    build = await packageUnpacked();
    expect(build.code, build.output).toBe(0);
    files = asar.listPackage(path.join(build.appDir, 'resources/app.asar'), { isPack: false });
  }, 240_000);
  afterAll(async () => {
    if (build !== undefined) await rm(build.dir, { recursive: true, force: true });
  });

  test('holds the built app, its images and package.json, and no sources, tests or docs', () => {
    for (const file of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/cli.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/resources/tray-icon.png',
    ]) {
      expect(files, file).toContain(file);
    }
    const outside = files.filter((f) => !/^\/(out|resources|node_modules)(\/|$)|^\/package\.json$/.test(f));
    expect(outside).toEqual([]);
    // Nor what packages ship for their authors: sources, tests, source maps.
    expect(files.filter((f) => /\.(map|ts|cts|mts)$|\/(tests?|__tests__)\//.test(f))).toEqual([]);
  });

  test('carries production dependencies only: none of the devDependencies, nothing npm did not install for production', async () => {
    const packed = packedPackages(files);
    const production = await productionPackages();
    const { dependencies, devDependencies } = JSON.parse(
      readFileSync(path.join(root, 'package.json'), 'utf8'),
    );
    for (const name of Object.keys(dependencies)) expect(packed, name).toContain(name);
    expect([...packed].filter((name) => name in devDependencies)).toEqual([]);
    expect([...packed].filter((name) => !production.has(name))).toEqual([]);
  });

  test("keytar's native module is unpacked beside the archive, where it can be loaded", () => {
    const native = path.join(
      build.appDir,
      'resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node',
    );
    expect(existsSync(native)).toBe(true);
    expect(files).toContain('/node_modules/keytar/build/Release/keytar.node');
  });

  test("the robot-tray command runs the bundled CLI on the app's own Electron, also through a link on the PATH", async () => {
    const launcher = path.join(build.appDir, 'resources/cli/robot-tray');
    expect(statSync(launcher).mode & 0o111).not.toBe(0);
    expect(existsSync(path.join(build.appDir, 'resources/cli/robot-tray.cmd'))).toBe(true);
    // Plain Node cannot read inside app.asar: for this run, the archive is
    // extracted beside it as resources/app, which the launcher falls back to.
    const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-packaged-cli-'));
    const extracted = path.join(build.appDir, 'resources/app');
    asar.extractAll(path.join(build.appDir, 'resources/app.asar'), extracted);
    await rm(path.join(build.appDir, 'resources/app.asar'));
    try {
      // As the .deb links it: /usr/bin/robot-tray -> /opt/Robot Tray/resources/cli/robot-tray.
      const bin = path.join(home, 'bin');
      await run('mkdir', ['-p', bin]);
      await symlink(launcher, path.join(bin, 'robot-tray'));
      const env = { ...process.env, ROBOT_TRAY_HOME: path.join(home, 'data') };
      const version = await run(path.join(bin, 'robot-tray'), ['--version'], { env });
      expect(version.stdout.trim()).toBe(
        JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version,
      );
      const list = await run(path.join(bin, 'robot-tray'), ['robot', 'list'], { env });
      expect(list.stdout).toContain('No robots yet');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  test('a configuration electron-builder does not know is refused before anything is packed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bad-config-'));
    try {
      const file = path.join(dir, 'electron-builder.config.mjs');
      await writeFile(
        file,
        `import config from ${JSON.stringify(path.join(root, 'electron-builder.config.mjs'))};\n` +
          'export default { ...config, linux: { ...config.linux, tragets: ["deb"] } };\n',
      );
      const bad = await packageUnpacked({ configFile: file });
      await rm(bad.dir, { recursive: true, force: true });
      expect(bad.code).not.toBe(0);
      expect(bad.output).toContain('Invalid configuration object');
      expect(bad.output).toContain('configuration.linux');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
