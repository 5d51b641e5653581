import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { acquireLock, LOCK_STALE_MS } from '../../src/core/store/fileLock.ts';
import { leftoverOf, removeInterruptedWrites } from '../../src/core/store/leftovers.ts';

/** The leftovers of interrupted writes in the data folder: which names are ours, and what is removed at start. */
describe('leftoverOf', () => {
  test.each([
    ['robots.json.1234567890', 'robots.json'],
    ['presets.json.0', 'presets.json'],
    ['settings.json.4294967295', 'settings.json'],
    ['warnings.json.1', 'warnings.json'],
    ['robots.json.lock.stale-0123456789abcdef', 'robots.json'],
  ])('%s is a leftover of %s', (name, target) => {
    expect(leftoverOf(name)).toBe(target);
  });

  test.each([
    'robots.json.4294967296',
    'robots.json.01',
    'robots.json.',
    'robots.json.-1',
    'robots.json.1e3',
    'robots.json.12345678901',
    'robots.json.lock',
    'robots.json.lock.stale-0123',
    'warnings.json.lock.stale-0123456789abcdef',
    'window.json.123',
    'demo.json.123',
    'history.sqlite.123',
    'robots.json.damaged-0a1b2c3d',
    'robots.json.corrupt-2026-01-01T00-00-00-000Z',
    'xrobots.json.123',
    'robots.json.123.tmp',
  ])('%s is never touched', (name) => {
    expect(leftoverOf(name)).toBeUndefined();
  });
});

describe('removeInterruptedWrites, at start', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-leftovers-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const later = () => Date.now() + LOCK_STALE_MS + 60_000;
  const names = async () => (await readdir(dir)).sort();

  test('removes the temp files and set-aside locks of our JSON files, and nothing else', async () => {
    await writeFile(path.join(dir, 'robots.json'), '[]');
    await writeFile(path.join(dir, 'robots.json.12'), '[');
    await writeFile(path.join(dir, 'robots.json.13'), '[');
    await writeFile(path.join(dir, 'presets.json.lock.stale-0123456789abcdef'), '{}');
    // An older Robot Tray's lock was an empty folder.
    await mkdir(path.join(dir, 'settings.json.lock.stale-fedcba9876543210'));
    await writeFile(path.join(dir, 'notes.json.12'), 'mine');
    await writeFile(path.join(dir, 'history.sqlite.1'), 'mine');
    const removed = await removeInterruptedWrites(dir, later);
    expect(removed.sort()).toEqual([
      'presets.json.lock.stale-0123456789abcdef',
      'robots.json.12',
      'robots.json.13',
      'settings.json.lock.stale-fedcba9876543210',
    ]);
    expect(await names()).toEqual(['history.sqlite.1', 'notes.json.12', 'robots.json']);
  });

  test("a folder or a link by a temp file's name is not ours to remove", async () => {
    await mkdir(path.join(dir, 'robots.json.12'));
    await symlink(path.join(dir, 'robots.json.12'), path.join(dir, 'robots.json.13'));
    expect(await removeInterruptedWrites(dir, later)).toEqual([]);
    expect(await names()).toEqual(['robots.json.12', 'robots.json.13']);
  });

  test('a temp file of warnings.json goes only once it is older than any write lasts', async () => {
    await writeFile(path.join(dir, 'warnings.json.7'), '{');
    expect(await removeInterruptedWrites(dir, Date.now)).toEqual([]);
    expect(await names()).toEqual(['warnings.json.7']);
    expect(await removeInterruptedWrites(dir, later)).toEqual(['warnings.json.7']);
    expect(await names()).toEqual([]);
  });

  test('a temp file of a file being written right now (its lock held) is left to its writer', async () => {
    await writeFile(path.join(dir, 'robots.json.12'), '[');
    const release = await acquireLock(path.join(dir, 'robots.json'));
    expect(await removeInterruptedWrites(dir, later)).toEqual([]);
    await release();
    expect(await names()).toEqual(['robots.json.12']);
    // Once the writer is done, the next start removes it and leaves no lock behind.
    expect(await removeInterruptedWrites(dir, later)).toEqual(['robots.json.12']);
    expect(await names()).toEqual([]);
  });
});
