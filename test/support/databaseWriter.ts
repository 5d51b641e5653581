// A second Robot Tray process writing its data folder, for the race tests:
// `node databaseWriter.ts DIR TAG N` opens the database, says "ready", waits
// for a line on stdin, then writes N robots, N presets, N warnings and a
// setting of its own (TAG a: historyLimit, TAG b: maxConcurrentQueries) one
// change at a time, each its own transaction, as the app and the CLI do.
import { once } from 'node:events';
import { Preset } from '../../src/shared/models/preset.ts';
import { Robot } from '../../src/shared/models/robot.ts';
import { openCatalogTables } from '../../src/core/store/catalogTables.ts';
import { Connection } from '../../src/core/store/connection.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { databaseIn } from './databaseFile.ts';

const [dir, tag, count] = process.argv.slice(2);
if (dir === undefined || (tag !== 'a' && tag !== 'b')) throw new Error('usage: databaseWriter.ts DIR a|b N');
const n = Number(count);
const warnings = new WarningLog();
const conn = Connection.open(databaseIn(dir), warnings);
warnings.attach(conn);
const tables = openCatalogTables(conn, warnings, Date.now);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
for (let i = 0; i < n; i++) {
  const id = `${tag}-${i}`;
  await tables.robots.update((rows) => ({
    next: [
      ...rows,
      Robot.parse({ id, name: `Robot ${id}`, baseUrl: 'https://robots.example', createdAt: i, updatedAt: i }),
    ],
    result: undefined,
  }));
  await tables.presets.update((rows) => ({
    next: [...rows, Preset.parse({ id, robotId: id, name: `Preset ${id}`, createdAt: i, updatedAt: i })],
    result: undefined,
  }));
  await tables.settings.update((settings) => ({
    next: tag === 'a' ? { ...settings, historyLimit: 100 + i } : { ...settings, maxConcurrentQueries: 1 + i },
    result: undefined,
  }));
  warnings.add('race', `warning ${id}`);
}
await warnings.settled();
conn.close();
