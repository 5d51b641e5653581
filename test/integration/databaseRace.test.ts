import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, test } from 'vitest';
import { Connection } from '../../src/core/store/connection.ts';
import { openCatalogTables } from '../../src/core/store/catalogTables.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { databaseIn } from '../support/databaseFile.ts';
import { tempFolders } from '../support/tempFolders.ts';

const WRITER = path.join(import.meta.dirname, '../support/databaseWriter.ts');
const { tempDir } = tempFolders('robot-tray-race-');

/** A writer process, once it has its database open. */
async function startWriter(dir: string, tag: 'a' | 'b', n: number) {
  const child = spawn(process.execPath, [WRITER, dir, tag, String(n)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  await once(child.stdout, 'data');
  return { go: () => child.stdin.end('go\n'), exited };
}

test('two processes writing robots, presets, settings and warnings at once lose nothing', async () => {
  const dir = await tempDir();
  // The database made first, so both writers open the same one.
  Connection.open(databaseIn(dir), new WarningLog()).close();
  const n = 40;
  const writers = await Promise.all([startWriter(dir, 'a', n), startWriter(dir, 'b', n)]);
  for (const w of writers) w.go();
  for (const w of writers) expect((await w.exited)[0]).toBe(0);

  const warnings = new WarningLog();
  const conn = Connection.open(databaseIn(dir), warnings);
  warnings.attach(conn);
  const tables = openCatalogTables(conn, warnings, Date.now);
  const ids = Array.from({ length: n }, (_, i) => [`a-${i}`, `b-${i}`])
    .flat()
    .sort();
  expect(
    tables.robots
      .read()
      .map((r) => r.id)
      .sort(),
  ).toEqual(ids);
  expect(
    tables.presets
      .read()
      .map((p) => p.id)
      .sort(),
  ).toEqual(ids);
  expect(tables.settings.read()).toMatchObject({ historyLimit: 100 + n - 1, maxConcurrentQueries: n });
  expect(
    warnings
      .list()
      .map((w) => w.message.replace('warning ', ''))
      .sort(),
  ).toEqual(ids);
  conn.close();
});
