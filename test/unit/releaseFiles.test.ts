import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import {
  configProblems,
  feedProblems,
  notUploaded,
  readWorkflow,
  updaterFiles,
  workflowProblems,
  type BuilderConfig,
} from '../../scripts/release/releaseFiles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const workflowText = readFileSync(path.join(root, '.github/workflows/release.yml'), 'utf8');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

/** The builder configuration as the release workflow loads it: GitHub sets GITHUB_REPOSITORY. */
async function configIn(repository: string): Promise<BuilderConfig & Record<string, unknown>> {
  vi.stubEnv('GITHUB_REPOSITORY', repository);
  try {
    const file = `${path.join(root, 'electron-builder.config.mjs')}?repository=${repository}`;
    return (await import(/* @vite-ignore */ file)).default;
  } finally {
    vi.unstubAllEnvs();
  }
}

/**
 * A release the installed app cannot read is found here, before a tag is
 * pushed: the files electron-updater needs (from the builder configuration)
 * against what the release workflow uploads, and the feed built into the app
 * against the repository the workflow publishes to. The workflow runs the
 * same checks on the real dist/ (scripts/release/checkRelease.ts); the packed
 * app's own app-update.yml is checked in test/e2e/packaging.test.ts.
 */
describe('the release the workflow makes', () => {
  let config: BuilderConfig & Record<string, unknown>;
  beforeAll(async () => {
    config = await configIn('acme/robot-tray');
  });

  test('carries every file electron-updater reads, on every platform', () => {
    const files = updaterFiles(config, version);
    expect(files.linux).toEqual([
      'latest-linux.yml',
      `Robot-Tray-${version}-linux-x86_64.AppImage`,
      `Robot-Tray-${version}-linux-amd64.deb`,
    ]);
    expect(files.mac).toEqual([
      'latest-mac.yml',
      `Robot-Tray-${version}-mac-universal.dmg`,
      `Robot-Tray-${version}-mac-universal.dmg.blockmap`,
      `Robot-Tray-${version}-mac-universal.zip`,
      `Robot-Tray-${version}-mac-universal.zip.blockmap`,
    ]);
    expect(files.win).toEqual([
      'latest.yml',
      `Robot-Tray-${version}-win-x64.exe`,
      `Robot-Tray-${version}-win-x64.exe.blockmap`,
    ]);
    const globs = readWorkflow(workflowText).uploadGlobs;
    expect(notUploaded(Object.values(files).flat(), globs)).toEqual([]);
  });

  test('builds what updates install from: an AppImage, a mac .zip beside the .dmg, an NSIS installer', () => {
    expect(configProblems(config)).toEqual([]);
  });

  test("builds each platform's configured targets, and drafts everything uploaded in its own repository", () => {
    expect(workflowProblems(readWorkflow(workflowText))).toEqual([]);
  });

  test('the feed built into the app names the repository the workflow runs in', () => {
    expect(config.publish).toMatchObject({ provider: 'github', owner: 'acme', repo: 'robot-tray' });
    expect(config['extraMetadata']).toEqual({ homepage: 'https://github.com/acme/robot-tray' });
  });

  test('the checks catch a release that would not update', async () => {
    const files = Object.values(updaterFiles(config, version)).flat();
    const noBlockmaps = workflowText.replace(/^\s*dist\/\*\.blockmap\n/m, '');
    expect(notUploaded(files, readWorkflow(noBlockmaps).uploadGlobs)).toEqual([
      `Robot-Tray-${version}-mac-universal.dmg.blockmap`,
      `Robot-Tray-${version}-mac-universal.zip.blockmap`,
      `Robot-Tray-${version}-win-x64.exe.blockmap`,
    ]);
    const excluded = workflowText.replace(
      'dist/latest*.yml',
      'dist/latest*.yml\n            !dist/latest.yml',
    );
    expect(notUploaded(files, readWorkflow(excluded).uploadGlobs)).toEqual(['latest.yml']);

    const dmgOnly = workflowText.replace('platform: --mac', 'platform: --mac dmg');
    expect(workflowProblems(readWorkflow(dmgOnly))).toEqual([expect.stringContaining('"--mac dmg"')]);
    const elsewhere = workflowText.replace('--repo "$GITHUB_REPOSITORY"', '--repo acme/other');
    expect(workflowProblems(readWorkflow(elsewhere))).toEqual([
      expect.stringContaining('not made in "$GITHUB_REPOSITORY"'),
    ]);

    const mac = config.mac as { target: unknown[] };
    expect(configProblems({ ...config, mac: { ...mac, target: mac.target.slice(0, 1) } })).toEqual([
      expect.stringContaining('no "zip" target'),
    ]);
    expect(feedProblems('provider: github\nowner: acme\nrepo: fork\n', 'acme/robot-tray')).toEqual([
      'app-update.yml names acme/fork, but the workflow publishes to acme/robot-tray',
    ]);
    expect(feedProblems(undefined, 'acme/robot-tray')).toEqual([
      expect.stringContaining('never look for updates'),
    ]);
  });

  test('without a repository (a local build) the feed names none, and electron-builder looks for a GitHub remote', async () => {
    const local = await configIn('');
    expect(local.publish).toEqual({ provider: 'github', releaseType: 'draft' });
  });
});

describe('the installer options', () => {
  let config: Record<string, Record<string, unknown>>;
  beforeAll(async () => {
    config = (await configIn('acme/robot-tray')) as never;
  });

  test('NSIS installs per user, with a choice of folder and the page that puts robot-tray on PATH', () => {
    expect(config['nsis']).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      include: 'packaging/installer.nsh',
    });
    expect(existsSync(path.join(root, config['nsis']!['include'] as string))).toBe(true);
    expect(config['win']).toEqual({ target: [{ target: 'nsis', arch: ['x64'] }] });
  });

  test('the .dmg and .zip are universal, hardened, and unsigned unless a certificate is set', () => {
    expect(config['mac']).toMatchObject({
      target: [
        { target: 'dmg', arch: ['universal'] },
        { target: 'zip', arch: ['universal'] },
      ],
      hardenedRuntime: true,
      identity: null,
      notarize: false,
    });
    expect(config['dmg']).toEqual({ title: 'Robot Tray ${version}' });
  });

  test('every launcher the app or an installer uses for the command is packed', () => {
    const cli = (config['extraResources'] as unknown as Array<{ from: string; filter: string[] }>)[0]!;
    for (const file of cli.filter) expect(existsSync(path.join(root, cli.from, file)), file).toBe(true);
  });
});
