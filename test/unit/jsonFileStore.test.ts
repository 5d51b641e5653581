import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/core/errors.ts';
import { JsonFileStore, type JsonFileStoreOptions } from '../../src/core/store/jsonFileStore.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type writeFileAtomic from 'write-file-atomic';

/** The disk as the store sees it when it writes: a code set here makes the next writes fail with it. */
const disk = vi.hoisted(() => ({ failWith: undefined as string | undefined | null }));
vi.mock('write-file-atomic', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof writeFileAtomic }>()).default;
  const write = (file: string, data: string, options: object) => {
    if (disk.failWith === undefined) return real(file, data, options);
    const error = new Error('write failed') as NodeJS.ErrnoException;
    if (disk.failWith !== null) error.code = disk.failWith;
    return Promise.reject(error);
  };
  return { default: Object.assign(write, { sync: real.sync }) };
});

const Item = z.object({ id: z.string().min(1), name: z.string().min(1) });
const Items = z.array(Item).refine((items) => new Set(items.map((i) => i.name)).size === items.length, {
  message: 'names must differ',
});

let dir: string;
let file: string;
let warnings: WarningLog;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-json-store-'));
  file = path.join(dir, 'items.json');
  warnings = new WarningLog();
  disk.failWith = undefined;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function store(extra: Partial<JsonFileStoreOptions<typeof Items>> = {}) {
  return new JsonFileStore({
    file,
    label: 'items',
    schema: Items,
    record: Item,
    version: 2,
    empty: () => [],
    warnings,
    now: () => Date.UTC(2026, 10, 23, 9, 8, 7, 654),
    ...extra,
  });
}
const envelope = (data: unknown, schemaVersion: unknown = 2) => JSON.stringify({ schemaVersion, data });
const messages = () => warnings.list().map((w) => w.message);
/** The error a change failed with. */
const failure = (change: Promise<unknown>) =>
  change.then(
    () => expect.unreachable('the change should have failed'),
    (error: unknown) => error as AppError,
  );
const add = (s: JsonFileStore<typeof Items>, name: string) =>
  s.update((items) => ({ next: [...items, { id: `id-${name}`, name }], result: items.length }));

