import { afterEach, describe, expect, test } from 'vitest';
import { LEARNED_GAP } from '../../src/core/tracker/gapBound.ts';
import { MIN_POLL_DELAY_MS } from '../../src/core/tracker/pollPolicy.ts';
import { DONE, openTrackerHarness, storedCall, type TrackerHarness } from '../support/trackerHarness.ts';

let h: TrackerHarness;
afterEach(() => h.close());

/** `count` calls of the robot that finished `runMs` after acceptance, as the history holds them. */
function finishedRuns(count: number, runMs: (i: number) => number, state: 'done' | 'failed' = 'done') {
  for (let i = 0; i < count; i++) {
    const acceptedAt = 100_000 + i * 200_000;
    h.history.put(
      storedCall(`past-${state}-${i}`, {
        state,
        webhookCallId: `wh-past-${i}`,
        acceptedAt,
        finishedAt: acceptedAt + runMs(i),
      }),
    );
  }
}

describe('the tracker learns run times', () => {
  test('with ten finished runs in the history, a call waits for the usual time instead of polling from the start', async () => {
    h = await openTrackerHarness();
    // 20 s to 29.5 s; a run cut short and one left all weekend among them.
    finishedRuns(20, (i) => 20_000 + i * 500);
    finishedRuns(2, (i) => (i === 0 ? 5 : 3 * 86_400_000), 'failed');
    // The harness's policy is the robots' setting, not the robot's own: learning applies.
    const call = await h.fire();
    expect(h.tracker.usualFor(call)?.text).toBe('usually done in 22–27 s');
    const times: number[] = [];
    h.client.answer = async () => {
      times.push(h.clock.now() - call.acceptedAt!);
      return { status: 'WAITING', response: undefined, hasResponse: false, body: { status: 'WAITING' } };
    };
    for (let i = 0; i < 8; i++) await h.pollOnce();
    // The first query on the policy (1 s jittered by one half), the next as the runs begin to end (within
    // the bound of the fastest), then where they end, within the bound of each other, never more than two in a second.
    expect(times[0]).toBe(500);
    expect(times[1]).toBeGreaterThanOrEqual(15_000);
    expect(times[1]).toBeLessThanOrEqual(20_000 + LEARNED_GAP.longestMs);
    for (let i = 2; i < times.length; i++) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(MIN_POLL_DELAY_MS);
      expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(LEARNED_GAP.longestMs);
    }
    for (let i = 3; i < times.length; i++) expect(times[i]! - times[i - 2]!).toBeGreaterThanOrEqual(1_000);
    expect(times[4]).toBeLessThan(30_000);
  });

  test('a robot that got faster: its calls waiting for their first query are asked sooner when runs ended before it', async () => {
    h = await openTrackerHarness();
    finishedRuns(20, (i) => 8_000 + i * 200);
    const call = await h.fire();
    const firstPlanned = h.tracker.live(call.id)!.nextPollAt! - call.acceptedAt!;
    expect(firstPlanned).toBeGreaterThan(8_000);
    h.clock.advance(5_000);
    // Other processes saw two calls done by their first query (at 7 s, learned as 7.1 s): more than these runs would.
    const faster = (id: string) => storedCall(id, { state: 'done', acceptedAt: 5, finishedAt: 7_105 });
    h.tracker.noticeChanges(
      ['fast-1', 'fast-2'].map((id) => ({
        call: faster(id),
        version: 2,
        holder: null,
        leaseUntil: 0,
        writer: 'other',
      })),
    );
    await h.settle();
    const times: number[] = [];
    h.client.answer = async () => {
      times.push(h.clock.now() - call.acceptedAt!);
      return DONE;
    };
    await h.pollOnce();
    expect(times).toHaveLength(1);
    expect(times[0]).toBeLessThan(firstPlanned - 2_000);
    // A call fired now is first asked where the faster runs begin, not at the old profile's first query.
    const next = await h.fire();
    expect(h.tracker.live(next.id)!.nextPollAt! - next.acceptedAt!).toBeLessThan(firstPlanned - 2_000);
  });

  test('below ten runs the call is polled on the policy', async () => {
    h = await openTrackerHarness();
    finishedRuns(9, () => 20_000);
    const call = await h.fire();
    expect(h.tracker.usualFor(call)).toBeUndefined();
    await h.pollOnce();
    // The policy's second wait (2 s jittered by one half), held to the one-second spacing.
    expect(h.untilNextPoll()).toBe(1_000);
  });

  test('calls finishing, here or in another process, are learned as they finish', async () => {
    h = await openTrackerHarness();
    finishedRuns(8, () => 10_000);
    expect(h.tracker.usualFor({ robotId: 'r1', presetId: null })).toBeUndefined();
    // One finishes here...
    h.client.answer = async () => DONE;
    const call = await h.fire();
    await h.pollOnce();
    expect(h.tracker.live(call.id)).toBeUndefined();
    // ...and one in another process, read from the change log.
    const elsewhere = storedCall('other-1', { state: 'done', acceptedAt: 5, finishedAt: 10_005 });
    h.tracker.noticeChanges([{ call: elsewhere, version: 2, holder: null, leaseUntil: 0, writer: 'other' }]);
    expect(h.tracker.usualFor({ robotId: 'r1', presetId: null })?.runs).toBe(10);
    // Seen again (its own write read back from the change log), it still counts once.
    h.tracker.noticeChanges([{ call: elsewhere, version: 3, holder: null, leaseUntil: 0, writer: 'other' }]);
    expect(h.tracker.usualFor({ robotId: 'r1', presetId: null })?.runs).toBe(10);
  });
});
