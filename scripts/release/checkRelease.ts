/**
 * Run by the release workflow after `npm run dist` on each platform:
 * `node scripts/release/checkRelease.ts --platform linux|mac|win`. It fails
 * (exit 1, one line per problem) when the release made from dist/ could not
 * update an installed Robot Tray: a feed file missing, a file a feed names
 * (or its blockmap) absent or left out of the upload, or the feed built into
 * the app naming another repository than GITHUB_REPOSITORY, the one the
 * workflow publishes to.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  FEED_FILE,
  feedProblems,
  feedUrls,
  notUploaded,
  readWorkflow,
  withBlockmaps,
  type Platform,
} from './releaseFiles.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Where electron-builder put the packed app's resources for each platform. */
const RESOURCES: Record<Platform, string[]> = {
  linux: ['linux-unpacked/resources'],
  mac: ['mac-universal/Robot Tray.app/Contents/Resources', 'mac/Robot Tray.app/Contents/Resources'],
  win: ['win-unpacked/resources'],
};

/** What each platform's updater installs from, which its feed must name. */
const UPDATES_FROM: Record<Platform, { ext: string; why: string }> = {
  linux: { ext: '.AppImage', why: 'an AppImage install would find nothing to update to' },
  mac: { ext: '.zip', why: 'macOS updates install only from one' },
  win: { ext: '.exe', why: 'Windows installs update from the NSIS installer' },
};

export function checkDist(options: {
  dist: string;
  platform: Platform;
  repository: string;
  workflowText: string;
}): { problems: string[]; checked: string[] } {
  const { dist, platform } = options;
  const files = readdirSync(dist).filter((name) => !name.startsWith('.'));
  const feeds = files.filter((name) => /^latest.*\.yml$/.test(name));
  const problems: string[] = [];
  if (!feeds.includes(FEED_FILE[platform]))
    problems.push(`${FEED_FILE[platform]} was not written: the ${platform} installs would find no update`);
  const urls = new Map(feeds.map((f) => [f, feedUrls(readFileSync(path.join(dist, f), 'utf8'))]));
  const feed = urls.get(FEED_FILE[platform]);
  if (feed !== undefined && !feed.some((url) => url.endsWith(UPDATES_FROM[platform].ext)))
    problems.push(
      `${FEED_FILE[platform]} names no ${UPDATES_FROM[platform].ext}: ${UPDATES_FROM[platform].why}`,
    );
  const release = [...feeds, ...withBlockmaps([...urls.values()].flat())];
  const present = new Set(files);
  problems.push(...release.filter((f) => !present.has(f)).map((f) => `missing from dist/: ${f}`));
  const globs = readWorkflow(options.workflowText).uploadGlobs;
  problems.push(...notUploaded(release, globs).map((f) => `not uploaded by release.yml: ${f}`));
  const feedFile = RESOURCES[platform]
    .map((dir) => path.join(dist, dir, 'app-update.yml'))
    .find((file) => existsSync(file));
  problems.push(
    ...feedProblems(feedFile === undefined ? undefined : readFileSync(feedFile, 'utf8'), options.repository),
  );
  return { problems, checked: [...new Set(release)] };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { platform: { type: 'string' }, dist: { type: 'string' } } });
  const platform = values.platform as Platform;
  if (!(platform in FEED_FILE)) {
    console.error('usage: node scripts/release/checkRelease.ts --platform linux|mac|win [--dist DIR]');
    process.exit(2);
  }
  const repository = process.env['GITHUB_REPOSITORY'] ?? '';
  const { problems, checked } = checkDist({
    dist: path.resolve(values.dist ?? path.join(root, 'dist')),
    platform,
    repository,
    workflowText: readFileSync(path.join(root, '.github/workflows/release.yml'), 'utf8'),
  });
  for (const file of checked) console.log(`release file: ${file}`);
  for (const problem of problems) console.error(`release check: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(
    `release check: the ${platform} update files are built and uploaded; the feed names ${repository}`,
  );
}
