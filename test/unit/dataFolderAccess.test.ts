import { constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { openDataFolder } from '../../src/core/store/dataFolder.ts';

/**
 * A data folder the user cannot read or write. Permissions mean nothing to
 * root (and the tests may run as root), so the file system's
 * answers are given here: `refuse` makes access(), stat() or mkdir() fail with a code.
 */
const refuse = vi.hoisted(() => ({
  access: new Map<number, string>(),
  stat: undefined as string | undefined,
  mkdir: undefined as string | undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const fail = (code: string) => Object.assign(new Error(`${code}: refused`), { code });
  return {
    ...real,
    access: async (file: string, mode: number) => {
      const code = refuse.access.get(mode);
      if (code !== undefined) throw fail(code);
      return real.access(file, mode);
    },
    mkdir: async (file: string, options: object) => {
      if (refuse.mkdir !== undefined) throw fail(refuse.mkdir);
      return real.mkdir(file, options);
    },
    stat: async (file: string) => {
      if (refuse.stat !== undefined) throw fail(refuse.stat);
      return real.stat(file);
    },
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-access-'));
  refuse.access.clear();
  refuse.stat = undefined;
  refuse.mkdir = undefined;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const READ = constants.R_OK | constants.X_OK;

test('a folder that can be read but not written opens read-only, naming the chmod fix', async () => {
  refuse.access.set(constants.W_OK, 'EACCES');
  const folder = await openDataFolder(dir, 'linux');
  expect(folder.dir).toBe(dir);
  expect(folder.readOnly).toMatchObject({
    kind: 'storage',
    permanent: true,
    message: `Robot Tray's data folder ${dir} is not writable (EACCES). Make it writable (chmod u+w ${dir}) or point ROBOT_TRAY_HOME at another folder.`,
  });
});

test('on Windows the fix names no chmod', async () => {
  refuse.access.set(constants.W_OK, 'EPERM');
  const folder = await openDataFolder(dir, 'win32');
  expect(folder.readOnly?.message).toBe(
    `Robot Tray's data folder ${dir} is not writable (EPERM). Make it writable or point ROBOT_TRAY_HOME at another folder.`,
  );
});

test('a read-only file system is named as such', async () => {
  refuse.access.set(constants.W_OK, 'EROFS');
  const folder = await openDataFolder(dir, 'linux');
  expect(folder.readOnly?.message).toBe(
    `Robot Tray's data folder ${dir} is not writable (EROFS). It is on a read-only file system: point ROBOT_TRAY_HOME at a folder on a writable disk.`,
  );
});

test('a folder that cannot be read stops the start with the fix', async () => {
  refuse.access.set(READ, 'EACCES');
  await expect(openDataFolder(dir, 'linux')).rejects.toMatchObject({
    kind: 'storage',
    message: `Robot Tray's data folder ${dir} is not readable (EACCES). Make it readable (chmod u+rx ${dir}) or point ROBOT_TRAY_HOME at another folder.`,
  });
});

test('a folder that cannot even be looked at is not readable; nothing is created in its place', async () => {
  refuse.stat = 'EACCES';
  const quoted = path.join(dir, "ana's data");
  await expect(openDataFolder(quoted, 'linux')).rejects.toMatchObject({
    kind: 'storage',
    message: `Robot Tray's data folder ${quoted} is not readable (EACCES). Make it readable (chmod u+rx '${dir}/ana'\\''s data') or point ROBOT_TRAY_HOME at another folder.`,
  });
});

test('an existing folder that can be written opens for writing', async () => {
  expect(await openDataFolder(dir, 'linux')).toEqual({ dir, readOnly: undefined });
});

test.each(['EACCES', 'EPERM', 'EROFS'])(
  'a folder whose parent refuses it (%s) is not created: the message names that parent',
  async (code) => {
    refuse.mkdir = code;
    const home = path.join(dir, 'deeper', 'Robot Tray');
    await expect(openDataFolder(home, 'linux')).rejects.toMatchObject({
      kind: 'storage',
      permanent: true,
      message: `Robot Tray's data folder ${home} cannot be created (${code}). Its parent folder ${dir} is not writable: create ${home} yourself, or point ROBOT_TRAY_HOME at another folder.`,
    });
  },
);

test('any other failure to create the folder says to pick one that can be', async () => {
  refuse.mkdir = 'ENOSPC';
  const home = path.join(dir, 'Robot Tray');
  await expect(openDataFolder(home, 'linux')).rejects.toMatchObject({
    message: `Robot Tray's data folder ${home} cannot be created (ENOSPC). Point ROBOT_TRAY_HOME at a folder that can be created.`,
  });
});
