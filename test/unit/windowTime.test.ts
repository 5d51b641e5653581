import { describe, expect, test } from 'vitest';
import { timeAgo, timeFormats } from '../../src/renderer/src/ui/time.ts';

/**
 * The window shows dates and times in one format that follows the system
 * locale: a date is always the same clock time with its day before it, so
 * "11/23/2026, 3:28:15 PM" never sits beside "15:28:15".
 */
describe('dates and times in the window', () => {
  const at = Date.UTC(2026, 10, 23, 14, 28, 15);

  test.each(['en-US', 'en-GB', 'de-DE', 'ja-JP'])(
    '%s: a date carries the clock time shown elsewhere',
    (locale) => {
      const f = timeFormats(locale);
      expect(f.dateTime(at)).toBe(`${f.dayOf(at)}, ${f.clockTime(at)}`);
      expect(f.clockTime(at)).toMatch(/\d{1,2}.\d{2}.\d{2}/);
      expect(f.clockTime(at)).toBe(
        new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at),
      );
    },
  );

  test('the locale decides the clock: 24 hours in Germany, AM/PM in the US', () => {
    expect(timeFormats('de-DE').clockTime(Date.UTC(2026, 0, 1, 15, 4, 5))).not.toMatch(/PM/);
    expect(timeFormats('en-US').clockTime(Date.UTC(2026, 0, 1, 15, 4, 5))).toMatch(/[AP]M/);
  });

  test('"just now" and minutes ago; past a day, the day in the same format', () => {
    expect(timeAgo(at, at + 10_000)).toBe('just now');
    expect(timeAgo(at, at + 5 * 60_000)).toBe('5 min ago');
    expect(timeAgo(at, at + 3 * 86_400_000)).toBe(timeFormats().dayOf(at));
  });
});
