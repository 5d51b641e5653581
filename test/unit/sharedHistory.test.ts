import { constants, DatabaseSync } from 'node:sqlite';
import { describe, expect, test, vi } from 'vitest';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { VIEW_LEASE_MS } from '../../src/core/store/viewedCalls.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { finality, writeWins } from '../../src/core/store/writeRules.ts';
import { LeaseJudge } from '../../src/core/tracker/leaseJudge.ts';
import { LEASE_MS } from '../../src/core/tracker/leaseKeeper.ts';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import type { Call } from '../../src/shared/models/call.ts';
import type { Robot } from '../../src/shared/models/robot.ts';
import { historyConnections } from '../support/historyConnections.ts';
import { HEAVY } from '../support/heavyTest.ts';

/**
 * The history as two processes share it: each CallHistory here is its own
 * SQLite connection with its own process id, as the app and the CLI are.
 */
const robot = { id: 'r1', name: 'Echo' } as Robot;
const T = 1_000_000;
const call = (id: string, extra: Partial<Call> = {}): Call => ({
  ...newCall(robot, { method: 'POST', args: { n: 1 } }, id, T),
  webhookCallId: `wh-${id}`,
  ...extra,
});

const connections = historyConnections('robot-tray-shared-');
const { open } = connections;
const historyFile = () => connections.file;

describe('which write wins (pure)', () => {
  test('the service’s word outranks an end Robot Tray decided, which outranks watching', () => {
    expect(finality('done')).toBe(2);
    expect(finality('rejected')).toBe(2);
    expect(finality('expired')).toBe(1);
    expect(finality('stopped')).toBe(1);
    expect(finality('waiting')).toBe(0);
    expect(finality('sending')).toBe(0);
  });

  test('a writer that saw the stored version writes; one that did not never lowers a state', () => {
    const rule = (mine: Call['state'], stored: Call['state'], saw = false, holds = false) =>
      writeWins({
        mine,
        stored,
        sawStoredVersion: saw,
        holdsLease: holds,
        mineAccepted: true,
        storedAccepted: true,
      });
    expect(rule('waiting', 'stopped', true)).toBe(true); // a resume
    expect(rule('expired', 'done')).toBe(false);
    expect(rule('done', 'expired')).toBe(true);
    expect(rule('waiting', 'done', false, true)).toBe(false);
    expect(rule('waiting', 'waiting', false, true)).toBe(true);
    expect(rule('waiting', 'waiting', false, false)).toBe(false);
    expect(rule('expired', 'stopped')).toBe(false);
  });

  test('an unknown with no webhookCallId gives way to a write that carries one, and to nothing else', () => {
    const rule = (
      mine: Call['state'],
      stored: Call['state'],
      mineAccepted: boolean,
      storedAccepted = false,
    ) =>
      writeWins({ mine, stored, sawStoredVersion: false, holdsLease: false, mineAccepted, storedAccepted });
    expect(rule('waiting', 'unknown', true)).toBe(true);
    expect(rule('waiting', 'unknown', false)).toBe(false);
    expect(rule('unreachable', 'unknown', false)).toBe(false);
    expect(rule('waiting', 'unknown', true, true)).toBe(false);
    expect(rule('waiting', 'expired', true)).toBe(false);
  });
});