describe('reading', () => {
  test('an unchanged file is read once; a missing one reads as empty until it appears', async () => {
    const s = store();
    const empty = await s.read();
    expect(empty).toEqual([]);
    expect(await s.read()).toBe(empty);
    await writeFile(file, envelope([{ id: '1', name: 'a' }]));
    const first = await s.read();
    expect(first).toEqual([{ id: '1', name: 'a' }]);
    expect(await s.read()).toBe(first);
  });

  test('a read that allows an age keeps the copy seen that recently; past it, or after a change of its own, it looks again', async () => {
    let now = 1_000;
    const s = store({ now: () => now });
    await writeFile(file, envelope([{ id: '1', name: 'a' }]));
    expect(await s.read()).toEqual([{ id: '1', name: 'a' }]);
    // Another process writes the file: a read allowing 250 ms does not look within them.
    await writeFile(
      file,
      envelope([
        { id: '1', name: 'a' },
        { id: '2', name: 'bb' },
      ]),
    );
    now += 249;
    expect(await s.read({ maxAgeMs: 250 })).toHaveLength(1);
    now += 1;
    expect(await s.read({ maxAgeMs: 250 })).toHaveLength(2);
    // This process's own change is seen at once, whatever the age allowed.
    await add(s, 'c');
    expect(await s.read({ maxAgeMs: 60_000 })).toHaveLength(3);
    // A read without an age always looks.
    await writeFile(file, envelope([]));
    expect(await s.read()).toEqual([]);
  });

  test.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"items"'],
    ['a number', '5'],
  ])('a file holding %s, not an object, is set aside', async (_kind, text) => {
    await writeFile(file, text);
    expect(await store().read()).toEqual([]);
    expect(messages()[0]).toMatch(/^items\.json could not be used: it does not hold a JSON object\./);
  });

  test.each([0, -1, 1.5, '2', null])(
    'schemaVersion %j is refused and the file set aside',
    async (version) => {
      await writeFile(file, envelope([], version));
      expect(await store().read()).toEqual([]);
      expect(messages()[0]).toContain('schemaVersion is missing or not a positive whole number');
    },
  );

  test('an older version with no way to migrate it is set aside, not guessed at', async () => {
    await writeFile(file, envelope([{ id: '1', name: 'a' }], 1));
    expect(await store().read()).toEqual([]);
    expect(messages()[0]).toContain('no migration from schema 1');
  });

  test('a set-aside file keeps its content under a name stamped with the time, and the warning says where', async () => {
    await writeFile(file, 'not json');
    await store().read();
    const aside = `${file}.corrupt-2026-11-23T09-08-07-654Z`;
    expect(await readFile(aside, 'utf8')).toBe('not json');
    expect(messages()[0]).toMatch(
      /^items\.json could not be used: it is not valid JSON \(.+\)\. It was moved to .+ and Robot Tray started with no items\. Fix that file and copy it back to restore them\.$/,
    );
    expect(messages()[0]).toContain(aside);
  });

  test('data that fails the whole schema names the field that is wrong', async () => {
    await writeFile(file, envelope({ not: 'a list' }));
    await store({ record: undefined }).read();
    expect(messages()[0]).toMatch(
      /^items\.json could not be used: items: expected array, received object\. It was moved to /,
    );
  });

  test('a file that is a folder is a storage error naming the file and the fix', async () => {
    await mkdir(file);
    await expect(store().read()).rejects.toMatchObject({
      kind: 'storage',
      message: `Robot Tray could not read ${file} (EISDIR). Check that the folder ${dir} exists and is writable, or point ROBOT_TRAY_HOME at another folder.`,
    });
  });

  test('a FIFO in place of the file is set aside at once, not waited on', async () => {
    // Read as before, the open would wait for a writer forever, and startup with it.
    execFileSync('mkfifo', [file]);
    expect(await store().read()).toEqual([]);
    expect(messages()).toEqual([
      expect.stringMatching(
        /^items\.json could not be used: it is not a regular file \(a pipe, socket or device\)\. It was moved to /,
      ),
    ]);
    expect((await readdir(dir)).filter((name) => name.startsWith('items.json.corrupt-'))).toHaveLength(1);
  });

  test('a file under something that is not a folder is a storage error too', async () => {
    await writeFile(path.join(dir, 'plain'), '');
    const inside = path.join(dir, 'plain', 'items.json');
    await expect(store({ file: inside }).read()).rejects.toMatchObject({
      kind: 'storage',
      message: expect.stringContaining(`could not read ${inside} (ENOTDIR)`),
    });
  });
});

