import { describe, expect, test } from 'vitest';
import {
  defaultPollPolicy,
  PollPolicy,
  PollPolicyOverrides,
  resolvePollPolicy,
} from '../../src/shared/models/pollPolicy.ts';

/**
 * The poll policy people may set per robot and in settings: the bounds keep
 * Robot Tray gentle on the service, and a value just outside them is refused
 * rather than clamped.
 */

const HOUR = 3_600_000;
const valid = { firstDelayMs: 500, factor: 1.5, maxDelayMs: 10_000, watchDeadlineMs: 60_000 };

describe('bounds of each field', () => {
  test.each([
    ['firstDelayMs', 100, 600_000],
    ['factor', 1, 10],
    ['maxDelayMs', 100, HOUR],
    ['watchDeadlineMs', 1_000, 7 * 24 * HOUR],
  ] as const)('%s: %d to %d, inclusive', (field, min, max) => {
    const ok = (value: number) => PollPolicy.safeParse({ ...valid, [field]: value }).success;
    expect(ok(min)).toBe(true);
    expect(ok(max)).toBe(true);
    expect(ok(field === 'factor' ? min - 0.01 : min - 1)).toBe(false);
    expect(ok(field === 'factor' ? max + 0.01 : max + 1)).toBe(false);
    // Overrides name a field alone, with the same bounds.
    expect(PollPolicyOverrides.safeParse({ [field]: max }).success).toBe(true);
    expect(
      PollPolicyOverrides.safeParse({ [field]: field === 'factor' ? max + 0.01 : max + 1 }).success,
    ).toBe(false);
  });

  test('delays and the deadline are whole milliseconds; the factor may be a fraction', () => {
    expect(PollPolicy.safeParse({ ...valid, firstDelayMs: 500.5 }).success).toBe(false);
    expect(PollPolicy.safeParse({ ...valid, maxDelayMs: 10_000.5 }).success).toBe(false);
    expect(PollPolicy.safeParse({ ...valid, watchDeadlineMs: 60_000.5 }).success).toBe(false);
    expect(PollPolicy.parse({ ...valid, factor: 1.25 }).factor).toBe(1.25);
  });

  test('every field is required in a whole policy, none in an override', () => {
    for (const field of Object.keys(valid)) {
      const { [field as keyof typeof valid]: _dropped, ...rest } = valid;
      expect(PollPolicy.safeParse(rest).success).toBe(false);
    }
    expect(PollPolicyOverrides.parse({})).toEqual({});
  });
});

describe('the defaults and how layers combine', () => {
  test('half a second, growing by 1.5 up to 10 s, watched for 30 minutes', () => {
    expect(defaultPollPolicy).toEqual({
      firstDelayMs: 500,
      factor: 1.5,
      maxDelayMs: 10_000,
      watchDeadlineMs: 30 * 60_000,
    });
    expect(PollPolicy.safeParse(defaultPollPolicy).success).toBe(true);
  });

  test('later layers win field by field; a missing layer or an undefined field changes nothing', () => {
    expect(
      resolvePollPolicy(
        { firstDelayMs: 1_000 },
        undefined,
        { factor: 2, firstDelayMs: undefined },
        { maxDelayMs: 5_000 },
      ),
    ).toEqual({ firstDelayMs: 1_000, factor: 2, maxDelayMs: 5_000, watchDeadlineMs: 30 * 60_000 });
    expect(resolvePollPolicy()).toEqual(defaultPollPolicy);
    expect(resolvePollPolicy(undefined)).toEqual(defaultPollPolicy);
  });

  test('resolving does not change the defaults', () => {
    resolvePollPolicy({ firstDelayMs: 2_000 });
    expect(defaultPollPolicy.firstDelayMs).toBe(500);
  });
});
