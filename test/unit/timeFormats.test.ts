import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { timeFormats } from '../../src/shared/timeFormats.ts';
import { timeAgo } from '../../src/renderer/src/ui/timeAgo.ts';

/**
 * Robot Tray shows dates and times in one format for each, the system
 * locale's own: a date is always the same clock time with its day before
 * it, so "11/23/2026, 3:28:15 PM" never sits beside "03:28:15 PM".
 */
describe('dates and times', () => {
  const at = Date.UTC(2026, 10, 23, 14, 28, 15);

  test.each(['en-US', 'en-GB', 'de-DE', 'ja-JP'])(
    '%s: a date carries the clock time shown elsewhere, in the locale’s medium styles',
    (locale) => {
      const f = timeFormats(locale, 'UTC');
      expect(f.dateTime(at)).toBe(`${f.dayOf(at)}, ${f.clockTime(at)}`);
      expect(f.clockTime(at)).toBe(
        new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone: 'UTC' }).format(at),
      );
      expect(f.dayOf(at)).toBe(
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at),
      );
    },
  );

  test('the locale decides the clock: 24 hours in Germany, AM/PM in the US, no padded hour', () => {
    expect(timeFormats('de-DE', 'UTC').clockTime(Date.UTC(2026, 0, 1, 15, 4, 5))).toBe('15:04:05');
    expect(timeFormats('en-US', 'UTC').clockTime(Date.UTC(2026, 0, 1, 7, 4, 5))).toBe('7:04:05 AM');
    expect(timeFormats('en-US', 'UTC').dateTime(Date.UTC(2026, 10, 27, 19, 3, 47))).toBe(
      'Nov 27, 2026, 7:03:47 PM',
    );
    expect(timeFormats('en-US', 'Europe/Berlin').zoneOf(at)).toBe('GMT+1');
  });

  test('"just now" and minutes ago; past a day, the day in the same format', () => {
    expect(timeAgo(at, at + 10_000)).toBe('just now');
    expect(timeAgo(at, at + 5 * 60_000)).toBe('5 min ago');
    expect(timeAgo(at, at + 3 * 86_400_000)).toBe(timeFormats().dayOf(at));
  });

  test('no part of the window formats a date itself: every one goes through the shared formats', () => {
    const root = path.resolve(import.meta.dirname, '../../src/renderer/src');
    const own = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) =>
        /toLocale(Date|Time)?String\(|new Intl\.DateTimeFormat/.test(
          readFileSync(path.join(root, file), 'utf8'),
        ),
      );
    expect(own).toEqual([]);
  });
});
