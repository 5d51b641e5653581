/**
 * The HTTP-date forms a recipient must accept (RFC 9110 section 5.6.7):
 * IMF-fixdate and the obsolete RFC 850 form, both in GMT, and asctime, which
 * is GMT without saying so. Date.parse alone would read "1.5", "-5" or
 * "Dec 2099" as dates too, and asctime in the machine's local time.
 */
const GMT_DATE = /^[A-Z][a-z]+, \d{2}[ -][A-Z][a-z]{2}[ -]\d{2,4} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

function parseHttpDate(text: string): number {
  if (GMT_DATE.test(text)) return Date.parse(text);
  if (ASCTIME_DATE.test(text)) return Date.parse(`${text} GMT`);
  return Number.NaN;
}

/**
 * Retry-After in either form (RFC 9110): delay-seconds or an HTTP-date.
 * Returns milliseconds from `now`, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = parseHttpDate(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
