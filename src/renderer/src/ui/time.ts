/**
 * Every date and time the window shows, in one format that follows the
 * system's locale (the window's language and region): a clock time with
 * seconds, and the same clock time after a date where a day is needed, so
 * "23.11.2026, 15:28:15" and "15:28:15" never meet "11/23/2026, 3:28 PM".
 */
export function timeFormats(locale?: string) {
  // One formatter each for every row: building one per call costs more than the row.
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  return {
    /** The clock time of `at`, with seconds: "14:05:09" or "2:05:09 PM". */
    clockTime: (at: number) => clock.format(at),
    /** The day of `at`: "23 Nov 2026" or "Nov 23, 2026". */
    dayOf: (at: number) => day.format(at),
    /** The day and the clock time: "23 Nov 2026, 14:05:09". */
    dateTime: (at: number) => `${day.format(at)}, ${clock.format(at)}`,
  };
}

const system = timeFormats();
export const clockTime = system.clockTime;
export const dayOf = system.dayOf;
export const dateTime = system.dateTime;

/** "just now", "5 min ago", "3 h ago", or the day: how long ago `at` was, for people. */
export function timeAgo(at: number, now = Date.now()): string {
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return dayOf(at);
}
