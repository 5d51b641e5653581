import { describe, expect, test } from 'vitest';
import type { CallSummary } from '../../src/shared/models/callSummary.ts';
import type { Preset } from '../../src/shared/models/preset.ts';
import type { RobotView } from '../../src/shared/models/robotView.ts';
import {
  applyCallChanges,
  applyCallsRemoved,
  emptyCalls,
  lastCallOf,
  mergeCalls,
} from '../../src/renderer/src/stores/reducers/calls.ts';
import {
  dropId,
  groupPresets,
  moveId,
  reconcileSelection,
  sortRobots,
  upsertRobot,
} from '../../src/renderer/src/stores/reducers/catalog.ts';

function summary(id: string, over: Partial<CallSummary> = {}): CallSummary {
  return {
    id,
    robotId: 'r1',
    robotName: 'Robot',
    presetId: null,
    presetName: null,
    method: 'POST',
    state: 'waiting',
    webhookCallId: null,
    url: null,
    rawStatus: null,
    warning: null,
    error: null,
    notifyOnFinish: false,
    createdAt: 1000,
    sentAt: null,
    acceptedAt: null,
    lastPolledAt: null,
    nextPollAt: null,
    finishedAt: null,
    watchUntil: null,
    pollCount: 0,
    timeline: [{ at: 1000, state: 'sending' }],
    hasResponse: false,
    ...over,
  };
}

function robot(id: string, name: string): RobotView {
  return {
    id,
    name,
    baseUrl: 'https://x.example',
    notes: '',
    pollPolicy: {},
    sendTokenOnQuery: true,
    allowInsecureHttp: false,
    confirmBeforeFiring: false,
    tokenUpdatedAt: null,
    tokenOrigin: null,
    caFile: null,
    pinnedCertSha256: null,
    pinnedCertOrigin: null,
    createdAt: 0,
    updatedAt: 0,
    hasToken: false,
    tokenSuspended: null,
  };
}

function preset(id: string, robotId: string, order: number): Preset {
  return {
    id,
    robotId,
    name: id,
    method: 'POST',
    args: {},
    fields: [],
    pinnedToTray: false,
    notifyOnFinish: true,
    order,
    createdAt: 0,
    updatedAt: 0,
  };
}