describe('two processes writing one call', () => {
  test('a stale writer loses: its older copy never overwrites the newer state, and it gets the stored record', () => {
    const app = open();
    const cli = open();
    const first = app.commit(call('c', { state: 'waiting' }), 0, T + 30_000);
    expect(first).toMatchObject({ written: true, version: 1 });
    // The CLI read version 1 too; the app then moves on to version 2.
    app.commit(call('c', { state: 'waiting', pollCount: 1 }), 1, T + 30_000);
    const stale = cli.commit(call('c', { state: 'waiting', pollCount: 7 }), 1, undefined);
    expect(stale.written).toBe(false);
    expect(stale.version).toBe(2);
    expect(stale.call.pollCount).toBe(1);
    expect(cli.get('c')?.pollCount).toBe(1);
  });

  test('a DONE with its response beats an expired written later by a process that had not seen it', () => {
    const a = open();
    const b = open();
    a.commit(call('c', { state: 'waiting' }), 0, T + 30_000);
    const done = call('c', { state: 'done', response: { invoice: 'INV-1' } });
    expect(a.commit(done, 1, 0)).toMatchObject({ written: true, version: 2 });
    const expired = b.commit(call('c', { state: 'expired' }), 1, 0);
    expect(expired.written).toBe(false);
    expect(expired.call).toMatchObject({ state: 'done', response: { invoice: 'INV-1' } });
    expect(a.get('c')).toMatchObject({ state: 'done', response: { invoice: 'INV-1' } });
  });

  test('and the other way round: a DONE seen late replaces the expired written first', () => {
    const a = open();
    const b = open();
    a.commit(call('c', { state: 'waiting' }), 0, T + 30_000);
    b.commit(call('c', { state: 'expired' }), 1, 0);
    const done = a.commit(call('c', { state: 'done', response: { invoice: 'INV-2' } }), 1, 0);
    expect(done.written).toBe(true);
    expect(b.get('c')).toMatchObject({ state: 'done', response: { invoice: 'INV-2' } });
  });

  test('a trigger’s acceptance, with its webhookCallId, replaces the unknown another process wrote when it judged the sender gone', () => {
    const cli = open();
    const app = open();
    const sending = call('c', { state: 'sending', webhookCallId: null });
    cli.commit(sending, 0, T + 30_000);
    const taken = app.leases.takeLease('c', T + 60_000, new Map([[cli.processId, T + 30_000]]));
    expect(taken?.call.state).toBe('sending');
    app.commit({ ...sending, state: 'unknown' }, taken!.version, 0);
    const accepted = cli.commit(call('c', { state: 'waiting', webhookCallId: 'wh-c' }), 1, T + 30_001);
    expect(accepted).toMatchObject({ written: true, version: 3, holder: cli.processId });
    expect(app.get('c')).toMatchObject({ state: 'waiting', webhookCallId: 'wh-c' });
  });

  test('a call forgotten by one process is not written back by another', () => {
    const a = open();
    const b = open();
    a.commit(call('c', { state: 'waiting' }), 0, T + 30_000);
    b.delete('c');
    expect(a.commit(call('c', { state: 'done' }), 1, 0).written).toBe(false);
    expect(b.get('c')).toBeUndefined();
  });
});

describe('leases', () => {
  test('a held lease is taken only from a holder judged lapsed at the lease it still holds; a let-go one at once', () => {
    const app = open();
    const cli = open();
    cli.commit(call('c', { state: 'waiting' }), 0, T + 30_000);
    expect(app.leases.seen()).toEqual({ marks: [{ holder: cli.processId, mark: T + 30_000 }], unheld: 0 });
    expect(cli.leases.seen()).toEqual({ marks: [], unheld: 0 });
    // Not judged lapsed: held, whatever times were written.
    expect(app.leases.takeLease('c', T + 60_000, new Map())).toBeUndefined();
    expect(app.leases.adoptable(new Map(), 10)).toEqual([]);
    // Judged lapsed at a lease the holder has renewed since: still held.
    const judged = new Map([[cli.processId, T + 30_000]]);
    cli.leases.renewLeases(T + 30_001);
    expect(app.leases.adoptable(judged, 10)).toEqual([]);
    expect(app.leases.takeLease('c', T + 60_000, judged)).toBeUndefined();
    const lapsed = new Map([[cli.processId, T + 30_001]]);
    expect(app.leases.adoptable(lapsed, 10)).toEqual([{ id: 'c', state: 'waiting' }]);
    expect(app.leases.takeLease('c', T + 60_000, lapsed)).toMatchObject({ call: { id: 'c' }, version: 1 });
    // The CLI's lease is gone: renewing it changes nothing, and it cannot take the call back.
    cli.leases.renewLeases(T + 90_000);
    expect(cli.leases.takeLease('c', T + 90_000, new Map())).toBeUndefined();

    cli.commit(call('d', { state: 'waiting' }), 0, T + 30_000);
    expect(app.leases.takeLease('d', T + 60_000, new Map())).toBeUndefined();
    expect(cli.leases.releaseLeases()).toBe(1);
    expect(app.leases.takeLease('d', T + 60_000, new Map())).toBeDefined();
  });

  test('a lease lapses after a whole lease of this process’s own time without a renewal, whatever the wall clocks say', () => {
    const clock = { wall: T, elapsed: 0 };
    const judge = new LeaseJudge({
      now: () => clock.wall,
      elapsed: () => clock.elapsed,
      setTimer: () => undefined,
      clearTimer: () => undefined,
    });
    // The holder's lease reads an hour past by this process's wall clock: seen for the first time, it holds.
    const marks = [{ holder: 'cli', mark: T - 3_600_000 }];
    expect(judge.lapsed(marks)).toEqual(new Map());
    // The wall clock steps a day ahead; a second passes.
    clock.wall += 86_400_000;
    clock.elapsed += 1_000;
    expect(judge.lapsed(marks)).toEqual(new Map());
    clock.elapsed += LEASE_MS - 1_001;
    expect(judge.lapsed(marks)).toEqual(new Map());
    // Renewed (a later lease, however far behind this clock): counted afresh.
    const renewed = [{ holder: 'cli', mark: T - 3_600_000 + 1 }];
    clock.elapsed += 1;
    expect(judge.lapsed(renewed)).toEqual(new Map());
    clock.elapsed += LEASE_MS - 1;
    expect(judge.lapsed(renewed)).toEqual(new Map());
    clock.elapsed += 1;
    expect(judge.lapsed(renewed)).toEqual(new Map([['cli', T - 3_600_000 + 1]]));
    // A holder that let go of everything is forgotten: its next lease is counted from when it is seen.
    expect(judge.lapsed([])).toEqual(new Map());
    expect(judge.lapsed(renewed)).toEqual(new Map());
  });

  test('a finished call is never leased; every waiting call is adoptable, past any old cap', HEAVY, () => {
    const a = open();
    a.commit(call('done', { state: 'done' }), 0, 0);
    expect(a.leases.takeLease('done', T + 1, new Map())).toBeUndefined();
    for (let i = 0; i < 1_200; i++) a.put(call(`w${String(i).padStart(4, '0')}`, { state: 'waiting' }));
    const b = open();
    let taken = 0;
    const none = new Map<string, number>();
    for (let batch = b.leases.adoptable(none, 500); batch.length > 0; batch = b.leases.adoptable(none, 500)) {
      for (const { id } of batch) if (b.leases.takeLease(id, T + 30_000, none)) taken++;
    }
    expect(taken).toBe(1_200);
  });
});

