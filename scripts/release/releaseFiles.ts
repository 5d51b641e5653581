/**
 * What a Robot Tray release must carry for the installed app to update
 * itself, and whether the release workflow carries it. electron-updater
 * reads, from the GitHub release it finds: `latest-linux.yml` (the AppImage
 * and the .deb), `latest-mac.yml` (the .zip: macOS updates cannot install
 * from a .dmg) and `latest.yml` (the NSIS installer), the files they name,
 * and the `.blockmap` beside the .exe, .dmg and .zip for differential
 * downloads (an AppImage carries its blockmap inside). electron-builder
 * writes all of these into dist/ even with --publish never; this module
 * checks that the workflow uploads them and that the feed built into the
 * app (resources/app-update.yml) names the repository the workflow
 * publishes to. Used by test/unit/releaseFiles.test.ts on the configuration
 * and by scripts/release/checkRelease.ts on a real dist/ in the workflow.
 */
import path from 'node:path';
import { parse } from 'yaml';

export type Platform = 'linux' | 'mac' | 'win';

/** The feed file electron-updater reads on each platform. */
export const FEED_FILE: Record<Platform, string> = {
  linux: 'latest-linux.yml',
  mac: 'latest-mac.yml',
  win: 'latest.yml',
};

/** Installers whose differential update reads a separate `.blockmap` (an AppImage embeds its own). */
const SEPARATE_BLOCKMAP = /\.(exe|dmg|zip)$/;

/** The part of electron-builder's configuration this module reads. */
export type BuilderConfig = {
  productName?: string;
  artifactName?: string;
  linux?: { target?: unknown };
  mac?: { target?: unknown };
  win?: { target?: unknown };
  publish?: unknown;
};

type Target = { target: string; arch: string[] };

function targetsOf(value: unknown): Target[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((t: unknown) =>
    typeof t === 'string'
      ? { target: t, arch: [] }
      : {
          target: String((t as { target: unknown }).target),
          arch: ((t as { arch?: string[] }).arch ?? []).map(String),
        },
  );
}

/** electron-builder's name for an architecture in a file name, per target (x64 is x86_64 for an AppImage, amd64 for a .deb). */
function archName(target: string, arch: string | undefined): string {
  const a = arch ?? 'x64';
  if (target === 'AppImage') return a === 'x64' ? 'x86_64' : a;
  if (target === 'deb') return a === 'x64' ? 'amd64' : a;
  return a;
}

const EXT: Record<string, string> = { AppImage: 'AppImage', deb: 'deb', dmg: 'dmg', zip: 'zip', nsis: 'exe' };

/**
 * Every file of a release the updater needs for this configuration and
 * version, by platform: the installers with their feed and blockmaps, named
 * as electron-builder names them from `artifactName`.
 */
export function updaterFiles(config: BuilderConfig, version: string): Record<Platform, string[]> {
  const pattern = config.artifactName ?? '${productName}-${version}-${arch}.${ext}';
  const result = {} as Record<Platform, string[]>;
  for (const platform of ['linux', 'mac', 'win'] as const) {
    const files = [FEED_FILE[platform]];
    for (const { target, arch } of targetsOf(config[platform]?.target)) {
      const ext = EXT[target];
      if (ext === undefined) continue;
      const name = pattern
        .replaceAll('${productName}', config.productName ?? '')
        .replaceAll('${version}', version)
        .replaceAll('${os}', platform)
        .replaceAll('${arch}', archName(target, arch[0]))
        .replaceAll('${ext}', ext);
      files.push(name);
    }
    result[platform] = withBlockmaps(files);
  }
  return result;
}

/** What is missing from the configuration for updates to work at all. */
export function configProblems(config: BuilderConfig): string[] {
  const problems: string[] = [];
  const mac = targetsOf(config.mac?.target).map((t) => t.target);
  if (!mac.includes('zip'))
    problems.push('mac: no "zip" target; electron-updater installs macOS updates only from a .zip');
  const linux = targetsOf(config.linux?.target).map((t) => t.target);
  if (!linux.includes('AppImage')) problems.push('linux: no "AppImage" target to update');
  if (!targetsOf(config.win?.target).some((t) => t.target === 'nsis'))
    problems.push('win: no "nsis" target; electron-updater updates Windows installs made by NSIS');
  return problems;
}

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
type Job = { steps?: Step[]; strategy?: { matrix?: { include?: Array<Record<string, unknown>> } } };
type Workflow = { jobs?: Record<string, Job> };

