import { describe, expect, test } from 'vitest';
import type { CallSummary } from '../../src/shared/models/callSummary.ts';
import {
  countByState,
  filteredIds,
  matchesFilter,
  noFilter,
  toggleState,
} from '../../src/renderer/src/features/calls/model/callsFilter.ts';
import {
  durationOf,
  formatSpan,
  untilNextPoll,
} from '../../src/renderer/src/features/calls/model/callTiming.ts';
import { requestAsSent, TOKEN_DOTS } from '../../src/renderer/src/features/calls/model/requestAsSent.ts';
import { diffJson, diffTexts, previousRunOf } from '../../src/shared/responseDiff.ts';

function summary(id: string, over: Partial<CallSummary> = {}): CallSummary {
  return {
    id,
    robotId: 'r1',
    robotName: 'Invoices',
    presetId: 'p1',
    presetName: 'Nightly',
    method: 'POST',
    state: 'done',
    webhookCallId: `wh-${id}`,
    url: 'https://robots.example.com/webhook',
    rawStatus: null,
    warning: null,
    error: null,
    notifyOnFinish: false,
    createdAt: 1000,
    sentAt: 1000,
    acceptedAt: 1100,
    lastPolledAt: null,
    nextPollAt: null,
    finishedAt: null,
    watchUntil: null,
    pollCount: 0,
    timeline: [],
    hasResponse: true,
    ...over,
  };
}

describe('the calls filter', () => {
  const calls = new Map(
    [
      summary('a', { state: 'waiting' }),
      summary('b', { robotId: 'r2', robotName: 'Payroll', presetName: 'Monthly run', state: 'done' }),
      summary('c', { presetName: null, state: 'rejected', webhookCallId: null }),
    ].map((c) => [c.id, c]),
  );
  const order = ['a', 'b', 'c'];

  test('keeps order and narrows by robot, states and text', () => {
    expect(filteredIds(order, calls, noFilter)).toEqual(['a', 'b', 'c']);
    expect(filteredIds(order, calls, { ...noFilter, robotId: 'r2' })).toEqual(['b']);
    expect(filteredIds(order, calls, { ...noFilter, states: ['waiting', 'rejected'] })).toEqual(['a', 'c']);
    expect(filteredIds(order, calls, { ...noFilter, text: '  MONTHLY ' })).toEqual(['b']);
    expect(filteredIds(order, calls, { ...noFilter, text: 'wh-c' })).toEqual([]);
    expect(filteredIds(order, calls, { ...noFilter, text: 'wh-a' })).toEqual(['a']);
    expect(filteredIds(order, calls, { ...noFilter, text: 'payroll', states: ['waiting'] })).toEqual([]);
  });

  test('text also matches calls the history found by their arguments', () => {
    const filter = { ...noFilter, text: 'C-17' };
    expect(matchesFilter(calls.get('c')!, filter)).toBe(false);
    expect(matchesFilter(calls.get('c')!, filter, new Set(['c']))).toBe(true);
    expect(matchesFilter(calls.get('c')!, { ...filter, robotId: 'r2' }, new Set(['c']))).toBe(false);
  });

  test('counts per state for the robot filtered on, and toggles states', () => {
    const counts = countByState(order, calls, null);
    expect([counts.waiting, counts.done, counts.rejected, counts.stopped]).toEqual([1, 1, 1, 0]);
    expect(countByState(order, calls, 'r2').done).toBe(1);
    expect(countByState(order, calls, 'r2').waiting).toBe(0);
    const on = toggleState(noFilter, 'done');
    expect(on.states).toEqual(['done']);
    expect(toggleState(on, 'done').states).toEqual([]);
  });
});

describe('call timing', () => {
  test.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [12_400, '12 s'],
    [185_000, '3 min 5 s'],
    [7_800_000, '2 h 10 min'],
    [-5, '0 ms'],
  ])('%d ms reads "%s"', (ms, text) => {
    expect(formatSpan(ms)).toBe(text);
  });

  test('duration runs to now while waiting and to the end after; the countdown only while waiting', () => {
    const waiting = summary('w', { state: 'waiting', sentAt: 1000, nextPollAt: 6000 });
    expect(durationOf(waiting, 4000)).toBe(3000);
    expect(untilNextPoll(waiting, 4000)).toBe(2000);
    expect(untilNextPoll(waiting, 7000)).toBe(0);
    expect(durationOf(summary('d', { sentAt: 1000, finishedAt: 2500 }), 99_999)).toBe(1500);
    expect(untilNextPoll(summary('d', { nextPollAt: 6000 }), 4000)).toBeNull();
  });
});