describe('calls reducer', () => {
  test('a calls.changed event adds new calls newest first and replaces known ones', () => {
    let state = applyCallChanges(emptyCalls, [
      { call: summary('a', { createdAt: 1 }), from: null },
      { call: summary('b', { createdAt: 2 }), from: null },
    ]);
    expect(state.order).toEqual(['b', 'a']);
    state = applyCallChanges(state, [
      { call: summary('a', { createdAt: 1, state: 'done' }), from: 'waiting' },
    ]);
    expect(state.byId.get('a')!.state).toBe('done');
    expect(state.order).toEqual(['b', 'a']);
  });

  test('calls joining a long history land where a full sort puts them; updates leave the order alone', () => {
    // Created-at times with ties, so the id must break them the same way every time.
    const at = (i: number) => Math.floor((i * 7919) % 500);
    let state = applyCallChanges(
      emptyCalls,
      Array.from({ length: 300 }, (_, i) => ({ call: summary(`c${i}`, { createdAt: at(i) }), from: null })),
    );
    const joining = Array.from({ length: 40 }, (_, i) => summary(`n${i}`, { createdAt: at(i * 13 + 5) }));
    state = applyCallChanges(
      state,
      joining.map((call) => ({ call, from: null })),
    );
    const all = [...state.byId.values()];
    expect(all).toHaveLength(340);
    const sorted = [...all]
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
      .map((c) => c.id);
    expect(state.order).toEqual(sorted);

    const polled = applyCallChanges(state, [
      { call: summary('c7', { createdAt: at(7), pollCount: 3 }), from: 'waiting' },
    ]);
    expect(polled.byId.get('c7')!.pollCount).toBe(3);
    expect(polled.order).toBe(state.order);
  });

  test('a full timeline still tells a stop from a poll that came before it', () => {
    const entries = (last: { at: number; state: CallSummary['state'] }) => [
      { at: 1, state: 'sending' as const },
      ...Array.from({ length: 22 }, (_, i) => ({ at: 10 + i, state: 'waiting' as const })),
      last,
    ];
    const stopped = summary('a', {
      state: 'stopped',
      pollCount: 40,
      timeline: entries({ at: 90, state: 'stopped' }),
    });
    const polled = summary('a', {
      state: 'waiting',
      pollCount: 40,
      timeline: entries({ at: 80, state: 'waiting' }),
    });
    expect(stopped.timeline).toHaveLength(24);
    const state = applyCallChanges(emptyCalls, [{ call: stopped, from: 'waiting' }]);
    expect(applyCallChanges(state, [{ call: polled, from: null }]).byId.get('a')!.state).toBe('stopped');
  });

  test('a calls.changed event never rolls a call back to an older summary', () => {
    const fresh = applyCallChanges(emptyCalls, [{ call: summary('a', { pollCount: 4 }), from: null }]);
    const stale = applyCallChanges(fresh, [{ call: summary('a', { pollCount: 2 }), from: 'waiting' }]);
    expect(stale.byId.get('a')!.pollCount).toBe(4);
  });

  test('an answer that raced a later event never rolls a call back', () => {
    const done = summary('a', {
      state: 'done',
      timeline: [
        { at: 1, state: 'sending' },
        { at: 2, state: 'waiting' },
        { at: 3, state: 'done' },
      ],
    });
    const state = applyCallChanges(emptyCalls, [{ call: done, from: 'waiting' }]);
    const stale = summary('a', {
      state: 'waiting',
      timeline: [
        { at: 1, state: 'sending' },
        { at: 2, state: 'waiting' },
      ],
    });
    expect(mergeCalls(state, [stale]).byId.get('a')!.state).toBe('done');
    expect(mergeCalls(emptyCalls, [stale]).byId.get('a')!.state).toBe('waiting');
  });

  test('calls.removed drops ids, and with finishedOf only finished calls of that robot', () => {
    const state = mergeCalls(emptyCalls, [
      summary('w1', { state: 'waiting', robotId: 'r1' }),
      summary('d1', { state: 'done', robotId: 'r1' }),
      summary('d2', { state: 'rejected', robotId: 'r2' }),
      summary('x', { state: 'done', robotId: 'r2' }),
    ]);
    const byRobot = applyCallsRemoved(state, { ids: [], finishedOf: { robotId: 'r1' } });
    expect([...byRobot.byId.keys()].sort()).toEqual(['d2', 'w1', 'x']);
    const all = applyCallsRemoved(state, { ids: ['w1'], finishedOf: { robotId: null } });
    expect(all.order).toEqual([]);
    const one = applyCallsRemoved(state, { ids: ['x'], finishedOf: null });
    expect(one.order).not.toContain('x');
    expect(one.order).toHaveLength(3);
    expect(applyCallsRemoved(state, { ids: ['nope'], finishedOf: null })).toBe(state);
  });

  test('the last call of a robot is its newest', () => {
    const state = mergeCalls(emptyCalls, [
      summary('old', { createdAt: 1 }),
      summary('new', { createdAt: 5 }),
      summary('other', { createdAt: 9, robotId: 'r2' }),
    ]);
    expect(lastCallOf(state, 'r1')?.id).toBe('new');
    expect(lastCallOf(state, 'r3')).toBeUndefined();
    // A robot with no call: answered without a pass over the calls.
    const noPass = {
      ...state,
      order: {
        [Symbol.iterator]: () => {
          throw new Error('a pass over every call');
        },
      } as unknown as string[],
    };
    expect(lastCallOf(noPass, 'r3')).toBeUndefined();
    const gone = applyCallsRemoved(state, { ids: ['other'], finishedOf: null });
    expect(lastCallOf({ ...gone, order: noPass.order }, 'r2')).toBeUndefined();
  });
});

describe('catalog reducers', () => {
  test('robots sort by name regardless of case, and an upsert replaces in place', () => {
    const robots = sortRobots([robot('1', 'beta'), robot('2', 'Alpha'), robot('3', 'gamma')]);
    expect(robots.map((r) => r.name)).toEqual(['Alpha', 'beta', 'gamma']);
    const renamed = upsertRobot(robots, robot('3', 'aardvark'));
    expect(renamed.map((r) => r.id)).toEqual(['3', '2', '1']);
  });

  test('presets group by robot in their saved order', () => {
    const groups = groupPresets([preset('c', 'r1', 2), preset('a', 'r1', 0), preset('z', 'r2', 0)]);
    expect(groups['r1']!.map((p) => p.id)).toEqual(['a', 'c']);
    expect(groups['r2']!.map((p) => p.id)).toEqual(['z']);
  });

  test('the selection survives while its robot exists, else falls to the first robot', () => {
    const robots = [robot('1', 'a'), robot('2', 'b')];
    expect(reconcileSelection('2', robots)).toBe('2');
    expect(reconcileSelection('gone', robots)).toBe('1');
    expect(reconcileSelection(null, [])).toBeNull();
  });

  test('moving by keyboard stops at the ends; dropping moves onto the target place', () => {
    expect(moveId(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(dropId(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(dropId(['a', 'b', 'c', 'd'], 'd', 'a')).toEqual(['d', 'a', 'b', 'c']);
    expect(dropId(['a', 'b'], 'a', 'zzz')).toEqual(['a', 'b']);
  });
});
