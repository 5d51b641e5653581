import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { CommitResult } from '../../src/core/store/sharedWrites.ts';
import type { CallHistory } from '../../src/core/store/callHistory.ts';
import { CallWriter } from '../../src/core/tracker/callWriter.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { historyConnections } from '../support/historyConnections.ts';
import { DONE, openTrackerHarness, storedCall, type TrackerHarness } from '../support/trackerHarness.ts';

/**
 * The history writes made within one tick go in together, in one
 * transaction at its end; nobody hears of a change before it is stored.
 */
const histories = historyConnections('robot-tray-batch-');
const open = histories.open;

const waiting = (id: string, extra: Partial<Call> = {}) =>
  storedCall(id, { state: 'waiting', webhookCallId: `wh-${id}`, ...extra });

function writerOver(history: CallHistory, clock = new FakeClock(0), warnings: string[] = []) {
  return new CallWriter({ history, clock, historyLimit: () => 1_000, warn: (m) => warnings.push(m) });
}

/** Queues a write and hands back what the history held once it was in. */
const enqueue = (writer: CallWriter, call: Call, expected = 0, lease: number | undefined = 5_000) =>
  new Promise<CommitResult>((done) => writer.enqueue(call, expected, lease, done));

describe('a tick’s writes', () => {
  test('land in one transaction at the end of the tick, in order, and another process sees every one', async () => {
    const app = open();
    const cli = open();
    const commitAll = vi.spyOn(app.writes, 'commitAll');
    const writer = writerOver(app);
    const first = enqueue(writer, waiting('a'));
    const second = enqueue(writer, waiting('b'));
    // Nothing is written while the tick runs.
    expect(cli.get('a')).toBeUndefined();
    const [a, b] = await Promise.all([first, second]);
    expect(commitAll).toHaveBeenCalledTimes(1);
    expect(commitAll.mock.calls[0]![0].map((w) => w.call.id)).toEqual(['a', 'b']);
    expect([a.written, b.written]).toEqual([true, true]);
    expect(cli.get('a')?.state).toBe('waiting');
    expect(cli.get('b')?.state).toBe('waiting');
    // In order in the change log, as if written one by one.
    const { changes } = cli.writes.changesSince(0);
    expect(changes.map((c) => c.call.id)).toEqual(['a', 'b']);
  });

  test('each write of a batch keeps compare-and-set: a stale one gets the truer record, the rest go in', async () => {
    const app = open();
    const cli = open();
    app.commit(waiting('a'), 0, 5_000);
    // The CLI saw the call end while the app's poll answer was on its way.
    cli.commit(waiting('a', { state: 'done' }), 1, 0);
    const writer = writerOver(app);
    const [stale, fresh] = await Promise.all([
      enqueue(writer, waiting('a', { pollCount: 3 }), 1),
      enqueue(writer, waiting('b')),
    ]);
    expect(stale).toMatchObject({ written: false, call: { state: 'done' } });
    expect(fresh).toMatchObject({ written: true, version: 1 });
    expect(cli.get('a')?.state).toBe('done');
    // A final state queued after a stale waiting one still wins over it, in the same batch.
    app.commit(waiting('c'), 0, 5_000);
    const [, ended] = await Promise.all([
      enqueue(writer, waiting('c', { pollCount: 1 }), 1),
      enqueue(writer, waiting('c', { state: 'expired' }), 1, 0),
    ]);
    expect(ended).toMatchObject({ written: true });
    expect(cli.get('c')?.state).toBe('expired');
  });

  test('a batch refused by another process’s lock is written one by one once the lock clears, none lost', async () => {
    const app = open();
    const clock = new FakeClock(0);
    const warnings: string[] = [];
    const writer = writerOver(app, clock, warnings);
    const lock = new DatabaseSync(histories.file);
    lock.exec('BEGIN IMMEDIATE');
    const results = await Promise.all([enqueue(writer, waiting('a')), enqueue(writer, waiting('b'))]);
    // Told as written (it lands later, by the same rules), with one warning.
    expect(results.map((r) => r.written)).toEqual([true, true]);
    expect(writer.unsavedCount).toBe(2);
    expect(warnings).toHaveLength(1);
    lock.exec('ROLLBACK');
    lock.close();
    expect(clock.runNext()).toBe(true);
    expect(writer.unsavedCount).toBe(0);
    const cli = open();
    expect([cli.get('a')?.state, cli.get('b')?.state]).toEqual(['waiting', 'waiting']);
  });

  test('a write made now goes in after the ones queued this tick, never before them', async () => {
    const app = open();
    const writer = writerOver(app);
    app.commit(waiting('a'), 0, 5_000);
    const queued = enqueue(writer, waiting('a', { pollCount: 1 }), 1);
    // Stopped by the person in the same tick: written at once, after the queued poll.
    const stopped = writer.write(waiting('a', { state: 'stopped' }), 2, 0);
    expect(stopped).toMatchObject({ written: true, version: 3 });
    expect((await queued).version).toBe(2);
    expect(open().get('a')?.state).toBe('stopped');
  });
});

describe('through the tracker', () => {
  let h: TrackerHarness;
  beforeEach(async () => {
    h = await openTrackerHarness();
  });
  afterEach(() => h.close());

  test('fire resolves only once its call is in the history: a crash right after loses nothing it reported', async () => {
    const other = open(h.historyFile);
    const fired = await h.fire();
    // Read by another connection at once, as a process opening the file after a crash would.
    expect(other.get(fired.id)).toMatchObject({ state: 'waiting', webhookCallId: fired.webhookCallId });
  });

  test('a final state is announced only once it is stored, and polls answered in one tick share a transaction', async () => {
    const other = open(h.historyFile);
    const calls = await Promise.all([h.fire(), h.fire(), h.fire()]);
    const seenDone: Array<string | undefined> = [];
    h.tracker.subscribe((changed) => {
      for (const c of changed) if (c.state === 'done') seenDone.push(other.get(c.id)?.state);
    });
    const commitAll = vi.spyOn(h.history.writes, 'commitAll');
    h.client.answer = async () => DONE;
    // The three polls fall due together: their answers are written together.
    h.clock.advance(h.clock.nextDue()! - h.clock.now());
    await h.settle();
    expect(seenDone).toEqual(['done', 'done', 'done']);
    expect(commitAll).toHaveBeenCalledTimes(1);
    expect(commitAll.mock.calls[0]![0].map((w) => w.call.id).sort()).toEqual(calls.map((c) => c.id).sort());
  });

  test('an answer for a call another process forgot meanwhile is neither written nor announced', async () => {
    const other = open(h.historyFile);
    const fired = await h.fire();
    await h.settle();
    other.delete(fired.id);
    h.changes.length = 0;
    await h.pollOnce();
    expect(h.changes.flat().map((c) => c.id)).not.toContain(fired.id);
    expect(h.tracker.live(fired.id)).toBeUndefined();
    expect(h.history.get(fired.id)).toBeUndefined();
  });
});
