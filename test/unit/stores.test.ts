import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { Call } from '../../src/shared/models/call.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { defaultDataDir } from '../../src/core/store/dataDir.ts';
import { openCatalogTables } from '../../src/core/store/catalogTables.ts';
import { Connection } from '../../src/core/store/connection.ts';
import { Robot } from '../../src/shared/models/robot.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { AppError } from '../../src/core/errors.ts';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'robot-tray-store-'));

function call(id: string, createdAt: number, state: Call['state'] = 'done', extra: Partial<Call> = {}): Call {
  return Call.parse({
    id,
    robotId: 'r1',
    robotName: 'Invoice bot',
    method: 'POST',
    args: { customer: `C-${id}` },
    state,
    webhookCallId: `wh-${id}`,
    createdAt,
    ...extra,
  });
}

describe('CallHistory', () => {
  test('upserts, finds by either id, filters by robot, state and text', async () => {
    const dir = await tempDir();
    const history = CallHistory.open(path.join(dir, 'h.sqlite'), new WarningLog());
    history.put(call('1', 1, 'waiting'));
    history.put(call('2', 2, 'done', { robotId: 'r2', response: { invoice: 'INV-777' } }));
    history.put(call('1', 1, 'done'));
    expect(history.get('1')?.state).toBe('done');
    expect(history.getByWebhookCallId('wh-2')?.id).toBe('2');
    expect(history.list({ robotId: 'r2' }).map((c) => c.id)).toEqual(['2']);
    expect(history.list({ states: ['done'] }).map((c) => c.id)).toEqual(['2', '1']);
    expect(history.list({ text: 'inv-777' }).map((c) => c.id)).toEqual(['2']);
    expect(history.list({ text: '100%_' })).toEqual([]);
    history.close();
  });

  test('prunes the oldest finished calls first and never an active one', async () => {
    const dir = await tempDir();
    const history = CallHistory.open(path.join(dir, 'h.sqlite'), new WarningLog());
    history.put(call('old-waiting', 0, 'waiting'));
    for (let i = 1; i <= 20; i++) history.put(call(`c${i}`, i));
    expect(history.prune(10, true)).toBe(11);
    const ids = history.list({ limit: 100 }).map((c) => c.id);
    expect(ids).toContain('old-waiting');
    expect(ids).toContain('c20');
    expect(ids).not.toContain('c10');
    expect(ids).toHaveLength(10);
    history.close();
  });

  test('a damaged history file is set aside and a new one started', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'h.sqlite');
    await writeFile(file, 'this is not a database, it is a plain text file that lost its way'.repeat(100));
    const warnings = new WarningLog();
    const history = CallHistory.open(file, warnings);
    history.put(call('1', 1));
    expect(history.count()).toBe(1);
    expect((await readdir(dir)).some((f) => f.startsWith('h.sqlite.corrupt-'))).toBe(true);
    expect(warnings.list()[0]?.message).toMatch(/could not be opened/);
    history.close();
  });
});

describe('defaultDataDir', () => {
  test('matches Electron userData for "Robot Tray" on each platform, ROBOT_TRAY_HOME first', () => {
    expect(defaultDataDir({}, 'linux', '/home/ana')).toBe('/home/ana/.config/Robot Tray');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/ana')).toBe('/x/Robot Tray');
    expect(defaultDataDir({}, 'darwin', '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Robot Tray',
    );
    expect(defaultDataDir({ ROBOT_TRAY_HOME: '/data/rt' }, 'linux', '/home/ana')).toBe('/data/rt');
  });

  test('on Windows: APPDATA, or the usual Roaming folder without it', () => {
    expect(defaultDataDir({ APPDATA: 'D:/Profiles/ana' }, 'win32', 'C:/Users/ana')).toBe(
      path.join('D:/Profiles/ana', 'Robot Tray'),
    );
    expect(defaultDataDir({}, 'win32', 'C:/Users/ana')).toBe(
      path.join('C:/Users/ana', 'AppData', 'Roaming', 'Robot Tray'),
    );
  });

  test('a blank ROBOT_TRAY_HOME is no override; a relative one is taken from the working folder', () => {
    expect(defaultDataDir({ ROBOT_TRAY_HOME: '  ' }, 'linux', '/home/ana')).toBe(
      '/home/ana/.config/Robot Tray',
    );
    expect(defaultDataDir({ ROBOT_TRAY_HOME: '' }, 'linux', '/home/ana')).toBe(
      '/home/ana/.config/Robot Tray',
    );
    expect(defaultDataDir({ ROBOT_TRAY_HOME: 'rt' }, 'linux', '/home/ana')).toBe(path.resolve('rt'));
  });
});

describe('WarningLog in the database', () => {
  async function open(readOnly?: AppError) {
    const file = path.join(await tempDir(), 'robot-tray.sqlite');
    Connection.open(file, new WarningLog()).close();
    const conn = Connection.open(file, new WarningLog(), Date.now, readOnly);
    const log = new WarningLog(() => 42);
    log.attach(conn);
    return { file, conn, log };
  }
  const reopen = (file: string) => {
    const log = new WarningLog();
    log.attach(Connection.open(file, new WarningLog()));
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
    log.attach(Connection.open(file, new WarningLog(), Date.now, readOnly));
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
    expect(
      ta.robots
        .read()
        .map((r) => r.id)
        .sort(),
    ).toEqual(['one', 'two']);
    expect(
      tb.robots
        .read()
        .map((r) => r.id)
        .sort(),
    ).toEqual(['one', 'two']);
    await ta.robots.update((all) => ({ next: all.filter((r) => r.id !== 'one'), result: undefined }));
    expect(tb.robots.read().map((r) => r.id)).toEqual(['two']);
    a.close();
    b.close();
  });
});
