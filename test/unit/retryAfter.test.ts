import { describe, expect, test } from 'vitest';
import { parseRetryAfter } from '../../src/core/http/retryAfter.ts';

/** How long the service asked us to wait before polling again (RFC 9110 section 10.2.3). */

const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('Retry-After as delay-seconds', () => {
  test.each([
    ['0', 0],
    ['7', 7_000],
    ['30', 30_000],
    ['120', 120_000],
    ['86400', 86_400_000],
    [' 15 ', 15_000],
    ['\t5', 5_000],
  ])('%j waits %i ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });

  // Date.parse would read several of these as dates (-5 and 1.5 as days in 2001, "Dec 2099" as decades away).
  test.each(['-5', '1.5', '5s', '+5', '', '   ', 'soon', 'Dec 2099', '2099-12-01', 'Sun, 06 Nov 2099'])(
    '%j is neither delay-seconds nor an HTTP-date: ignored',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );
});

describe('Retry-After as an HTTP-date', () => {
  test('a future date waits until then; a past date not at all', () => {
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(parseRetryAfter(new Date(now).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter(new Date(now - 90_000).toUTCString(), now)).toBe(0);
  });

  // now is Sat, 21 Nov 2026 12:00:00 GMT; each form below says 12:01:30 GMT that day.
  test.each([
    ['IMF-fixdate', 'Sat, 21 Nov 2026 12:01:30 GMT'],
    ['the obsolete RFC 850 form', 'Saturday, 21-Nov-26 12:01:30 GMT'],
    ['asctime, which is GMT without saying so', 'Sat Nov 21 12:01:30 2026'],
    ['asctime with a one-digit day', 'Sun Nov  1 12:01:30 2026'],
  ])('%s: %j', (_form, value) => {
    const expected = value.includes('Nov  1')
      ? Date.UTC(2026, 10, 1, 12, 1, 30)
      : Date.UTC(2026, 10, 21, 12, 1, 30);
    expect(parseRetryAfter(value, Date.UTC(2026, 10, 1, 12, 0, 0))).toBe(
      expected - Date.UTC(2026, 10, 1, 12, 0, 0),
    );
  });

  test.each([
    ['a date without its zone', 'Sat, 21 Nov 2026 12:01:30'],
    ['a zone other than GMT', 'Sat, 21 Nov 2026 12:01:30 CET'],
    ['a lower-case day name', 'sat, 21 Nov 2026 12:01:30 GMT'],
    ['a time without seconds', 'Sat, 21 Nov 2026 12:01 GMT'],
    ['a one-digit day in IMF-fixdate', 'Sat, 1 Nov 2026 12:01:30 GMT'],
    ['asctime with a zone after the year', 'Sat Nov 21 12:01:30 2026 CET'],
    ['asctime with a two-digit year', 'Sat Nov 21 12:01:30 26'],
    ['text around a valid date', 'x Sat, 21 Nov 2026 12:01:30 GMT'],
    ['a valid date with text after it', 'Sat, 21 Nov 2026 12:01:30 GMT x'],
    ['an impossible date', 'Sat, 99 Nov 2026 12:01:30 GMT'],
  ])('%s is not an HTTP-date: %j', (_why, value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});

describe('a header that came more than once', () => {
  test('the first value counts', () => {
    expect(parseRetryAfter(['12', '99'], now)).toBe(12_000);
    expect(parseRetryAfter([], now)).toBeUndefined();
  });

  test('no header waits for nothing in particular', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('Retry-After: a date with anything after it is not an HTTP-date', () => {
  test.each([
    'Sat, 21 Nov 2026 12:01:30 GMT+0100',
    'Sat Nov 21 12:01:30 2026 +0100',
    'Sat Nov 21 12:01:30 2026 UTC',
    'x Sat Nov 21 12:01:30 2026',
    'Mon Sat Nov 21 12:01:30 2026',
  ])('%j is ignored', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
