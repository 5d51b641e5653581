import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { Call } from '../../src/shared/models/call.ts';

const call = (id: string) =>
  Call.parse({ id, robotId: 'r1', robotName: 'Bot', method: 'POST', args: {}, state: 'done', createdAt: 1 });

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-history-'));
  file = path.join(dir, 'robot-tray.sqlite');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('a history another process holds locked', () => {
  /** Another connection that locks even readers out (a backup tool, sqlite3 with locking_mode). */
  function lockOut(): DatabaseSync {
    CallHistory.open(file, new WarningLog()).close();
    const other = new DatabaseSync(file);
    other.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; DELETE FROM calls');
    return other;
  }

  test('opening waits, then is a busy error that says nothing was sent or changed', async () => {
    const other = lockOut();
    await expect(
      CallHistory.openWaiting(file, new WarningLog(), Date.now, undefined, 200),
    ).rejects.toMatchObject({
      kind: 'busy',
      message:
        `Robot Tray's database ${file} is locked by another process (Robot Tray, or a program reading the file). ` +
        'Try again in a moment; if it stays locked, close that program. Nothing was sent or changed.',
      cause: expect.objectContaining({ kind: 'busy' }),
    });
    other.close();
    // Nothing was set aside: the file is good, only busy.
    expect((await readdir(dir)).filter((n) => n.includes('corrupt'))).toEqual([]);
  });

  test('opening succeeds once the lock goes within the wait', async () => {
    const other = lockOut();
    setTimeout(() => other.close(), 100);
    const history = await CallHistory.openWaiting(file, new WarningLog(), Date.now, undefined, 5_000);
    history.put(call('after'));
    expect(history.get('after')?.id).toBe('after');
    history.close();
  });
});

describe('a history in a data folder that cannot be written', () => {
  const readOnly = new AppError('storage', 'The data folder is read-only.', { permanent: true });

  test('a missing file is an empty history that creates nothing and refuses every write', async () => {
    const history = CallHistory.open(file, new WarningLog(), Date.now, readOnly);
    expect(history.list()).toEqual([]);
    expect(() => history.put(call('x'))).toThrow(readOnly);
    expect(() => history.deleteFinished()).toThrow(readOnly);
    expect(() => history.delete('x')).toThrow(readOnly);
    history.close();
    expect(await readdir(dir)).toEqual([]);
  });

  test('an existing file is read, and left as it was', async () => {
    const writable = CallHistory.open(file, new WarningLog());
    writable.put(call('kept'));
    writable.close();
    const before = await readFile(file);
    const history = CallHistory.open(file, new WarningLog(), Date.now, readOnly);
    expect(history.list().map((c) => c.id)).toEqual(['kept']);
    expect(() => history.put(call('new'))).toThrow(readOnly);
    history.close();
    // (A folder that can be written gets SQLite's -shm beside it; a read-only one cannot, see the CLI's tests.)
    expect((await readFile(file)).equals(before)).toBe(true);
  });
});

describe('what the history refuses and how it finds calls', () => {
  test('opening a history that is not a file fails at once with its own error, not as busy', async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(file);
    const started = Date.now();
    const opening = CallHistory.openWaiting(file, new WarningLog(), Date.now, undefined, 5_000);
    await expect(opening).rejects.toSatisfy((error) => !(error instanceof AppError && error.kind === 'busy'));
    // No waiting out the 5 s meant for a lock.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  test('a call that could not be read back is refused, naming the field, and nothing is written', () => {
    const history = CallHistory.open(file, new WarningLog());
    const bad = { ...call('bad'), state: 'bogus' } as unknown as Call;
    expect(() => history.put(bad)).toThrow(/state/);
    expect(history.get('bad')).toBeUndefined();
    history.close();
  });

  test('an id prefix is matched as typed: % and _ are not wildcards', () => {
    const history = CallHistory.open(file, new WarningLog());
    history.put(call('abcd-1'));
    history.put(call('a_cd-2'));
    expect(history.findByIdPrefix('ab').map((c) => c.id)).toEqual(['abcd-1']);
    expect(history.findByIdPrefix('a%')).toEqual([]);
    expect(history.findByIdPrefix('a_').map((c) => c.id)).toEqual(['a_cd-2']);
    history.close();
  });
});

describe("the history's own search and lists", () => {
  const stored = (id: string, over: Partial<Call>) =>
    Call.parse({ ...call(id), ...over, createdAt: over.createdAt ?? 1 });

  test('text is found in the preset, webhookCallId, raw status or error, in any case; % and _ are plain', () => {
    const history = CallHistory.open(file, new WarningLog());
    history.put(stored('p', { presetName: 'Monthly Report' }));
    history.put(stored('w', { webhookCallId: 'wh-7f3a' }));
    history.put(stored('r', { state: 'unexpected', rawStatus: 'PAUSED' }));
    history.put(
      stored('e', {
        state: 'unknown',
        error: { kind: 'network', message: 'socket hang up', count: 1, at: 1 },
      }),
    );
    history.put(stored('pct', { presetName: '50% off' }));
    const found = (text: string) =>
      history
        .list({ text })
        .map((c) => c.id)
        .sort();
    expect(found('REPORT')).toEqual(['p']);
    expect(found('WH-7F3A')).toEqual(['w']);
    expect(found('paused')).toEqual(['r']);
    expect(found('hang up')).toEqual(['e']);
    expect(found('0%')).toEqual(['pct']);
    expect(found('%')).toEqual(['pct']);
    expect(found('5_')).toEqual([]);
    // Fields are searched one by one: text spanning two of them is not found.
    expect(found('botmonthly')).toEqual([]);
    expect(found('bot\nmonthly')).toEqual(['p']);
    history.close();
  });

  test('an empty state filter lists every call; waiting calls are the active ones', () => {
    const history = CallHistory.open(file, new WarningLog());
    history.put(stored('done', { state: 'done' }));
    history.put(stored('waiting', { state: 'waiting' }));
    expect(
      history
        .list({ states: [] })
        .map((c) => c.id)
        .sort(),
    ).toEqual(['done', 'waiting']);
    expect(history.list({ states: ['done'] }).map((c) => c.id)).toEqual(['done']);
    expect(history.leases.adoptable(new Map(), 10).map((c) => c.id)).toEqual(['waiting']);
    history.close();
  });

  test('delete says whether there was a call to delete', () => {
    const history = CallHistory.open(file, new WarningLog());
    history.put(stored('x', {}));
    expect(history.delete('x')).toBe(true);
    expect(history.delete('x')).toBe(false);
    history.close();
  });
});

