import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { Connection } from '../../src/core/store/connection.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { AppError } from '../../src/core/errors.ts';
import { tempFolders } from '../support/tempFolders.ts';

const { tempDir, closeLater } = tempFolders('robot-tray-store-');

/** A connection closed after the test, so its folder can be removed (Windows refuses an open file). */
function connect(file: string, readOnly?: AppError): Connection {
  const conn = Connection.open(file, new WarningLog(), Date.now, readOnly);
  closeLater(async () => conn.close());
  return conn;
}

describe('WarningLog in the database', () => {
  async function open(readOnly?: AppError) {
    const file = path.join(await tempDir(), 'robot-tray.sqlite');
    Connection.open(file, new WarningLog()).close();
    const conn = connect(file, readOnly);
    const log = new WarningLog(() => 42);
    log.attach(conn);
    return { file, conn, log };
  }
  const reopen = (file: string) => {
    const log = new WarningLog();
    log.attach(connect(file));
    return log;
  };

  test("another process lists the warnings one left, word for word, until they're dismissed", async () => {
    const { file, log } = await open();
    const added = log.add('robot-tray.sqlite', 'A robot could not be read and was set aside');
    expect(reopen(file).list()).toEqual([
      {
        id: added.id,
        source: 'robot-tray.sqlite',
        message: 'A robot could not be read and was set aside',
        at: 42,
      },
    ]);
    expect(reopen(file).dismiss(added.id)).toBe(true);
    expect(reopen(file).list()).toEqual([]);
  });

  test('warnings said before the database was open are kept in it once it is', async () => {
    const { file, conn } = await open();
    const early = new WarningLog(() => 7);
    early.add('robot-tray.sqlite', 'moved aside');
    early.attach(conn);
    expect(
      reopen(file)
        .list()
        .map((w) => w.message),
    ).toEqual(['moved aside']);
  });

  test('the same warning twice is listed and announced once', async () => {
    const { log } = await open();
    const heard: string[] = [];
    const stop = log.subscribe((w) => heard.push(w.message));
    const first = log.add('robots', 'set aside');
    expect(log.add('robots', 'set aside')).toEqual(first);
    log.add('presets', 'set aside');
    log.add('robots', 'skipped one robot');
    expect(log.list().map((w) => `${w.source}: ${w.message}`)).toEqual([
      'robots: set aside',
      'presets: set aside',
      'robots: skipped one robot',
    ]);
    stop();
    log.add('settings', 'not heard');
    expect(heard).toEqual(['set aside', 'set aside', 'skipped one robot']);
    // Ids are short enough to type in `robot-tray warnings dismiss <id>`.
    expect(first.id).toMatch(/^[0-9a-f]{8}$/);
  });

  test('dismissing names one warning by id; an unknown id changes nothing', async () => {
    const { file, log } = await open();
    const a = log.add('a', 'one');
    const b = log.add('b', 'two');
    expect(log.dismiss('nope')).toBe(false);
    expect(log.list()).toEqual([a, b]);
    expect(log.dismiss(b.id)).toBe(true);
    expect(reopen(file).list()).toEqual([a]);
  });

  test('with a data folder that cannot be written, warnings show but are not saved, and a dismissal is refused', async () => {
    const { file, log: writer } = await open();
    const stored = writer.add('s', 'm');
    const readOnly = new AppError('storage', 'The data folder is not writable.');
    const log = new WarningLog();
    log.attach(connect(file, readOnly));
    log.add('robots', 'new one');
    expect(log.list().map((w) => w.message)).toEqual(['m', 'new one']);
    expect(() => log.dismiss(stored.id)).toThrow(readOnly);
    expect(
      reopen(file)
        .list()
        .map((w) => w.message),
    ).toEqual(['m']);
  });
});
