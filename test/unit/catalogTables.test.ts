import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { openCatalogTables } from '../../src/core/store/catalogTables.ts';
import { Connection } from '../../src/core/store/connection.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { Robot } from '../../src/shared/models/robot.ts';
import { tempFolders } from '../support/tempFolders.ts';

const { tempDir } = tempFolders('robot-tray-store-');

describe('the catalog tables', () => {
  test('a robot or preset that cannot be read is set aside, kept, and the warning says which kind', async () => {
    const file = path.join(await tempDir(), 'robot-tray.sqlite');
    const conn = Connection.open(file, new WarningLog());
    const robot = { id: 'r1', name: 'Good', baseUrl: 'https://a.example', createdAt: 1, updatedAt: 1 };
    const preset = { id: 'p1', robotId: 'r1', name: 'Daily', createdAt: 1, updatedAt: 1 };
    const insert = (table: string, id: string, data: string) =>
      conn.db.prepare(`INSERT INTO ${table} (id, data) VALUES (?, ?)`).run(id, data);
    insert('robots', 'r1', JSON.stringify(robot));
    insert('robots', 'r2', JSON.stringify({ ...robot, id: 'r2', baseUrl: 'ftp://x' }));
    insert('presets', 'p1', JSON.stringify(preset));
    insert('presets', 'p2', '{"id": "p2", "name": ');
    insert('settings', 'settings', '{"id": "settings", "value": {"historyLimit": 1}}');
    const warnings = new WarningLog();
    warnings.attach(conn);
    const tables = openCatalogTables(conn, warnings, () => 0);
    expect(tables.robots.read().map((r) => r.id)).toEqual(['r1']);
    expect(tables.presets.read().map((p) => p.id)).toEqual(['p1']);
    expect(tables.settings.read().historyLimit).toBe(5_000);
    expect(warnings.list().map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^A robot \(id r2\) in Robot Tray's database could not be read \(baseUrl: .+\) and was set aside; the others are as they were\.$/,
      ),
      expect.stringMatching(
        /^A preset \(id p2\) in Robot Tray's database could not be read \(not JSON: .+\) and was set aside/,
      ),
      expect.stringMatching(
        /^The settings record in Robot Tray's database could not be read \(value\.historyLimit: .+\) and was set aside; the defaults are used until the settings are changed\.$/,
      ),
    ]);
    // Set aside, never deleted: what was there can still be read.
    const aside = conn.db.prepare('SELECT kind, data FROM set_aside ORDER BY key').all() as Array<{
      kind: string;
      data: string;
    }>;
    expect(aside.map((a) => a.kind)).toEqual(['robots', 'presets', 'settings']);
    expect(aside[1]!.data).toBe('{"id": "p2", "name": ');
    expect((conn.db.prepare('SELECT count(*) AS n FROM robots').get() as { n: number }).n).toBe(1);
    conn.close();
  });

  test("two connections changing records at once lose neither change, and each reads the other's", async () => {
    const file = path.join(await tempDir(), 'robot-tray.sqlite');
    const [a, b] = [Connection.open(file, new WarningLog()), Connection.open(file, new WarningLog())];
    const [ta, tb] = [
      openCatalogTables(a, new WarningLog(), () => 0),
      openCatalogTables(b, new WarningLog(), () => 0),
    ];
    const robot = (id: string) => ({
      id,
      name: id,
      baseUrl: 'https://a.example',
      createdAt: 1,
      updatedAt: 1,
    });
    expect(tb.robots.read()).toEqual([]);
    await Promise.all([
      ta.robots.update((all) => ({ next: [...all, Robot.parse(robot('one'))], result: undefined })),
      tb.robots.update((all) => ({ next: [...all, Robot.parse(robot('two'))], result: undefined })),
    ]);
    for (const tables of [ta, tb]) {
      expect(
        tables.robots
          .read()
          .map((r) => r.id)
          .sort(),
      ).toEqual(['one', 'two']);
    }
    await ta.robots.update((all) => ({ next: all.filter((r) => r.id !== 'one'), result: undefined }));
    expect(tb.robots.read().map((r) => r.id)).toEqual(['two']);
    a.close();
    b.close();
  });
});