describe('records that cannot be read', () => {
  const good = { id: 'good', name: 'kept' };
  const bad = (n: number, id: unknown = `bad-${n}`) => ({ id, name: '' });

  test('only the bad records are set aside; the original is copied beside the file, named by its content', async () => {
    const text = envelope([bad(1), good, bad(2, 'x'.repeat(60)), bad(3, 7), bad(4)]);
    await writeFile(file, text);
    expect(await store().read()).toEqual([good]);
    const copies = (await readdir(dir)).filter((f) => f.startsWith('items.json.damaged-'));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(/^items\.json\.damaged-[0-9a-f]{8}$/);
    expect(await readFile(path.join(dir, copies[0]!), 'utf8')).toBe(text);
    const message = messages()[0]!;
    expect(message).toMatch(
      /^items\.json: 4 of 5 items could not be read and were set aside \(item 1 \(id bad-1\): /,
    );
    // Ids are cut to 40 characters; a record without a string id is named by its place alone.
    expect(message).toContain(`item 3 (id ${'x'.repeat(40)}): `);
    expect(message).not.toContain('x'.repeat(41));
    expect(message).toContain('item 4: ');
    expect(message).not.toContain('item 5');
    expect(message).toContain('; …). The other 1 were kept. ');
    expect(message).toContain(
      `The original file is at ${path.join(dir, copies[0]!)}; fix those records there and copy them back to restore them.`,
    );
  });

  test('a record whose parse throws (a stack overflow, say) is set aside like any other; nothing escapes read', async () => {
    // What a recursive schema does on a value nested past what the stack holds.
    const overflows = (value: unknown) => {
      if ((value as { name?: unknown }).name === 'deep')
        throw new RangeError('Maximum call stack size exceeded');
      return true;
    };
    const Throwing = Item.refine(overflows);
    const schema = z.array(Throwing);
    const throwing = new JsonFileStore({
      file,
      label: 'items',
      schema,
      record: Throwing,
      version: 2,
      empty: () => [],
      warnings,
    });
    await writeFile(file, envelope([good, { id: 'deep-one', name: 'deep' }]));
    expect(await throwing.read()).toEqual([good]);
    expect(messages()[0]).toMatch(
      /^items\.json: 1 of 2 items could not be read and were set aside \(item 2 \(id deep-one\): it could not be read \(nested too deep to read\)\)/,
    );
    // A file that is not a list of records, or a migration that throws: the whole file is set aside.
    const whole = new JsonFileStore({
      file,
      label: 'items',
      schema: Throwing,
      version: 2,
      empty: () => ({ id: '', name: '' }),
      warnings,
    });
    await writeFile(file, envelope({ id: 'x', name: 'deep' }));
    await expect(whole.read()).resolves.toEqual({ id: '', name: '' });
    expect(messages().at(-1)).toContain('could not be used: it could not be read (nested too deep to read)');
    const migrating = store({
      migrations: {
        1: () => {
          throw new TypeError('boom');
        },
      },
    });
    await writeFile(file, envelope([good], 1));
    await expect(migrating.read()).resolves.toEqual([]);
    expect(messages().at(-1)).toContain(
      'could not be used: it could not be brought from schema 1 to 2 (TypeError)',
    );
  });

  test('three bad records are all named, with no ellipsis', async () => {
    await writeFile(file, envelope([bad(1), bad(2), good, bad(3)]));
    await store().read();
    expect(messages()[0]).toContain('item 4 (id bad-3)');
    expect(messages()[0]).not.toContain('…');
  });

  test('another process reading the same damaged file finds the same copy and makes no second one', async () => {
    await writeFile(file, envelope([bad(1), good]));
    await store().read();
    await store().read();
    expect((await readdir(dir)).filter((f) => f.startsWith('items.json.damaged-'))).toHaveLength(1);
  });

  test('the next change writes back only the records that were kept', async () => {
    await writeFile(file, envelope([bad(1), good]));
    await add(store(), 'new');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      schemaVersion: 2,
      data: [good, { id: 'id-new', name: 'new' }],
    });
  });

  test('when the records kept still fail together, the whole file is set aside', async () => {
    await writeFile(file, envelope([good, { ...good, id: 'twin' }, bad(1)]));
    expect(await store().read()).toEqual([]);
    expect(messages()[0]).toMatch(/names must differ/);
    expect((await readdir(dir)).some((f) => f.startsWith('items.json.corrupt-'))).toBe(true);
  });
});

