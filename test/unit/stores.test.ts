import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { Call } from '../../src/shared/models/call.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { defaultDataDir } from '../../src/core/store/dataDir.ts';
import { openCatalogFiles } from '../../src/core/store/catalogFiles.ts';
import { JsonFileStore } from '../../src/core/store/jsonFileStore.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { AppError } from '../../src/core/errors.ts';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'robot-tray-store-'));
const Items = z.array(z.object({ name: z.string().min(1) }));

function store(file: string, warnings: WarningLog, migrations?: Record<number, (d: unknown) => unknown>) {
  return new JsonFileStore({
    file,
    label: 'items',
    schema: Items,
    version: 2,
    empty: () => [],
    warnings,
    ...(migrations ? { migrations } : {}),
  });
}

describe('JsonFileStore', () => {
  test('writes a versioned file and reads it back', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'items.json');
    const s = store(file, new WarningLog());
    await s.update((items) => ({ next: [...items, { name: 'a' }], result: undefined }));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ schemaVersion: 2, data: [{ name: 'a' }] });
    expect(await store(file, new WarningLog()).read()).toEqual([{ name: 'a' }]);
  });

  test('sees a change another process wrote', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'items.json');
    const s = store(file, new WarningLog());
    expect(await s.read()).toEqual([]);
    await writeFile(file, JSON.stringify({ schemaVersion: 2, data: [{ name: 'from-cli' }] }));
    expect(await s.read()).toEqual([{ name: 'from-cli' }]);
  });

  test.each([
    ['not JSON', '{"schemaVersion": 2, "data": [', /not valid JSON/],
    ['a field wrong', JSON.stringify({ schemaVersion: 2, data: [{ name: '' }] }), /items\[0\]\.name/],
    ['no version', JSON.stringify({ data: [] }), /schemaVersion/],
  ])('a file with %s is set aside with a warning, never deleted', async (_label, content, reason) => {
    const dir = await tempDir();
    const file = path.join(dir, 'items.json');
    await writeFile(file, content);
    const warnings = new WarningLog();
    expect(await store(file, warnings).read()).toEqual([]);
    const files = await readdir(dir);
    const aside = files.find((f) => f.startsWith('items.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(path.join(dir, aside!), 'utf8')).toBe(content);
    expect(warnings.list()[0]?.message).toMatch(reason);
    expect(warnings.list()[0]?.message).toContain(aside!);
  });

  test('migrates an older schema version', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'items.json');
    await writeFile(file, JSON.stringify({ schemaVersion: 1, data: ['a', 'b'] }));
    const s = store(file, new WarningLog(), { 1: (d) => (d as string[]).map((name) => ({ name })) });
    expect(await s.read()).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  test('a file from a newer version is left alone and not overwritten', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'items.json');
    const content = JSON.stringify({ schemaVersion: 9, data: [{ name: 'future' }] });
    await writeFile(file, content);
    const warnings = new WarningLog();
    const s = store(file, warnings);
    expect(await s.read()).toEqual([]);
    await expect(s.update((i) => ({ next: i, result: 1 }))).rejects.toThrow(/newer Robot Tray/);
    expect(await readFile(file, 'utf8')).toBe(content);
    expect(warnings.list()).toHaveLength(1);
  });
});

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

