import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import type { Call } from '../../src/shared/models/call.ts';
import type { Robot } from '../../src/shared/models/robot.ts';
import { historyConnections } from '../support/historyConnections.ts';

/**
 * What one write costs the history, kept honest: the change numbers of a
 * transaction are counted in memory and stored once, and an update sets only
 * the indexed columns that change. Each CallHistory is its own connection.
 */
const robot = { id: 'r1', name: 'Echo' } as Robot;
const T = 1_000_000;
const call = (id: string, extra: Partial<Call> = {}): Call => ({
  ...newCall(robot, { method: 'POST', args: { n: 1 } }, id, T),
  ...extra,
});

const history = historyConnections('robot-tray-writes-');

describe('change numbers, one store per transaction', () => {
  test('a batch takes one number per write, in order, and the other process reads them and the last', () => {
    const app = history.open();
    const cli = history.open();
    const since = cli.writes.lastSeq();
    app.commitAll([
      { call: call('a', { state: 'waiting' }), expected: 0, leaseUntil: T + 30_000 },
      { call: call('b', { state: 'waiting' }), expected: 0, leaseUntil: T + 30_000 },
      { call: call('a', { state: 'done' }), expected: 1, leaseUntil: 0 },
    ]);
    expect(cli.writes.lastSeq()).toBe(since + 3);
    const read = cli.writes.changesSince(since);
    expect(read.changes.map((c) => [c.call.id, c.call.state])).toEqual([
      ['b', 'waiting'],
      ['a', 'done'],
    ]);
    expect(read.last).toBe(since + 3);
    // The other process goes on from there: no number is taken twice.
    cli.commit(call('c', { state: 'rejected' }), 0, 0);
    expect(app.writes.changesSince(since + 3).changes.map((c) => c.call.id)).toEqual(['c']);
    expect(app.writes.lastSeq()).toBe(since + 4);
  });

  test('a transaction that fails takes back its numbers with its rows', () => {
    const app = history.open();
    const raw = new DatabaseSync(history.file);
    raw.exec(`CREATE TRIGGER refuse_boom BEFORE INSERT ON calls WHEN new.id = 'boom'
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    raw.close();
    app.commit(call('before', { state: 'done' }), 0, 0);
    const since = app.writes.lastSeq();
    expect(() =>
      app.commitAll([
        { call: call('fine', { state: 'done' }), expected: 0, leaseUntil: 0 },
        { call: call('boom', { state: 'done' }), expected: 0, leaseUntil: 0 },
      ]),
    ).toThrow();
    expect(app.writes.lastSeq()).toBe(since);
    expect(app.get('fine')).toBeUndefined();
    app.commit(call('after', { state: 'done' }), 0, 0);
    const read = app.writes.changesSince(since);
    expect(read.changes.map((c) => c.call.id)).toEqual(['after']);
    expect(read.last).toBe(since + 1);
  });
});

describe('updates that leave an indexed column as it is', () => {
  test('a call is found by its state and webhookCallId at every step, and the indexes match the rows', () => {
    const app = history.open();
    let version = app.commit(call('c'), 0, T + 30_000).version;
    const waiting = (pollCount: number) => call('c', { state: 'waiting', webhookCallId: 'wh-c', pollCount });
    version = app.commit(waiting(0), version, T + 30_000).version;
    expect(app.list({ states: ['waiting'] }).map((c) => c.id)).toEqual(['c']);
    expect(app.idOf('wh-c')).toBe('c');
    // Polled, still waiting: neither state nor webhookCallId changes.
    version = app.commit(waiting(1), version, T + 30_000).version;
    expect(app.list({ states: ['waiting'] }).map((c) => c.pollCount)).toEqual([1]);
    expect(app.list({ states: ['sending'] })).toEqual([]);
    // Done, its webhookCallId kept.
    app.commit(call('c', { state: 'done', webhookCallId: 'wh-c', response: { ok: 1 } }), version, 0);
    expect(app.list({ states: ['waiting'] })).toEqual([]);
    expect(app.list({ states: ['done'] }).map((c) => c.id)).toEqual(['c']);
    expect(app.getByWebhookCallId('wh-c')?.state).toBe('done');
    // A webhookCallId that changes (a resumed call fired anew keeps it; an import may not).
    app.put(call('c', { state: 'done', webhookCallId: 'wh-other', response: { ok: 1 } }));
    expect(app.idOf('wh-c')).toBeUndefined();
    expect(app.idOf('wh-other')).toBe('c');
    const raw = new DatabaseSync(history.file);
    expect(raw.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    raw.close();
  });
});

describe('one statement per write, by what this connection last wrote', () => {
  test('a newer version written by another process is never overwritten by a guess: the write goes by the rules', () => {
    const app = history.open();
    const cli = history.open();
    app.commit(call('c', { state: 'waiting', webhookCallId: 'wh-c' }), 0, T + 30_000);
    // The CLI, which read version 1 too, finishes it: version 2.
    cli.commit(call('c', { state: 'done', webhookCallId: 'wh-c', response: { ok: 1 } }), 1, 0);
    const stale = app.commit(
      call('c', { state: 'waiting', webhookCallId: 'wh-c', pollCount: 3 }),
      1,
      T + 30_000,
    );
    expect(stale).toMatchObject({ written: false, version: 2 });
    expect(stale.call.state).toBe('done');
    expect(app.get('c')?.response).toEqual({ ok: 1 });
  });

  test('a row replaced at the same version (forgotten, written anew) is updated whole, never by a wrong guess', () => {
    const app = history.open();
    const cli = history.open();
    app.commit(call('c', { state: 'waiting', webhookCallId: 'wh-c' }), 0, T + 30_000);
    expect(cli.delete('c')).toBe(true);
    cli.put(call('c', { state: 'done', webhookCallId: 'wh-new', response: { ok: 1 } }));
    // Version 1 again, as this writer saw it: its write goes in (as a writer that saw the version does),
    // and every column says what it wrote.
    const written = app.commit(
      call('c', { state: 'waiting', webhookCallId: 'wh-c', pollCount: 1 }),
      1,
      T + 30_000,
    );
    expect(written).toMatchObject({ written: true, version: 2 });
    expect(app.list({ states: ['waiting'] }).map((c) => c.id)).toEqual(['c']);
    expect(app.list({ states: ['done'] })).toEqual([]);
    expect(app.idOf('wh-c')).toBe('c');
    expect(app.idOf('wh-new')).toBeUndefined();
    expect(app.get('c')?.response).toBeUndefined();
    const raw = new DatabaseSync(history.file);
    expect(raw.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    raw.close();
  });

  test('a new call whose id is stored already is not inserted over it: the stored record wins by the rules', () => {
    const app = history.open();
    const cli = history.open();
    cli.commit(call('c', { state: 'done', response: { ok: 1 } }), 0, 0);
    const late = app.commit(call('c', { state: 'waiting' }), 0, T + 30_000);
    expect(late).toMatchObject({ written: false, version: 1 });
    expect(late.call.state).toBe('done');
    expect(app.writes.changesSince(0).changes.map((c) => [c.call.id, c.call.state])).toEqual([['c', 'done']]);
  });
});
