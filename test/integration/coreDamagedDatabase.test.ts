import { readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { damagePageOf, databaseIn } from '../support/databaseFile.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { tempFolders } from '../support/tempFolders.ts';

/**
 * Robot Tray's database damaged on disk: whatever is in the file's place
 * (garbage, another kind of file, a copy cut short), it is never
 * overwritten: it is set aside under a name the warning gives, the app
 * starts with a new database, and the robots, presets and settings come
 * back from the newest catalog backup, their tokens still in the keychain.
 * A database a newer Robot Tray wrote is not damaged: it is refused, untouched.
 */
let h: CoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function deskWithCatalog() {
  h = await openCoreHarness();
  const robot = await h.addRobot({ name: 'Invoices', flow: [{ type: 'respond', echo: true }] });
  const preset = await h.core.createPreset({ robotId: robot.id, name: 'Daily', args: { n: 1 } });
  await h.core.updateSettings({ historyLimit: 777 });
  await h.core.fire(robot.id, { method: 'POST', args: { n: 1 } });
  await h.core.close();
  return { h, robot, preset };
}

describe('a damaged database is set aside, and the catalog comes back from its backup', () => {
  test.each([
    [
      'garbage',
      (file: string) => writeFile(file, 'not a database, just text that lost its way\n'.repeat(200)),
    ],
    ['another kind of file', (file: string) => writeFile(file, JSON.stringify({ robots: [] }))],
    [
      'a copy cut short',
      async (file: string) => truncate(file, Math.floor((await stat(file)).size / 8 / 4096) * 4096 || 4096),
    ],
  ])('%s', async (_what, damage) => {
    const { h, robot, preset } = await deskWithCatalog();
    const file = databaseIn(h.dataDir);
    await damage(file);
    const damaged = await readFile(file);

    const core = await h.reopen();
    const [aside, restored] = core.warnings().map((w) => w.message);
    const asideFile = /It was moved to (\S+) and a new one was started/.exec(aside ?? '')?.[1];
    expect(asideFile).toMatch(/robot-tray\.sqlite\.corrupt-/);
    // Never overwritten: the damaged file is there, byte for byte, where the warning says.
    expect((await readFile(asideFile!)).equals(damaged)).toBe(true);
    expect(restored).toMatch(
      /^1 robot, 1 preset and the settings came back from the catalog backup .+backups.+catalog-.+\.json/,
    );

    const robots = await core.listRobots();
    expect(robots.map((r) => [r.id, r.name, r.hasToken])).toEqual([[robot.id, 'Invoices', true]]);
    expect((await core.listPresets()).map((p) => [p.id, p.name])).toEqual([[preset.id, 'Daily']]);
    expect(core.getSettings().historyLimit).toBe(777);
    // The history starts empty, and the robot fires again with the token the keychain kept.
    expect(core.listCalls()).toEqual([]);
    expect((await core.fire(robot.id, { method: 'POST', args: { n: 2 } })).state).toBe('waiting');
  });

  test('with no backup to come back from, it starts empty and says so', async () => {
    const { h } = await deskWithCatalog();
    for (const name of await readdir(path.join(h.dataDir, 'backups')))
      await writeFile(path.join(h.dataDir, 'backups', name), 'damaged too');
    await writeFile(databaseIn(h.dataDir), 'garbage');
    const core = await h.reopen();
    expect(core.warnings().map((w) => w.message)).toEqual([
      expect.stringMatching(/could not be opened .*It was moved to /),
      expect.stringMatching(
        /^No catalog backup was found in .+backups, so the robots and presets start empty\.$/,
      ),
    ]);
    expect(await core.listRobots()).toEqual([]);
  });

  test('a backup holds the catalog and never a token', async () => {
    const { h, robot } = await deskWithCatalog();
    const token = h.sandbox.tokenOf('Invoices');
    const names = await readdir(path.join(h.dataDir, 'backups'));
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(5);
    for (const name of names) {
      const text = await readFile(path.join(h.dataDir, 'backups', name), 'utf8');
      expect(text).not.toContain(token);
      expect((await stat(path.join(h.dataDir, 'backups', name))).mode & 0o777).toBe(0o600);
    }
    const newest = JSON.parse(
      await readFile(path.join(h.dataDir, 'backups', names.sort().at(-1)!), 'utf8'),
    ) as { robots: Array<{ id: string }> };
    expect(newest.robots.map((r) => r.id)).toEqual([robot.id]);
  });

  test('a page found damaged while in use is marked, and the next start sets the file aside', async () => {
    const { h } = await deskWithCatalog();
    // Damage a page the opening does not read (the index lists read calls by): the file
    // opens, and the first list meets the damage.
    await damagePageOf(h.dataDir, 'calls_created');
    const core = await AppCore.open({ dataDir: h.dataDir, resumeWatching: false });
    expect(() => core.listCalls()).toThrow(/is damaged .*Start Robot Tray again/);
    await core.close();
    const next = await h.reopen();
    expect(next.warnings()[0]?.message).toMatch(/\(it was found damaged while in use\)\. It was moved to /);
    expect((await next.listRobots()).map((r) => r.name)).toEqual(['Invoices']);
  });
});

describe('a database from a newer Robot Tray', () => {
  const { tempDir } = tempFolders('robot-tray-damaged-');

  test('a database written by a newer Robot Tray is refused, not set aside', async () => {
    const dir = await tempDir();
    const file = databaseIn(dir);
    const db = new DatabaseSync(file);
    db.exec('CREATE TABLE calls (id TEXT); PRAGMA user_version = 9;');
    db.close();
    expect(() => CallHistory.open(file, new WarningLog())).toThrow(/newer Robot Tray.*Update Robot Tray/);
    const again = new DatabaseSync(file);
    expect(again.prepare('PRAGMA user_version').get()).toEqual({ user_version: 9 });
    again.close();
  });
});
