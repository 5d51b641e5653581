import { describe, expect, test } from 'vitest';
import { CallCheck } from '../../src/core/store/callCheck.ts';
import { Call } from '../../src/shared/models/call.ts';

/**
 * The history's check of each record it writes: a poll's record shares its
 * arguments, response and timeline with the record before, so those are not
 * walked again, but every record is still refused when any part is wrong.
 */
const first = Call.parse({
  id: 'c1',
  robotId: 'r1',
  robotName: 'Bot',
  method: 'POST',
  args: { customer: 'C-17', items: [1, 2, 3] },
  state: 'waiting',
  response: { partial: true },
  timeline: [{ at: 1, state: 'waiting' }],
  createdAt: 1,
});

describe('a call record is checked', () => {
  test('whole the first time, then around the parts it shares with a checked one', () => {
    const check = new CallCheck();
    expect(() => check.check(first)).not.toThrow();
    expect(() => check.check({ ...first, pollCount: 1, lastPolledAt: 2 })).not.toThrow();
    // A call with no response yet, as every waiting call is.
    const { response: _none, ...waiting } = first;
    check.check(waiting);
    expect(() => check.check({ ...waiting, pollCount: 1 })).not.toThrow();
  });

  test('a field around the shared parts that is wrong is still refused, by name', () => {
    const check = new CallCheck();
    check.check(first);
    expect(() => check.check({ ...first, pollCount: -1 })).toThrow(/^pollCount: /);
    expect(() => check.check({ ...first, state: 'bogus' } as unknown as Call)).toThrow(/^state: /);
  });

  test('a part that is new is checked whole, even beside parts already checked', () => {
    const check = new CallCheck();
    check.check(first);
    expect(() => check.check({ ...first, args: { x: Number.NaN } })).toThrow(/^args\.x: /);
    expect(() => check.check({ ...first, response: { x: Number.NaN } })).toThrow(/^response: /);
    expect(() =>
      check.check({ ...first, timeline: [{ at: 'x', state: 'done' }] } as unknown as Call),
    ).toThrow(/^timeline\[0\]\.at: /);
  });

  test('a timeline entry added to checked ones is checked itself', () => {
    const check = new CallCheck();
    check.check(first);
    const next = { ...first, timeline: [...first.timeline, { at: 2, state: 'done' as const }] };
    expect(() => check.check(next)).not.toThrow();
    const wrong = [...next.timeline, { at: 'x', state: 'done' }];
    expect(() => check.check({ ...next, timeline: wrong } as unknown as Call)).toThrow(
      /^timeline\[2\]\.at: /,
    );
    const { timeline: _none, ...without } = first;
    expect(() => check.check(without as Call)).not.toThrow();
  });

  test('a part is trusted only once a whole call holding it passed', () => {
    const check = new CallCheck();
    const args = { x: Number.NaN };
    expect(() => check.check({ ...first, args })).toThrow();
    expect(() => check.check({ ...first, args, pollCount: 1 })).toThrow(/^args\.x: /);
  });
});