describe('a data folder that cannot be written', () => {
  const readOnly = new AppError('storage', 'The data folder is read-only.', { permanent: true });

  test('says so before any change, and every change is refused with that error', async () => {
    const s = store({ readOnly });
    expect(s.writable).toBe(false);
    expect(() => s.assertWritable()).toThrow(readOnly);
    await expect(add(s, 'a')).rejects.toBe(readOnly);
    expect(await readdir(dir)).toEqual([]);
    expect(store().writable).toBe(true);
    expect(() => store().assertWritable()).not.toThrow();
  });

  test('a damaged file is left where it is, and the warning says why', async () => {
    await writeFile(file, 'not json');
    expect(await store({ readOnly }).read()).toEqual([]);
    expect(await readdir(dir)).toEqual(['items.json']);
    expect(messages()[0]).toMatch(
      /^items\.json could not be used: it is not valid JSON .*\. The data folder is read-only, so it was left as it is and Robot Tray shows no items\. Fix that file to restore them\.$/,
    );
  });

  test('bad records are skipped without a copy, and the warning says the file was left as it is', async () => {
    await writeFile(
      file,
      envelope([
        { id: 'b', name: '' },
        { id: 'g', name: 'kept' },
      ]),
    );
    expect(await store({ readOnly }).read()).toEqual([{ id: 'g', name: 'kept' }]);
    expect(await readdir(dir)).toEqual(['items.json']);
    expect(messages()[0]).toContain(
      `The data folder is read-only, so ${file} was left as it is; fix those records`,
    );
  });
});

describe('writing', () => {
  test('a file from a newer Robot Tray is never changed, and the refusal says to update', async () => {
    const text = envelope([{ id: '1', name: 'future' }], 9);
    await writeFile(file, text);
    const s = store();
    expect(await s.read()).toEqual([]);
    const reason =
      'items.json was written by a newer Robot Tray (schema 9); this version will not change it. Update Robot Tray to edit your items.';
    expect(messages()).toEqual([reason]);
    await expect(add(s, 'a')).rejects.toMatchObject({ kind: 'validation', message: reason });
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  test('a change made before the store ever read a newer file still leaves it alone', async () => {
    const text = envelope([], 3);
    await writeFile(file, text);
    await expect(add(store(), 'b')).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('written by a newer Robot Tray (schema 3)'),
    });
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  test('the file is private to its owner and ends with a newline', async () => {
    await add(store(), 'a');
    const { stat } = await import('node:fs/promises');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).endsWith('}\n')).toBe(true);
  });

  test.each([
    ['ENOSPC', 'The disk is full: free some space and try again.'],
    [
      'EACCES',
      `Check that the folder ${'<dir>'} exists and is writable, or point ROBOT_TRAY_HOME at another folder.`,
    ],
    [null, 'Check that the folder <dir> exists and is writable, or point ROBOT_TRAY_HOME at another folder.'],
  ])('a write refused with %s says what to do, and the file keeps its last content', async (code, fix) => {
    const s = store();
    await add(s, 'a');
    const before = await readFile(file, 'utf8');
    disk.failWith = code;
    const error = await failure(add(s, 'b'));
    expect(error).toMatchObject({ kind: 'storage' });
    expect(error.message).toBe(
      `Robot Tray could not save ${file} (${code ?? 'error'}). ${fix.replace('<dir>', dir)}`,
    );
    expect(error.cause).toBeInstanceOf(Error);
    disk.failWith = undefined;
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(await add(s, 'c')).toBe(1);
  });

  test('a change to a file under something that is not a folder is a storage error, not a crash', async () => {
    await writeFile(path.join(dir, 'plain'), '');
    const inside = path.join(dir, 'plain', 'sub', 'items.json');
    await expect(add(store({ file: inside }), 'a')).rejects.toMatchObject({
      kind: 'storage',
      message: expect.stringMatching(
        /^Robot Tray could not create the folder of .+items\.json \(ENOTDIR\)\. Check that/,
      ),
    });
  });

  test('a lock that cannot be read is a storage error naming the file and its code', async () => {
    // A link to itself: it exists, so the lock cannot be created, and reading it fails.
    await symlink(`${file}.lock`, `${file}.lock`);
    const error = await failure(add(store({ lock: { waitMs: 0 } }), 'a'));
    expect(error).toMatchObject({ kind: 'storage' });
    expect(error.message).toMatch(new RegExp(`^Robot Tray could not lock ${file} \\(ELOOP\\)\\. `));
  });
});