describe('WarningLog with a file', () => {
  test("another run lists the warnings a previous one left, word for word, until they're dismissed", async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rt-warn-')), 'warnings.json');
    const first = new WarningLog(() => 42, file);
    const added = first.add('robots.json', 'robots.json was damaged and set aside');
    expect(new WarningLog(Date.now, file).list()).toEqual([
      { id: added.id, source: 'robots.json', message: 'robots.json was damaged and set aside', at: 42 },
    ]);
    expect(new WarningLog(Date.now, file).dismiss(added.id)).toBe(true);
    expect(new WarningLog(Date.now, file).list()).toEqual([]);
  });

  test('the same warning twice is listed and announced once', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rt-warn-')), 'warnings.json');
    const log = new WarningLog(Date.now, file);
    const heard: string[] = [];
    const stop = log.subscribe((w) => heard.push(w.message));
    const first = log.add('robots.json', 'set aside');
    expect(log.add('robots.json', 'set aside')).toBe(first);
    log.add('presets.json', 'set aside');
    log.add('robots.json', 'skipped one robot');
    expect(log.list().map((w) => `${w.source}: ${w.message}`)).toEqual([
      'robots.json: set aside',
      'presets.json: set aside',
      'robots.json: skipped one robot',
    ]);
    stop();
    log.add('settings.json', 'not heard');
    expect(heard).toEqual(['set aside', 'set aside', 'skipped one robot']);
    // Ids are short enough to type in `robot-tray warnings dismiss <id>`.
    expect(first.id).toMatch(/^[0-9a-f]{8}$/);
  });

  test('dismissing names one warning by id; an unknown id changes nothing', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rt-warn-')), 'warnings.json');
    const log = new WarningLog(Date.now, file);
    const a = log.add('a', 'one');
    const b = log.add('b', 'two');
    expect(log.dismiss('nope')).toBe(false);
    expect(log.list()).toEqual([a, b]);
    expect(log.dismiss(b.id)).toBe(true);
    expect(new WarningLog(Date.now, file).list()).toEqual([a]);
  });

  test('warnings.json is private to its owner and holds only warnings', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rt-warn-')), 'warnings.json');
    new WarningLog(() => 1, file).add('robots.json', 'set aside');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ schemaVersion: 1 });
  });

  test('with a data folder that cannot be written, warnings show but are not saved, and a dismissal is refused', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'rt-warn-')), 'warnings.json');
    await writeFile(
      file,
      JSON.stringify({ schemaVersion: 1, warnings: [{ id: 'w1', source: 's', message: 'm', at: 1 }] }),
    );
    const readOnly = new AppError('storage', 'The data folder is not writable.');
    const log = new WarningLog(Date.now, file, readOnly);
    log.add('robots.json', 'new one');
    expect(log.list().map((w) => w.message)).toEqual(['m', 'new one']);
    expect(() => log.dismiss('w1')).toThrow(readOnly);
    expect(new WarningLog(Date.now, file).list().map((w) => w.message)).toEqual(['m']);
  });

  test('an unreadable or foreign warnings.json is no reason to stop', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rt-warn-'));
    const file = path.join(dir, 'warnings.json');
    await writeFile(file, '{"schemaVersion": 2, "warnings": []}');
    expect(new WarningLog(Date.now, file).list()).toEqual([]);
    await writeFile(file, 'not json');
    expect(new WarningLog(Date.now, file).list()).toEqual([]);
  });
});

describe('the catalog files', () => {
  test('a robot or preset that cannot be read is set aside, and the warning says which kind', async () => {
    const dir = await tempDir();
    const robot = { id: 'r1', name: 'Good', baseUrl: 'https://a.example', createdAt: 1, updatedAt: 1 };
    const preset = { id: 'p1', robotId: 'r1', name: 'Daily', createdAt: 1, updatedAt: 1 };
    await writeFile(
      path.join(dir, 'robots.json'),
      JSON.stringify({ schemaVersion: 1, data: [robot, { ...robot, id: 'r2', baseUrl: 'ftp://x' }] }),
    );
    await writeFile(
      path.join(dir, 'presets.json'),
      JSON.stringify({ schemaVersion: 1, data: [preset, { ...preset, id: 'p2', name: '' }] }),
    );
    const warnings = new WarningLog();
    const files = openCatalogFiles(dir, warnings, () => 0);
    expect((await files.robots.read()).map((r) => r.id)).toEqual(['r1']);
    expect((await files.presets.read()).map((p) => p.id)).toEqual(['p1']);
    const messages = warnings.list().map((w) => w.message);
    expect(messages[0]).toMatch(
      /^robots\.json: 1 of 2 robots could not be read and were set aside \(robot 2 \(id r2\): /,
    );
    await writeFile(path.join(dir, 'settings.json'), '{"schemaVersion": 1, "data": {"historyLimit": 1}}');
    expect((await files.settings.read()).historyLimit).toBe(5_000);
    expect(warnings.list()[2]?.message).toContain('Robot Tray started with no settings (defaults are used).');
    expect(messages[1]).toMatch(
      /^presets\.json: 1 of 2 presets could not be read and were set aside \(preset 2 \(id p2\): /,
    );
  });
});