describe('the request as sent', () => {
  test('shows the token as dots, the JSON body of a POST and no body for a GET', () => {
    const post = requestAsSent({ method: 'POST', url: 'https://x.test/hook', args: { a: 1 } });
    expect(post.headers).toEqual([
      ['content-type', 'application/json'],
      ['x-service-token', TOKEN_DOTS],
    ]);
    expect(post.body).toBe('{\n  "a": 1\n}');
    const get = requestAsSent({ method: 'GET', url: 'https://x.test/hook?a=1', args: { a: 1 } });
    expect(get.body).toBeNull();
    expect(get.url).toBe('https://x.test/hook?a=1');
    expect(requestAsSent({ method: 'GET', url: null, args: {} }).url).toMatch(/not sent/);
  });
});

describe('the response diff', () => {
  test('lists added, removed and changed paths in document order, odd keys quoted', () => {
    const before = { a: 1, list: [1, 2, 3], 'x.y': { keep: true, gone: 'old' }, type: [1] };
    const after = { a: 2, list: [1, 2], 'x.y': { keep: true, fresh: null }, type: { 0: 1 }, extra: 'new' };
    expect(diffJson(before, after).entries).toEqual([
      { kind: 'changed', path: '$.a', before: 1, after: 2 },
      { kind: 'removed', path: '$.list[2]', before: 3 },
      { kind: 'removed', path: "$['x.y'].gone", before: 'old' },
      { kind: 'added', path: "$['x.y'].fresh", after: null },
      { kind: 'changed', path: '$.type', before: [1], after: { 0: 1 } },
      { kind: 'added', path: '$.extra', after: 'new' },
    ]);
    expect(diffJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual({ entries: [], truncated: false });
  });

  test('stops at the limit and says so; deep documents do not overflow the stack', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const result = diffJson({}, many, 10);
    expect(result.entries).toHaveLength(10);
    expect(result.truncated).toBe(true);
    let deepA: unknown = 1;
    let deepB: unknown = 2;
    for (let i = 0; i < 20_000; i++) {
      deepA = [deepA];
      deepB = [deepB];
    }
    const deep = diffJson(deepA as never, deepB as never);
    expect(deep.entries).toHaveLength(1);
    expect(deep.entries[0]!.path.endsWith('[0][0]')).toBe(true);
  });

  test('keeps a "__proto__" key as data', () => {
    const before = JSON.parse('{"__proto__": {"x": 1}}');
    const after = JSON.parse('{"__proto__": {"x": 2}}');
    expect(diffJson(before, after).entries).toEqual([
      { kind: 'changed', path: '$.__proto__.x', before: 1, after: 2 },
    ]);
  });

  test('the previous run is the next older call of the same preset and robot with a response', () => {
    const byId = new Map(
      [
        summary('new'),
        summary('other', { presetId: 'p2' }),
        summary('empty', { hasResponse: false }),
        summary('elsewhere', { robotId: 'r9' }),
        summary('old'),
        summary('older'),
      ].map((c) => [c.id, c]),
    );
    const order = ['new', 'other', 'empty', 'elsewhere', 'old', 'older'];
    expect(previousRunOf(order, byId, 'new')?.id).toBe('old');
    expect(previousRunOf(order, byId, 'old')?.id).toBe('older');
    expect(previousRunOf(order, byId, 'older')).toBeUndefined();
    const custom = new Map(byId).set('new', summary('new', { presetId: null }));
    expect(previousRunOf(order, custom, 'new')).toBeUndefined();
  });
});

describe('comparing two responses given as JSON text', () => {
  test('numbers beyond 2^53 compare digit for digit and show as sent', () => {
    const before = '{"id":12345678901234567890,"same":9007199254740993,"n":1}';
    const after = '{"id":12345678901234567891,"same":9007199254740993,"n":1}';
    expect(diffTexts(before, after)).toEqual({
      truncated: false,
      lines: [
        { kind: 'changed', path: '$.id', before: '12345678901234567890', after: '12345678901234567891' },
      ],
    });
  });

  test('added and removed values carry only their own side, long values cut to a preview', () => {
    const long = 'x'.repeat(500);
    const { lines } = diffTexts(`{"gone":"${long}"}`, '{"new":[1,2]}');
    expect(lines).toEqual([
      { kind: 'removed', path: '$.gone', before: `"${'x'.repeat(119)}…` },
      { kind: 'added', path: '$.new', after: '[1,2]' },
    ]);
  });

  test("text that is not JSON is refused with the reader's reason", () => {
    expect(() => diffTexts('{"a":1}', '{"a":')).toThrow(SyntaxError);
  });
});