describe('the change log', () => {
  test('another process reads exactly the calls changed since it last looked, with who wrote them', () => {
    const app = open();
    const cli = open();
    const since = app.writes.lastSeq();
    const dataVersion = app.writes.dataVersion();
    cli.commit(call('x', { state: 'waiting' }), 0, T + 30_000);
    cli.commit(call('x', { state: 'done', response: { ok: true } }), 1, 0);
    cli.commit(call('y', { state: 'rejected' }), 0, 0);
    expect(app.writes.dataVersion()).not.toBe(dataVersion);
    const { last, changes } = app.writes.changesSince(since);
    expect(changes.map((c) => [c.call.id, c.call.state, c.writer === cli.processId])).toEqual([
      ['x', 'done', true],
      ['y', 'rejected', true],
    ]);
    expect(changes[0]?.call.response).toEqual({ ok: true });
    expect(app.writes.changesSince(last).changes).toEqual([]);
  });

  test('a call another process forgot is read from the log too, in order with the changes, and once', () => {
    const app = open();
    const cli = open();
    cli.commit(call('x', { state: 'waiting' }), 0, T + 30_000);
    cli.commit(call('y', { state: 'done' }), 0, 0);
    cli.commit(call('z', { state: 'rejected' }), 0, 0);
    const since = app.writes.lastSeq();
    expect(cli.delete('x')).toBe(true);
    expect(cli.delete('x')).toBe(false);
    cli.commit(call('w', { state: 'waiting' }), 0, T + 30_000);
    expect(cli.deleteFinished()).toBe(2);
    const read = app.writes.changesSince(since);
    expect(read.forgotten.map((f) => [f.id, f.writer === cli.processId])).toEqual([
      ['x', true],
      ['y', true],
      ['z', true],
    ]);
    expect(read.changes.map((c) => c.call.id)).toEqual(['w']);
    expect(read.last).toBe(app.writes.lastSeq());
    expect(app.writes.changesSince(read.last)).toEqual({
      last: read.last,
      changes: [],
      forgotten: [],
      kinds: new Set(),
    });
  });

  test('calls pruned by the history limit are read from the log as forgotten, so no other process keeps showing them', () => {
    const app = open();
    const cli = open();
    for (let i = 0; i < 5; i++) cli.commit(call(`d${i}`, { state: 'done', createdAt: T + i }), 0, 0);
    cli.commit(call('w', { state: 'waiting', createdAt: T - 1 }), 0, T + 30_000);
    const since = app.writes.lastSeq();
    expect(cli.prune(3, true)).toBe(3);
    const read = app.writes.changesSince(since);
    expect(read.forgotten.map((f) => [f.id, f.writer === cli.processId])).toEqual([
      ['d0', true],
      ['d1', true],
      ['d2', true],
    ]);
    expect(
      app
        .list()
        .map((c) => c.id)
        .sort(),
    ).toEqual(['d3', 'd4', 'w']);
  });

  test('read a few at a time, nothing is skipped where the two lists interleave', () => {
    const app = open();
    const cli = open();
    const since = app.writes.lastSeq();
    for (let i = 0; i < 6; i++) cli.commit(call(`a${i}`, { state: 'done' }), 0, 0);
    for (let i = 0; i < 6; i++) {
      cli.commit(call(`b${i}`, { state: 'done' }), 0, 0);
      cli.delete(`b${i}`);
    }
    for (let i = 0; i < 6; i++) cli.commit(call(`c${i}`, { state: 'done' }), 0, 0);
    const changed: string[] = [];
    const forgotten: string[] = [];
    for (let after = since; ;) {
      const read = app.writes.changesSince(after, 2);
      if (read.last === after) break;
      changed.push(...read.changes.map((c) => c.call.id));
      forgotten.push(...read.forgotten.map((f) => f.id));
      after = read.last;
    }
    expect(changed).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(forgotten).toEqual(['b0', 'b1', 'b2', 'b3', 'b4', 'b5']);
  });
});

