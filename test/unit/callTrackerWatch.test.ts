import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type { TriggerResult } from '../../src/core/http/webhookClient.ts';
import {
  deferred,
  DONE,
  openTrackerHarness,
  storedCall,
  type TrackerHarness,
} from '../support/trackerHarness.ts';

/** Which calls the tracker watches: stop, resume, adopt, a restart (see test/support/trackerHarness.ts). */
let h: TrackerHarness;
beforeEach(async () => {
  h = await openTrackerHarness();
});
afterEach(() => h.close());

describe('stop, resume and adopt', () => {
  test('stop: a waiting call stops with the reason, and is no longer polled', async () => {
    const call = await h.fire();
    const stopped = h.tracker.stop(call.id);
    expect(stopped.state).toBe('stopped');
    expect(stopped.timeline.at(-1)).toMatchObject({ state: 'stopped', note: 'Stopped by you.' });
    expect(h.history.get(call.id)?.state).toBe('stopped');
    expect(h.clock.pendingTimers).toBe(0);
    expect(() => h.tracker.stop(call.id)).toThrow(
      expect.objectContaining({ kind: 'validation', message: 'Only a call that is waiting can be stopped.' }),
    );
    expect(() => h.tracker.stop('no-such-call')).toThrow(/Only a call that is waiting can be stopped/);
  });

  test('resume: watched again from the first step; twice at once, the first wins', async () => {
    const call = await h.fire();
    await h.pollOnce();
    const stopped = h.tracker.stop(call.id);
    const [first, second] = await Promise.all([h.tracker.resume(stopped), h.tracker.resume(stopped)]);
    expect(first.state).toBe('waiting');
    expect(second).toBe(h.tracker.live(call.id));
    expect(h.untilNextPoll()).toBe(500);
    await h.pollOnce();
    expect(h.client.queries).toEqual(['wh-1', 'wh-1']);
  });

  test('resume: refused for a call that is not stopped, or whose robot is gone', async () => {
    const call = await h.fire();
    h.client.answer = async () => DONE;
    await h.pollOnce();
    const done = h.history.get(call.id)!;
    await expect(h.tracker.resume(done)).rejects.toBeInstanceOf(AppError);
    const other = await h.fire();
    const stopped = h.tracker.stop(other.id);
    h.robots.delete('r1');
    await expect(h.tracker.resume(stopped)).rejects.toMatchObject({
      kind: 'not-found',
      message: 'The robot of this call was deleted, so it cannot be resumed.',
    });
    expect(h.tracker.live(other.id)).toBeUndefined();
  });

  test('adopt: a waiting call is watched once; a finished one is returned as is and not polled', async () => {
    const waiting = storedCall('cli-1', { state: 'waiting', webhookCallId: 'wh-cli' });
    h.history.put(waiting);
    const adopted = h.tracker.adopt(waiting);
    expect(adopted).toEqual(waiting);
    expect(h.tracker.adopt({ ...waiting })).toBe(adopted);
    const done = storedCall('cli-2', { state: 'done' });
    expect(h.tracker.adopt(done)).toBe(done);
    expect(h.tracker.live('cli-2')).toBeUndefined();
    await h.pollOnce();
    expect(h.client.queries).toEqual(['wh-cli']);
  });

  test('adoptWaitingFromHistory: takes the calls nobody watches, once, and announces them; another process keeps its own', async () => {
    const mine = await h.fire();
    const other = CallHistory.open(h.historyFile, new WarningLog());
    try {
      h.history.put(storedCall('cli-1', { state: 'waiting', webhookCallId: 'wh-cli' }));
      h.history.put(storedCall('cli-2'));
      other.put(storedCall('theirs', { state: 'waiting', webhookCallId: 'wh-theirs' }));
      expect(other.leases.takeLease('theirs', h.clock.now() + 30_000, new Map())).toBeDefined();
      await h.settle();
      h.changes.length = 0;
      expect(h.tracker.adoptWaitingFromHistory().map((c) => c.id)).toEqual(['cli-1']);
      expect(h.tracker.adoptWaitingFromHistory()).toEqual([]);
      await h.settle();
      // cli-2 was caught sending by a process that is gone (nobody holds it): unknown.
      expect(h.changes.flat().map((c) => [c.id, c.state])).toEqual([
        ['cli-2', 'unknown'],
        ['cli-1', 'waiting'],
      ]);
      expect(h.tracker.live(mine.id)?.state).toBe('waiting');
      expect(h.tracker.live('theirs')).toBeUndefined();
    } finally {
      other.close();
    }
  });
});

describe('another process wrote first', () => {
  test('a poll whose expired would replace the DONE another process stored loses: the DONE is adopted, announced, and polling stops', async () => {
    const call = await h.fire();
    const other = CallHistory.open(h.historyFile, new WarningLog());
    try {
      // Another process (its lease lapsed here, say) stored the run's DONE, with its response.
      other.put({ ...call, state: 'done', response: { invoice: 'INV-7' }, finishedAt: h.clock.now() });
    } finally {
      other.close();
    }
    // The service handed the result out once: this process's poll gets a 404.
    h.client.answer = async () => {
      throw new AppError('http', 'Not found', { status: 404 });
    };
    await h.settle();
    h.changes.length = 0;
    await h.pollOnce();
    expect(h.changes.flat().map((c) => [c.id, c.state])).toEqual([[call.id, 'done']]);
    expect(h.changes.flat()[0]?.response).toEqual({ invoice: 'INV-7' });
    expect(h.history.get(call.id)).toMatchObject({ state: 'done', response: { invoice: 'INV-7' } });
    expect(h.tracker.live(call.id)).toBeUndefined();
    expect(h.clock.pendingTimers).toBe(0);
  });
});

describe('after a restart', () => {
  test('a call caught sending becomes unknown; a waiting one is polled again; one being sent now is left alone', async () => {
    h.history.put(storedCall('old-sending'));
    h.history.put(
      storedCall('old-waiting', {
        state: 'waiting',
        webhookCallId: 'wh-old',
        nextPollAt: h.clock.now() + 2_000,
      }),
    );
    const answer = deferred<TriggerResult>();
    h.client.trigger = () => answer.promise;
    const firing = h.fire();
    await h.settle();
    h.tracker.start();
    expect(h.history.get('old-sending')).toMatchObject({ state: 'unknown' });
    expect(h.history.get('old-sending')?.timeline.at(-1)?.note).toBe(
      'Robot Tray stopped while this trigger was being sent; it may have started.',
    );
    expect(h.tracker.live('call-1')?.state).toBe('sending');
    expect(h.untilNextPoll()).toBe(2_000);
    await h.pollOnce();
    expect(h.client.queries).toEqual(['wh-old']);
    answer.resolve({ webhookCallId: 'wh-new', status: 200, body: {} });
    expect((await firing).state).toBe('waiting');
  });
});
