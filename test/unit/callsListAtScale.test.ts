import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { callStates, type CallState } from '../../src/shared/models/call.ts';
import type { CallSummary } from '../../src/shared/models/callSummary.ts';
import {
  countByState,
  filteredIds,
  noFilter,
} from '../../src/renderer/src/features/calls/model/callsFilter.ts';
import { countsFor } from '../../src/renderer/src/stores/reducers/callCounts.ts';
import { ShardedMap } from '../../src/renderer/src/stores/reducers/shardedMap.ts';
import {
  applyCallChanges,
  applyCallsRemoved,
  emptyCalls,
  mergeCalls,
  type CallsData,
} from '../../src/renderer/src/stores/reducers/calls.ts';

/**
 * The calls list over a 100,000-call history at 2,000 call changes a second
 * (issue 23): what the store keeps as calls change must be what a pass over
 * the whole history would give, without that pass.
 */
function summary(
  id: string,
  robotId: string,
  state: CallState,
  createdAt: number,
  at: number,
  polls: number,
) {
  return {
    id,
    robotId,
    robotName: robotId,
    presetId: null,
    presetName: null,
    method: 'POST',
    state,
    webhookCallId: null,
    url: null,
    rawStatus: null,
    warning: null,
    error: null,
    notifyOnFinish: false,
    createdAt,
    sentAt: null,
    acceptedAt: null,
    lastPolledAt: null,
    nextPollAt: null,
    finishedAt: null,
    watchUntil: null,
    pollCount: polls,
    timeline: [{ at, state }],
    hasResponse: false,
  } as CallSummary;
}

const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const robots = ['r1', 'r2', 'r3'];
/** A call's creation time follows from its id: a call's place never changes. */
const call = fc
  .record({
    id: fc.constantFrom(...ids),
    robot: fc.constantFrom(...robots),
    state: fc.constantFrom(...callStates),
    at: fc.nat({ max: 50 }),
    polls: fc.nat({ max: 5 }),
  })
  .map(({ id, robot, state, at, polls }) => summary(id, robot, state, ids.indexOf(id) % 3, at, polls));

const step = fc.oneof(
  fc.array(call, { maxLength: 6 }).map((calls) => (s: CallsData) => mergeCalls(s, calls)),
  fc.array(call, { maxLength: 6 }).map(
    (calls) => (s: CallsData) =>
      applyCallChanges(
        s,
        calls.map((c) => ({ call: c, from: null })),
      ),
  ),
  fc.record({ gone: fc.subarray(ids), finished: fc.constantFrom(null, 'r1', 'all') }).map(
    ({ gone, finished }) =>
      (s: CallsData) =>
        applyCallsRemoved(s, {
          ids: gone,
          finishedOf: finished === null ? null : { robotId: finished === 'all' ? null : finished },
        }),
  ),
);

describe('the calls list kept as calls change', () => {
  test('its order and its counts by state are those a pass over every call gives', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        let state = emptyCalls;
        for (const apply of steps) state = apply(state);
        const sorted = [...state.byId.values()]
          .sort((x, y) => y.createdAt - x.createdAt || (x.id < y.id ? 1 : -1))
          .map((c) => c.id);
        expect(state.order).toEqual(sorted);
        for (const robot of [null, ...robots]) {
          expect(countsFor(state.counts, robot)).toEqual(countByState(state.order, state.byId, robot));
        }
      }),
      { numRuns: 500 },
    );
  });

  test('a poll that changes no state leaves the counts and the order as they were, and no filter copies the list', () => {
    const calls = Array.from({ length: 1000 }, (_, i) =>
      summary(`c${i}`, robots[i % 3]!, 'waiting', i, 1, 0),
    );
    const state = mergeCalls(emptyCalls, calls);
    const polled = applyCallChanges(state, [{ call: summary('c5', 'r3', 'waiting', 5, 2, 1), from: null }]);
    expect(polled.byId.get('c5')!.pollCount).toBe(1);
    expect(polled.counts).toBe(state.counts);
    expect(polled.order).toBe(state.order);
    expect(filteredIds(polled.order, polled.byId, noFilter)).toBe(polled.order);
    const done = applyCallChanges(polled, [{ call: summary('c5', 'r3', 'done', 5, 3, 2), from: null }]);
    expect(countsFor(done.counts, 'r3')).toMatchObject({ waiting: 332, done: 1 });
    expect(countsFor(done.counts, null)).toMatchObject({ waiting: 999, done: 1 });
  });
});

describe('the calls by id, shared between versions', () => {
  test('each version holds exactly what a Map given the same entries holds, and earlier versions stay as they were', () => {
    const batch = fc.array(fc.tuple(fc.string({ maxLength: 4 }), fc.nat()), { maxLength: 20 });
    fc.assert(
      fc.property(fc.array(batch, { maxLength: 8 }), (batches) => {
        let map = ShardedMap.empty<number>();
        const plain = new Map<string, number>();
        const versions: Array<[ShardedMap<number>, Array<[string, number]>]> = [];
        for (const entries of batches) {
          map = map.with(entries);
          for (const [k, v] of entries) plain.set(k, v);
          versions.push([map, [...plain.entries()]]);
        }
        for (const [version, expected] of versions) {
          expect(version.size).toBe(expected.length);
          expect(new Map(version.entries())).toEqual(new Map(expected));
          for (const [k, v] of expected) expect([version.has(k), version.get(k)]).toEqual([true, v]);
        }
        expect(map.get('not a key at all')).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