describe('records the history cannot read', () => {
  /** A history holding `good` and a record whose stored text is damaged. */
  function withDamagedRecord(data: string): { history: CallHistory; warnings: WarningLog } {
    const warnings = new WarningLog();
    const history = CallHistory.open(file, warnings);
    history.put(call('good-1'));
    const raw = new DatabaseSync(file);
    raw
      .prepare(
        "INSERT INTO calls (id, robot_id, state, created_at, webhook_call_id, search, data) VALUES ('good-2', 'r1', 'done', 2, 'wh-bad', '', ?)",
      )
      .run(data);
    raw.close();
    return { history, warnings };
  }

  test.each([
    ['text that is not JSON', '{"id": "good-2", '],
    ['JSON that is not a call', '{"id": "good-2", "state": "bogus"}'],
  ])('%s is skipped everywhere with one warning, and the rest is listed', (_kind, data) => {
    const { history, warnings } = withDamagedRecord(data);
    expect(history.list().map((c) => c.id)).toEqual(['good-1']);
    expect(history.findByIdPrefix('good').map((c) => c.id)).toEqual(['good-1']);
    expect(history.get('good-2')).toBeUndefined();
    expect(history.getByWebhookCallId('wh-bad')).toBeUndefined();
    expect(history.getDetail('good-2')).toBeUndefined();
    expect(warnings.list().map((w) => w.message)).toEqual([
      'A call in the history could not be read and was skipped.',
    ]);
    history.close();
  });
});

describe('finding a call', () => {
  test('by its local id or its webhookCallId, without reading the record', () => {
    const history = CallHistory.open(file, new WarningLog());
    history.put(Call.parse({ ...call('local-1'), webhookCallId: 'wh-1' }));
    expect(history.idOf('local-1')).toBe('local-1');
    expect(history.idOf('wh-1')).toBe('local-1');
    expect(history.idOf('nobody')).toBeUndefined();
    history.close();
  });

  test('an id prefix matches the start of an id only', () => {
    const history = CallHistory.open(file, new WarningLog());
    history.put(call('abcd-1'));
    history.put(call('x-abcd'));
    expect(history.findByIdPrefix('abcd').map((c) => c.id)).toEqual(['abcd-1']);
    history.close();
  });

  test("a refused call's error names the field, or the call itself when it is no object", () => {
    const history = CallHistory.open(file, new WarningLog());
    expect(() => history.check({ ...call('bad'), state: 'bogus' } as unknown as Call)).toThrow(/^state: /);
    expect(() => history.check(null as unknown as Call)).toThrow(/^call: expected object/);
    history.close();
  });
});

describe('pruning', () => {
  test('runs once every 16 writes unless forced, and then keeps the newest calls up to the limit', () => {
    const history = CallHistory.open(file, new WarningLog());
    const at = (id: string, createdAt: number) => Call.parse({ ...call(id), createdAt });
    for (let i = 0; i < 15; i++) history.put(at(`c${i}`, i));
    expect(history.prune(10)).toBe(0);
    expect(history.count()).toBe(15);
    history.put(at('c15', 15));
    expect(history.prune(10)).toBe(6);
    expect(history.list().map((c) => c.id)).toEqual([
      'c15',
      'c14',
      'c13',
      'c12',
      'c11',
      'c10',
      'c9',
      'c8',
      'c7',
      'c6',
    ]);
    history.put(at('c16', 16));
    expect(history.prune(10)).toBe(0);
    expect(history.prune(10, true)).toBe(1);
    expect(history.count()).toBe(10);
    history.close();
  });

  test('a count that found room is not repeated until writes could fill it, here or in another process', () => {
    const history = CallHistory.open(file, new WarningLog());
    const at = (id: string, createdAt: number) => Call.parse({ ...call(id), createdAt });
    const writeSixteen = (from: number, into = history) => {
      for (let i = from; i < from + 16; i++) into.put(at(`c${i}`, i));
    };
    writeSixteen(0);
    expect(history.prune(40)).toBe(0);
    writeSixteen(16);
    // 32 calls, room for 40: nothing to count.
    expect(history.prune(40)).toBe(0);
    writeSixteen(32);
    // 48 of this process's own: counted, and pruned to the limit.
    expect(history.prune(40)).toBe(8);
    expect(history.count()).toBe(40);
    history.put(at('c48', 48));
    for (let i = 0; i < 15; i++) history.put(at('c48', 48));
    expect(history.prune(60)).toBe(0);
    // Another process's writes fill the room this one counted; its next check sees them.
    const other = CallHistory.open(file, new WarningLog());
    writeSixteen(100, other);
    other.close();
    history.put(at('c49', 49));
    for (let i = 0; i < 15; i++) history.put(at('c49', 49));
    expect(history.count()).toBe(58);
    expect(history.prune(50)).toBe(8);
    expect(history.count()).toBe(50);
    history.close();
  });
});
