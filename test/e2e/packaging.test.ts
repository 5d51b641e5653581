import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import asar from '@electron/asar';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkDist } from '../../scripts/release/checkRelease.ts';
import { installAppImageCommand } from '../support/appImageCommand.ts';
import { FEED_REPOSITORY, packageUnpacked, root, type BuildResult } from '../support/packagedApp.ts';

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

const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;

/**
 * What the installers hold, checked without Electron's binary: electron-builder
 * packs the built app for Linux exactly as its AppImage and .deb would, with a
 * stand-in Electron, and makes the .deb with a stand-in fpm that archives what
 * electron-builder hands it with dpkg-deb (test/support/packagedApp.ts). The
 * AppImage, .dmg and NSIS installer are built and launched by the release
 * workflow on machines that can fetch Electron and their tools.
 */
describe('the packaged app', () => {
  let build: BuildResult;
  let files: string[];

  beforeAll(async () => {
    expect(existsSync(path.join(root, 'out/main/cli.js')), 'run `npm run build` first').toBe(true);
    build = await packageUnpacked({ target: 'deb' });
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

  test('the command the app installs for an AppImage mounts it and runs the packed CLI (a stand-in AppImage here)', async () => {
    // Runs after the test above, which left the archive extracted as resources/app.
    const appImage = path.join(build.dir, 'Robot-Tray.AppImage');
    await writeFile(
      appImage,
      `#!/bin/sh\n[ "$1" = --appimage-mount ] || exit 9\necho '${build.appDir}'\nexec sleep 600\n`,
      { mode: 0o755 },
    );
    const command = await installAppImageCommand(appImage, path.join(build.appDir, 'resources'));
    try {
      expect(await command.run(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
      expect((await command.run(['robot', 'list'])).stdout).toContain('No robots yet');
    } finally {
      await rm(command.home, { recursive: true, force: true });
    }
  });

  test('the .deb installs the menu entry, the robot-tray:// handler and /usr/bin/robot-tray', async () => {
    const deb = path.join(build.distDir, `Robot-Tray-${version}-linux-amd64.deb`);
    const unpacked = path.join(build.dir, 'deb-root');
    const control = path.join(build.dir, 'deb-control');
    await run('dpkg-deb', ['-x', deb, unpacked]);
    await run('dpkg-deb', ['-e', deb, control]);
    const desktop = readFileSync(
      path.join(unpacked, 'usr/share/applications/robot-tray-app.desktop'),
      'utf8',
    );
    expect(desktop.split('\n')).toEqual(
      expect.arrayContaining([
        '[Desktop Entry]',
        'Name=Robot Tray',
        'Exec="/opt/Robot Tray/robot-tray-app" %U',
        'Type=Application',
        'Icon=robot-tray-app',
        'MimeType=x-scheme-handler/robot-tray;',
        'Categories=Development;',
      ]),
    );
    expect(existsSync(path.join(unpacked, 'usr/share/icons/hicolor/256x256/apps/robot-tray-app.png'))).toBe(
      true,
    );
    const launcher = path.join(unpacked, 'opt/Robot Tray/resources/cli/robot-tray');
    expect(statSync(launcher).mode & 0o111).not.toBe(0);
    // The maintainer scripts are ours: the command linked onto the PATH, the
    // desktop told of the entry and its link scheme; and undone on removal.
    const postinst = readFileSync(path.join(control, 'postinst'), 'utf8');
    expect(postinst).toContain('ln -sf "$dir/resources/cli/robot-tray" /usr/bin/robot-tray');
    expect(postinst).toContain("dir='/opt/Robot Tray'");
    expect(postinst).toContain('update-desktop-database /usr/share/applications');
    expect(readFileSync(path.join(control, 'postrm'), 'utf8')).toContain('/usr/bin/robot-tray');
    const fields = readFileSync(path.join(control, 'control'), 'utf8');
    expect(fields).toMatch(/^Depends: .*\blibsecret-1-0\b/m);
    expect(fields).toContain(`Version: ${version}`);
  });

  test('the update feed inside names the repository the release goes to, and the release check passes on this dist but for the AppImage', () => {
    const resources = path.join(build.appDir, 'resources');
    expect(readFileSync(path.join(resources, 'app-update.yml'), 'utf8')).toContain(
      `owner: ${FEED_REPOSITORY.split('/')[0]}\nrepo: ${FEED_REPOSITORY.split('/')[1]}\nprovider: github`,
    );
    // electron-updater tells a .deb install by this file.
    expect(readFileSync(path.join(resources, 'package-type'), 'utf8')).toBe('deb');
    const workflowText = readFileSync(path.join(root, '.github/workflows/release.yml'), 'utf8');
    const check = checkDist({
      dist: build.distDir,
      platform: 'linux',
      repository: FEED_REPOSITORY,
      workflowText,
    });
    // Everything but the AppImage, which needs tools that cannot be downloaded here.
    expect(check.problems).toEqual([
      'latest-linux.yml names no .AppImage: an AppImage install would find nothing to update to',
    ]);
    expect(check.checked).toEqual(['latest-linux.yml', `Robot-Tray-${version}-linux-amd64.deb`]);
    expect(
      checkDist({ dist: build.distDir, platform: 'linux', repository: 'someone/else', workflowText })
        .problems,
    ).toEqual([
      'latest-linux.yml names no .AppImage: an AppImage install would find nothing to update to',
      `app-update.yml names ${FEED_REPOSITORY}, but the workflow publishes to someone/else`,
    ]);
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
