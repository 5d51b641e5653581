import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { checkedText } from '../../src/shared/sentences/pollTrouble.ts';
import { DONE, openTrackerHarness, type TrackerHarness } from '../support/trackerHarness.ts';

/** "Check now" on a waiting call, as the window asks it (see test/support/trackerHarness.ts). */
let h: TrackerHarness;
beforeEach(async () => {
  h = await openTrackerHarness();
});
afterEach(() => h.close());

/** A call fired and asked about once, so its next automatic poll is some way off. */
async function waitingCall() {
  const call = await h.fire();
  await h.pollOnce();
  expect(h.untilNextPoll()).toBeGreaterThan(0);
  return h.tracker.live(call.id)!;
}

describe('check now', () => {
  test('asks the service at once, and resolves with when the next automatic check is', async () => {
    const call = await waitingCall();
    const checking = h.tracker.checkNow(call);
    await h.settle();
    // Due now, not at the poll it had planned.
    expect(h.untilNextPoll()).toBe(0);
    await h.pollOnce();
    expect(h.client.queries).toHaveLength(2);
    const checked = await checking;
    expect(checked).toMatchObject({ id: call.id, state: 'waiting', pollCount: 2 });
    // The next automatic check is planned, and the answer says when.
    expect(checked.nextPollAt).toBe(h.clock.nextDue());
    expect(checked.nextPollAt!).toBeGreaterThan(h.clock.now());
    expect(h.history.get(call.id)?.pollCount).toBe(2);
    expect(checkedText(checked, h.clock.now())).toMatch(
      /^Checked: still running; the next automatic check is in \d+ s\.$/,
    );
  });

  test('a run that ended is seen done by the check', async () => {
    const call = await waitingCall();
    h.client.answer = async () => DONE;
    const checking = h.tracker.checkNow(call);
    await h.settle();
    await h.pollOnce();
    const checked = await checking;
    expect(checked.state).toBe('done');
    expect(checkedText(checked, h.clock.now())).toBe('Checked: done.');
  });

  test('asks within the per-origin rate: right after a query it waits for the rate, not for the schedule', async () => {
    h.settings = { ...h.settings, queriesPerSecondPerOrigin: 1 };
    const fired = await waitingCall();
    await h.pollOnce();
    // Its next poll is two seconds off; the last query, just now.
    const planned = h.clock.nextDue()!;
    expect(planned - h.clock.now()).toBe(2_000);
    void h.tracker.checkNow(h.tracker.live(fired.id)!);
    await h.settle();
    // The query just sent holds the origin for a second from when it started.
    h.clock.advance(999);
    await h.settle();
    expect(h.client.queries).toHaveLength(2);
    h.clock.advance(1);
    await h.settle();
    expect(h.client.queries).toHaveLength(3);
    expect(h.clock.now()).toBeLessThan(planned);
  });

  test('only a waiting call can be checked', async () => {
    const call = await waitingCall();
    await expect(h.tracker.checkNow({ ...call, state: 'done' })).rejects.toMatchObject({
      kind: 'validation',
      message: 'Only a waiting call can be checked now; this one has ended.',
    });
  });
});
