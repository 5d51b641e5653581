import { beforeEach, describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { CallWriter, WRITE_AHEAD_WAIT_MS, type HistoryWrites } from '../../src/core/tracker/callWriter.ts';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import type { CommitResult } from '../../src/core/store/sharedWrites.ts';
import type { Call } from '../../src/shared/models/call.ts';
import type { Robot } from '../../src/shared/models/robot.ts';
import { FakeClock } from '../support/fakeClock.ts';

const robot = { id: 'robot-1', name: 'Echo' } as Robot;
const call = (id: string, extra: Partial<Call> = {}): Call => ({
  ...newCall(robot, { method: 'POST', args: { n: 1 } }, id, 1_000),
  ...extra,
});
const busy = () => new AppError('busy', 'The call history is locked by another process.');

/** A history that refuses writes while `failWith` is set, and records what it was given. */
class ScriptedHistory implements HistoryWrites {
  failWith: (() => Error) | undefined;
  pruneFails = false;
  readonly written: Call[] = [];
  readonly prunes: number[] = [];
  attempts = 0;
  commit(c: Call, expected: number): CommitResult {
    this.attempts++;
    if (this.failWith !== undefined) throw this.failWith();
    this.written.push(c);
    return { call: c, version: expected + 1, written: true, holder: null };
  }
  check(c: Call): void {
    if (JSON.stringify(c.response ?? null).includes('tooDeep')) {
      throw new AppError('validation', 'response: nested too deep');
    }
  }
  prune(limit: number): number {
    this.prunes.push(limit);
    if (this.pruneFails) throw new Error('disk full');
    return 0;
  }
}

describe('CallWriter', () => {
  let clock: FakeClock;
  let history: ScriptedHistory;
  let warnings: string[];
  let writer: CallWriter;
  beforeEach(() => {
    clock = new FakeClock(0);
    history = new ScriptedHistory();
    warnings = [];
    writer = new CallWriter({ history, clock, historyLimit: () => 500, warn: (m) => warnings.push(m) });
  });

  test('a written call is stored as is, and the history is pruned to the limit', () => {
    const c = call('a');
    expect(writer.write(c).call).toBe(c);
    expect(history.written).toEqual([c]);
    expect(history.prunes).toEqual([500]);
  });

  test('a failing prune does not fail the write', () => {
    history.pruneFails = true;
    const c = call('a');
    expect(writer.write(c).call).toBe(c);
    expect(writer.unsavedCount).toBe(0);
    expect(warnings).toEqual([]);
  });

  test('a response the history refuses is dropped, the call is kept with a warning saying why', () => {
    const stored = writer.write(call('a', { state: 'done', response: { tooDeep: true } })).call;
    expect(stored.response).toBeUndefined();
    expect(stored).toMatchObject({ id: 'a', state: 'done', args: { n: 1 } });
    expect(stored.warning).toMatch(/^The response could not be kept \(response: nested too deep\)\.$/);
    expect(history.written).toEqual([stored]);
  });

  test('a refused write is retried in the background, the latest record per call winning, with one warning', () => {
    history.failWith = busy;
    writer.write(call('a', { state: 'waiting' }));
    writer.write(call('b'));
    writer.write(call('a', { state: 'done' }));
    expect(writer.unsavedCount).toBe(2);
    expect(warnings).toEqual([
      'The call history is locked by another process. Robot Tray keeps retrying; no call is lost meanwhile.',
    ]);
    expect(clock.pendingTimers).toBe(1);
    history.failWith = undefined;
    clock.runNext();
    expect(history.written.map((c) => [c.id, c.state])).toEqual([
      ['b', 'sending'],
      ['a', 'done'],
    ]);
    expect(writer.unsavedCount).toBe(0);
    expect(history.prunes).toEqual([500]);
    expect(clock.pendingTimers).toBe(0);
  });

  test('retries wait longer each time, up to 5 s, and start again short after a success', () => {
    history.failWith = busy;
    writer.write(call('a'));
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      const before = clock.now();
      clock.runNext();
      delays.push(clock.now() - before);
    }
    expect(delays).toEqual([50, 100, 250, 500, 1_000, 2_000, 5_000, 5_000, 5_000]);
    history.failWith = undefined;
    clock.runNext();
    expect(writer.unsavedCount).toBe(0);
    // A new failure after the history recovered: announced again, retried soon.
    history.failWith = busy;
    writer.write(call('b'));
    expect(warnings).toHaveLength(2);
    expect(clock.nextDue()! - clock.now()).toBe(50);
  });

  test('a write while a retry is pending does not arm a second timer', () => {
    history.failWith = busy;
    writer.write(call('a'));
    writer.write(call('b'));
    expect(clock.pendingTimers).toBe(1);
  });

  test('flush at close writes what it can and says how many changes it could not', () => {
    history.failWith = busy;
    writer.write(call('a'));
    writer.write(call('b'));
    writer.flush();
    expect(clock.pendingTimers).toBe(0);
    expect(warnings.at(-1)).toBe(
      '2 call change(s) could not be written to the history before closing; those calls may show an older state next time.',
    );
    history.failWith = undefined;
    writer.flush();
    expect(history.written.map((c) => c.id)).toEqual(['a', 'b']);
    expect(writer.unsavedCount).toBe(0);
    expect(warnings).toHaveLength(2);
  });

  describe('writeAhead: the record of a trigger before it is sent', () => {
    /** Runs the clock's timers until `promise` settles. */
    async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: AppError }> {
      let outcome: { value?: T; error?: AppError } | undefined;
      promise.then(
        (value) => (outcome = { value }),
        (error: unknown) => (outcome = { error: error as AppError }),
      );
      for (let turn = 0; outcome === undefined && turn < 1_000; turn++) {
        await new Promise((resolve) => setImmediate(resolve));
        if (outcome === undefined && clock.pendingTimers > 0) clock.runNext();
      }
      return outcome!;
    }

    test('waits out a lock that clears, then writes', async () => {
      let refusals = 3;
      history.failWith = () => {
        if (--refusals === 0) history.failWith = undefined;
        return busy();
      };
      const c = call('a');
      const { value } = await settle(writer.writeAhead(c, 1).then((r) => r.call));
      expect(value).toBe(c);
      expect(history.written).toEqual([c]);
      expect(clock.now()).toBe(50 + 100 + 250);
    });

    test('gives up on a lock that holds past the wait: busy, nothing sent', async () => {
      history.failWith = busy;
      const { error } = await settle(writer.writeAhead(call('a'), 1).then((r) => r.call));
      expect(error).toMatchObject({ kind: 'busy' });
      expect(error!.message).toBe('The call history is locked by another process. Nothing was sent.');
      expect(clock.now()).toBeLessThanOrEqual(WRITE_AHEAD_WAIT_MS);
      expect(clock.now()).toBeGreaterThan(WRITE_AHEAD_WAIT_MS - 2_000);
    });

    test('a storage failure that may pass is retried; one that will not fails at once', async () => {
      let refusals = 1;
      history.failWith = () => {
        if (--refusals === 0) history.failWith = undefined;
        return new AppError('storage', 'The disk is full.');
      };
      expect((await settle(writer.writeAhead(call('a'), 1).then((r) => r.call))).value?.id).toBe('a');

      history.failWith = () => new AppError('storage', 'The data folder is read-only.', { permanent: true });
      const before = history.attempts;
      const { error } = await settle(writer.writeAhead(call('b'), 1).then((r) => r.call));
      expect(error).toMatchObject({
        kind: 'storage',
        message: 'The data folder is read-only. Nothing was sent.',
      });
      expect(history.attempts - before).toBe(1);
    });

    test('an unexpected error is a storage failure, never retried', async () => {
      history.failWith = () => new TypeError('boom');
      const { error } = await settle(writer.writeAhead(call('a'), 1).then((r) => r.call));
      expect(error).toMatchObject({ kind: 'storage' });
      expect(error!.message).toMatch(/Nothing was sent\.$/);
      expect(history.attempts).toBe(1);
    });

    test('a response the history refuses is dropped before the write, as for write()', async () => {
      const { value } = await settle(
        writer.writeAhead(call('a', { response: { tooDeep: true } }), 1).then((r) => r.call),
      );
      expect(value?.response).toBeUndefined();
      expect(value?.warning).toContain('could not be kept');
    });
  });
});
