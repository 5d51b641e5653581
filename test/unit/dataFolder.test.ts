import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDataFolder } from '../../src/core/store/dataFolder.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-folder-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test('a missing folder is created, with its parents, readable by its owner only', async () => {
  const home = path.join(dir, 'a', 'Robot Tray');
  expect(await openDataFolder(home)).toEqual({ dir: home, readOnly: undefined });
  expect((await stat(home)).mode & 0o777).toBe(0o700);
});

test('a file where the folder should be, or above it, is a storage error naming it', async () => {
  const file = path.join(dir, 'not a folder');
  await writeFile(file, '');
  await expect(openDataFolder(file)).rejects.toMatchObject({
    kind: 'storage',
    message: `Robot Tray's data folder ${file} is a file, not a folder. Point ROBOT_TRAY_HOME at a folder (it is created if missing), or move that file away.`,
  });
  await expect(openDataFolder(path.join(file, 'x'))).rejects.toMatchObject({
    kind: 'storage',
    message: expect.stringContaining(`(ENOTDIR). ${file} is a file, not a folder.`),
  });
});

test('a new history file is readable by its owner only', async () => {
  const file = path.join(dir, 'robot-tray.sqlite');
  CallHistory.open(file, new WarningLog()).close();
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});
