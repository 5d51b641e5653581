import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import type { QueryResult, TriggerResult } from '../../src/core/http/webhookClient.ts';
import { deferred, DONE, openTrackerHarness, robot, type TrackerHarness } from '../support/trackerHarness.ts';

/** Firing and polling, as the call tracker does them (see test/support/trackerHarness.ts). */
let h: TrackerHarness;
beforeEach(async () => {
  h = await openTrackerHarness();
});
afterEach(() => h.close());

describe('a poll that cannot look up its robot', () => {
  test('stays scheduled, with the failure on the call, and completes later', async () => {
    const call = await h.fire();
    h.lookupFails = new AppError('storage', "Robot Tray's database cannot be read (disk I/O error).");
    await h.pollOnce();
    const failed = h.history.get(call.id)!;
    expect(failed).toMatchObject({ state: 'waiting', pollCount: 1, error: { kind: 'storage' } });
    expect(h.client.queries).toHaveLength(0);
    h.lookupFails = undefined;
    h.client.answer = async () => DONE;
    await h.pollOnce();
    expect(h.history.get(call.id)).toMatchObject({ state: 'done', response: { ok: true } });
  });
});

describe('firing', () => {
  test('records the url it sent to, then watches the call from the first step of the policy', async () => {
    const call = await h.fire('GET', { n: 1 });
    expect(call).toMatchObject({ state: 'waiting', webhookCallId: 'wh-1' });
    expect(call.url).toBe('https://robots.example.com/main/public/webhook/request?n=1');
    expect(h.history.get(call.id)?.state).toBe('waiting');
    expect(h.untilNextPoll()).toBe(500);
  });

  test('fired for someone waiting on it, the call is asked about at once, then backs off from the first step', async () => {
    const call = await h.tracker.fire(robot, { method: 'POST', args: {} }, { pollAtOnce: true });
    expect(call.state).toBe('waiting');
    expect(h.untilNextPoll()).toBe(0);
    await h.pollOnce();
    expect(h.client.queries).toHaveLength(1);
    // The ask at once is not a backoff step: the next poll waits the policy's first delay.
    expect(h.untilNextPoll()).toBe(500);
    h.client.answer = async () => DONE;
    await h.pollOnce();
    expect(h.history.get(call.id)).toMatchObject({ state: 'done' });
  });

  test('the call is recorded and announced as sending before the service answers', async () => {
    const answer = deferred<TriggerResult>();
    h.client.trigger = () => answer.promise;
    const firing = h.fire();
    await h.settle();
    expect(h.tracker.live('call-1')?.state).toBe('sending');
    expect(h.history.get('call-1')?.state).toBe('sending');
    expect(h.changes.flat().map((c) => c.state)).toEqual(['sending']);
    answer.resolve({ webhookCallId: 'wh-x', status: 200, body: {} });
    expect((await firing).state).toBe('waiting');
  });

  test('a robot without a token is refused before anything is recorded or sent', async () => {
    const tokenless = { ...robot, id: 'r2', name: 'Payroll' };
    await expect(h.tracker.fire(tokenless, { method: 'POST', args: {} })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/^Robot "Payroll" has no token yet\. /),
    });
    expect(h.history.count()).toBe(0);
    expect(h.client.triggers).toEqual([]);
  });

  test('after close, firing is refused and nothing is sent', async () => {
    await h.tracker.close();
    await expect(h.fire()).rejects.toMatchObject({
      kind: 'internal',
      message: 'Robot Tray is shutting down; fire the robot again after restart.',
    });
    expect(h.client.triggers).toEqual([]);
  });

  test('close waits for a trigger in flight and writes its outcome', async () => {
    const answer = deferred<TriggerResult>();
    h.client.trigger = () => answer.promise;
    const firing = h.fire();
    await h.settle();
    const closing = h.tracker.close();
    answer.resolve({ webhookCallId: 'wh-late', status: 200, body: {} });
    await closing;
    expect((await firing).webhookCallId).toBe('wh-late');
    expect(h.history.get('call-1')).toMatchObject({ state: 'waiting', webhookCallId: 'wh-late' });
  });
});

describe('polling', () => {
  test('waits longer after each WAITING, as the policy says, then records DONE and stops', async () => {
    const call = await h.fire();
    const delays = [h.untilNextPoll()];
    for (let i = 0; i < 4; i++) {
      await h.pollOnce();
      delays.push(h.untilNextPoll());
    }
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect(h.tracker.live(call.id)?.pollCount).toBe(4);
    h.client.answer = async () => DONE;
    await h.pollOnce();
    expect(h.history.get(call.id)).toMatchObject({ state: 'done', response: { ok: true } });
    expect(h.tracker.live(call.id)).toBeUndefined();
    expect(h.clock.pendingTimers).toBe(0);
  });

  test('the mask of a call’s secrets is built once while it waits, and let go when it is done', async () => {
    const call = await h.fire();
    await h.pollOnce();
    const recorded = h.history.get(call.id)!;
    const waiting = await h.echo.maskFor(recorded);
    await h.pollOnce();
    expect(await h.echo.maskFor(recorded)).toBe(waiting);
    h.client.answer = async () => DONE;
    await h.pollOnce();
    expect(h.history.get(call.id)?.state).toBe('done');
    expect(await h.echo.maskFor(recorded)).not.toBe(waiting);
  });

  test('a call whose robot was deleted stops, saying why', async () => {
    const call = await h.fire();
    h.robots.delete('r1');
    await h.pollOnce();
    expect(h.history.get(call.id)).toMatchObject({
      state: 'stopped',
      timeline: expect.arrayContaining([
        expect.objectContaining({
          state: 'stopped',
          note: 'Its robot is no longer in Robot Tray (deleted, or its record could not be read), so watching stopped.',
        }),
      ]),
    });
    expect(h.client.queries).toEqual([]);
    expect(h.clock.pendingTimers).toBe(0);
  });

  test('an answer that arrives after the call was stopped changes nothing', async () => {
    const call = await h.fire();
    const answer = deferred<QueryResult>();
    h.client.answer = () => answer.promise;
    h.clock.runNext();
    await h.settle();
    expect(h.client.queries).toEqual(['wh-1']);
    h.tracker.stop(call.id);
    answer.resolve(DONE);
    await h.settle();
    expect(h.history.get(call.id)?.state).toBe('stopped');
    expect(h.clock.pendingTimers).toBe(0);
  });
});

describe('closing', () => {
  test('tells subscribers the last changes at once, and sends no poll after', async () => {
    const call = await h.fire();
    h.changes.length = 0;
    h.client.answer = async () => DONE;
    await h.tracker.close();
    // Told during close, not on a later tick that may never come.
    expect(h.changes.flat().map((c) => [c.id, c.state])).toEqual([[call.id, 'waiting']]);
    h.clock.advance(60_000);
    await h.settle();
    expect(h.client.queries).toEqual([]);
    expect(h.history.get(call.id)?.state).toBe('waiting');
  });
});

describe('the history limit', () => {
  test('finished calls beyond the limit in the settings are pruned as calls are written', async () => {
    h.settings = { ...h.settings, historyLimit: 10 };
    h.client.answer = async () => DONE;
    for (let i = 0; i < 20; i++) {
      await h.fire();
      await h.pollOnce();
    }
    expect(h.history.count()).toBeLessThanOrEqual(10 + 15);
    expect(h.history.count()).toBeLessThan(20);
  });
});
