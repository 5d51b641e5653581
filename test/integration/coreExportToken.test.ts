import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { exportText } from '../../src/core/sharing/exportCatalog.ts';
import { memorySecrets } from '../support/memorySecrets.ts';

/**
 * A clumsy user pastes a robot's token into its notes, or into a preset's
 * arguments or a field's default, then exports the robot to share it: the
 * export is refused, naming the robot, instead of handing the token to
 * whoever gets the file. Robots without that mistake export as before.
 */
const TOKEN = 'pasted-by-mistake-0123456789';
let dir: string;
let core: AppCore;
afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

test("an export holding a robot's own token (its notes, a preset's arguments) is refused, naming the robot", async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-export-token-'));
  core = await AppCore.open({ dataDir: dir, secrets: memorySecrets(), resumeWatching: false });
  const clean = await core.createRobot({ name: 'Clean', baseUrl: 'https://clean.example' });
  await core.setToken(clean.id, 'another-token-abcdefghijkl');
  const notes = await core.createRobot({
    name: 'Notes',
    baseUrl: 'https://notes.example',
    notes: `token ${TOKEN}`,
  });
  await core.setToken(notes.id, TOKEN);
  const args = await core.createRobot({ name: 'Args', baseUrl: 'https://args.example' });
  await core.setToken(args.id, TOKEN);
  await core.createPreset({ robotId: args.id, name: 'Run', args: { auth: `Bearer ${TOKEN}` } });

  await expect(core.exportCatalog({ robots: ['Notes'] })).rejects.toThrow(/robot "Notes".*token/i);
  await expect(core.exportCatalog({ robots: ['Args'] })).rejects.toThrow(/robot "Args".*token/i);
  await expect(core.exportCatalog()).rejects.toThrow(/token/);
  const text = exportText(await core.exportCatalog({ robots: ['Clean'] }));
  expect(text).toContain('clean.example');
});