describe('responses apart, and the byte budget', () => {
  test('listing 200 calls with large responses never reads a response', HEAVY, () => {
    const big = { text: 'x'.repeat(200_000) };
    const reads: string[] = [];
    const history = open();
    for (let i = 0; i < 200; i++) {
      history.put(call(`c${String(i).padStart(3, '0')}`, { state: 'done', response: big, createdAt: T + i }));
    }
    // The history's own connection, caught as it prepares a statement, is
    // told to report every column read from the responses table.
    const capture = vi.spyOn(DatabaseSync.prototype, 'prepare');
    history.list({ limit: 1 });
    const db = capture.mock.contexts[0] as DatabaseSync;
    capture.mockRestore();
    db.setAuthorizer((action, table, column) => {
      if (action === constants.SQLITE_READ && table === 'responses') reads.push(String(column));
      return constants.SQLITE_OK;
    });
    const listed = history.list({ limit: 200 });
    expect(listed).toHaveLength(200);
    expect(listed.every((c) => c.hasResponse && !('response' in c))).toBe(true);
    expect(reads.filter((c) => c === 'json' || c === 'exact')).toEqual([]);
    // The spy sees a read when there is one: the detail reads the response.
    expect(history.getDetail('c000')?.responseJson).toBe(JSON.stringify(big));
    expect(reads).toContain('json');
    db.setAuthorizer(null);
  });

  test('the byte budget prunes the oldest finished calls first and never a waiting one', () => {
    const history = open();
    const kb = (n: number) => ({ text: 'y'.repeat(n * 1024) });
    history.put(call('old-waiting', { state: 'waiting', createdAt: T - 1, response: kb(100) }));
    for (let i = 0; i < 10; i++) {
      history.put(call(`d${i}`, { state: 'done', createdAt: T + i, response: kb(100) }));
    }
    expect(history.bytes()).toBeGreaterThan(11 * 100 * 1024);
    const pruned = history.prune(1_000_000, true, 500 * 1024);
    expect(pruned).toBe(7);
    expect(history.bytes()).toBeLessThanOrEqual(500 * 1024);
    expect(
      history
        .list({ limit: 100 })
        .map((c) => c.id)
        .sort(),
    ).toEqual(['d7', 'd8', 'd9', 'old-waiting']);
    // Over budget with nothing finished left to prune but the call that ended last: it stays, as the waiting one does.
    expect(history.prune(1_000_000, true, 1)).toBe(2);
    expect(history.list().map((c) => c.id)).toEqual(['d9', 'old-waiting']);
    expect(history.get('old-waiting')?.response).toEqual(kb(100));
  });

  test('no prune removes the call that ended last, however large, nor one a window shows in another process, until that word is taken back or lapses', () => {
    const app = open();
    const cli = open();
    const kb = (n: number) => ({ text: 'y'.repeat(n * 1024) });
    app.put(call('shown', { state: 'done', createdAt: T, response: kb(100) }));
    app.showing('shown');
    for (let i = 0; i < 3; i++)
      cli.put(call(`d${i}`, { state: 'done', createdAt: T + 1 + i, response: kb(100) }));
    // Finished first but written last (a long run): the call that ended last.
    cli.put(call('big', { state: 'done', createdAt: T - 1, response: kb(600) }));
    const ids = () =>
      cli
        .list()
        .map((c) => c.id)
        .sort();
    expect(cli.prune(1_000_000, true, 500 * 1024)).toBe(3);
    expect(ids()).toEqual(['big', 'shown']);
    // The window's word lapses unless said again within VIEW_LEASE_MS, by the pruning process's clock.
    const later = CallHistory.open(historyFile(), new WarningLog(), () => Date.now() + VIEW_LEASE_MS);
    try {
      expect(later.prune(1_000_000, true, 500 * 1024)).toBe(1);
    } finally {
      later.close();
    }
    expect(ids()).toEqual(['big']);
    // Taken back (another call shown, or none): pruned at once.
    cli.put(call('next', { state: 'done', createdAt: T + 5, response: kb(1) }));
    app.showing('big');
    expect(cli.prune(1_000_000, true, 1)).toBe(0);
    app.showing(null);
    expect(cli.prune(1_000_000, true, 1)).toBe(1);
    expect(ids()).toEqual(['next']);
  });
});
