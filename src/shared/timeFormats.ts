/**
 * Every date and time Robot Tray shows people (the window, a saved call, a
 * report), in one format for times and one for dates, both the system
 * locale's own medium styles: "7:09:53 PM" or "19:09:53", and the same time
 * after its day where a day is needed ("Nov 27, 2026, 7:09:53 PM",
 * "27.11.2026, 19:09:53"), so no two spellings of a moment meet.
 */
export function timeFormats(locale?: string, timeZone?: string) {
  const zone = timeZone === undefined ? {} : { timeZone };
  // One formatter each for every row: building one per call costs more than the row.
  const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'medium', ...zone });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...zone });
  const offset = new Intl.DateTimeFormat(locale, { timeZoneName: 'shortOffset', ...zone });
  return {
    /** The clock time of `at`, with seconds: "2:05:09 PM" or "14:05:09". */
    clockTime: (at: number) => clock.format(at),
    /** The day of `at`: "Nov 23, 2026" or "23.11.2026". */
    dayOf: (at: number) => day.format(at),
    /** The day and the clock time: "Nov 23, 2026, 2:05:09 PM". */
    dateTime: (at: number) => `${day.format(at)}, ${clock.format(at)}`,
    /** The time zone these times are in at `at`, as an offset: "GMT+1", "GMT". */
    zoneOf: (at: number) => offset.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '',
  };
}

const system = timeFormats();
export const clockTime = system.clockTime;
export const dayOf = system.dayOf;
export const dateTime = system.dateTime;
