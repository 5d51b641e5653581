import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { builtCliIsCurrent, cliEntry, compileCacheDir } from '../../bin/cliEntry.js';

/** Which CLI the bin runs from a clone: the build while it is current, else the sources. */
let root: string;
const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
async function file(name: string, seconds: number, text = ''): Promise<void> {
  await mkdir(path.dirname(path.join(root, name)), { recursive: true });
  await writeFile(path.join(root, name), text);
  await utimes(path.join(root, name), at(seconds), at(seconds));
}
async function build(seconds: number, files: unknown = ['src/cli/main.ts', 'package.json']): Promise<void> {
  await file('out/main/cli.js', seconds);
  await file('out/main/cli-sources.json', seconds, JSON.stringify({ files }));
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-entry-'));
  await file('src/cli/main.ts', 10);
  await file('package.json', 10);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the bin runs', () => {
  test('the build when no file it was built from changed since', async () => {
    await build(20);
    expect(builtCliIsCurrent(root)).toBe(true);
    expect(cliEntry(root, {})).toBe(path.join(root, 'out/main/cli.js'));
  });

  test('the sources when there is no build', () => {
    expect(builtCliIsCurrent(root)).toBe(false);
    expect(cliEntry(root, {})).toBe(path.join(root, 'src/cli/main.ts'));
  });

  test('the sources when a file the build read changed after it (an edit, a checkout, an install)', async () => {
    await build(20);
    await file('package.json', 30);
    expect(cliEntry(root, {})).toBe(path.join(root, 'src/cli/main.ts'));
  });

  test('the sources when a file the build read is gone, or its list is damaged', async () => {
    await build(20, ['src/cli/main.ts', 'src/cli/gone.ts']);
    expect(builtCliIsCurrent(root)).toBe(false);
    await build(20, 'src/cli/main.ts');
    expect(builtCliIsCurrent(root)).toBe(false);
    await file('out/main/cli-sources.json', 20, '{"files": [');
    expect(builtCliIsCurrent(root)).toBe(false);
  });

  test('the sources when ROBOT_TRAY_CLI_FROM=src, current build or not', async () => {
    await build(20);
    expect(cliEntry(root, { ROBOT_TRAY_CLI_FROM: 'src' })).toBe(path.join(root, 'src/cli/main.ts'));
  });
});

/** Where Node keeps the compiled CLI: each user's own folder, one that outlives a reboot on Linux. */
describe('the compile cache', () => {
  test("on Linux, in the user's cache folder: XDG_CACHE_HOME, else ~/.cache", () => {
    expect(compileCacheDir({ HOME: '/home/ana' }, 'linux')).toBe(
      '/home/ana/.cache/robot-tray/node-compile-cache',
    );
    expect(compileCacheDir({ HOME: '/home/ana', XDG_CACHE_HOME: '/var/cache/ana' }, 'linux')).toBe(
      '/var/cache/ana/robot-tray/node-compile-cache',
    );
    expect(compileCacheDir({ HOME: '/home/ana', XDG_CACHE_HOME: 'relative' }, 'linux')).toBe(
      '/home/ana/.cache/robot-tray/node-compile-cache',
    );
  });

  test("Node's own choice where the temporary folder is the user's, where NODE_COMPILE_CACHE says, or with no home", () => {
    expect(compileCacheDir({ HOME: '/Users/ana' }, 'darwin')).toBeUndefined();
    expect(compileCacheDir({ HOME: 'C:\\Users\\ana' }, 'win32')).toBeUndefined();
    expect(compileCacheDir({ HOME: '/home/ana', NODE_COMPILE_CACHE: '/tmp/mine' }, 'linux')).toBeUndefined();
    expect(compileCacheDir({}, 'linux')).toBeUndefined();
  });
});