/** The release workflow, read as the parts this module checks. */
export type ReleaseWorkflow = {
  /** The globs of every actions/upload-artifact step, as written (relative to the checkout). */
  uploadGlobs: string[];
  /** Every `run:` script of every job, in order. */
  runs: string[];
  /** The build matrix's entries. */
  matrix: Array<Record<string, unknown>>;
};

export function readWorkflow(text: string): ReleaseWorkflow {
  const workflow = parse(text) as Workflow;
  const steps = Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []);
  const uploadGlobs = steps
    .filter((s) => s.uses?.startsWith('actions/upload-artifact@'))
    .flatMap((s) =>
      String(s.with?.['path'] ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    );
  const matrix = Object.values(workflow.jobs ?? {}).flatMap((job) => job.strategy?.matrix?.include ?? []);
  return { uploadGlobs, runs: steps.flatMap((s) => (s.run === undefined ? [] : [s.run])), matrix };
}

/** The files of `dist/` (by name) that no upload glob takes, or that a `!` line leaves out. */
export function notUploaded(files: readonly string[], globs: readonly string[]): string[] {
  return files.filter((file) => {
    const candidate = `dist/${file}`;
    let taken = false;
    for (const glob of globs) {
      if (glob.startsWith('!')) {
        if (path.matchesGlob(candidate, glob.slice(1))) taken = false;
      } else if (path.matchesGlob(candidate, glob)) taken = true;
    }
    return !taken;
  });
}

/**
 * The workflow's own promises about the release: it builds each platform
 * with the configuration's targets (a target named on the command line
 * replaces them all, and `--mac dmg` would drop the .zip), and makes a draft
 * release of everything uploaded, in the repository it runs in.
 */
export function workflowProblems(workflow: ReleaseWorkflow): string[] {
  const problems: string[] = [];
  const builds = workflow.runs.filter((run) => run.includes('npm run dist'));
  if (builds.length === 0) problems.push('no step runs `npm run dist`');
  for (const run of builds) {
    if (!/--publish never\b/.test(run)) problems.push(`"${run}" does not say --publish never`);
  }
  const platforms = workflow.matrix.map((entry) => String(entry['platform'] ?? ''));
  if (platforms.sort().join(' ') !== '--linux --mac --win')
    problems.push(
      `the matrix builds ${JSON.stringify(platforms)}: each entry's platform must be exactly --linux, --mac or --win, so the configuration's targets are built`,
    );
  const release = workflow.runs.find((run) => run.includes('gh release create'));
  if (release === undefined) problems.push('no step runs `gh release create`');
  else {
    if (!/--draft\b/.test(release)) problems.push('the release is not made as a draft');
    if (!/--repo "\$GITHUB_REPOSITORY"/.test(release))
      problems.push('the release is not made in "$GITHUB_REPOSITORY", the repository the feed names');
    if (!/\binstallers\/\*/.test(release))
      problems.push('the release does not carry every uploaded file (installers/*)');
  }
  return problems;
}

/** What `resources/app-update.yml` tells the installed app, or why it cannot. */
export function feedProblems(appUpdateYml: string | undefined, repository: string): string[] {
  if (appUpdateYml === undefined)
    return ['there is no resources/app-update.yml: the installed app would never look for updates'];
  const feed = parse(appUpdateYml) as { provider?: string; owner?: string; repo?: string };
  if (feed.provider !== 'github') return [`app-update.yml's provider is ${feed.provider}, not github`];
  const named = `${feed.owner}/${feed.repo}`;
  return named === repository
    ? []
    : [`app-update.yml names ${named}, but the workflow publishes to ${repository}`];
}

/** The files a feed file (latest*.yml) names, as electron-updater will download them. */
export function feedUrls(feedYml: string): string[] {
  const info = parse(feedYml) as { files?: Array<{ url?: unknown }> };
  return (info.files ?? []).map((f) => String(f.url));
}

/** The files with the `.blockmap` each needs beside it. */
export function withBlockmaps(files: readonly string[]): string[] {
  return files.flatMap((file) => (SEPARATE_BLOCKMAP.test(file) ? [file, `${file}.blockmap`] : [file]));
}
