import { grouped } from '../grouped.ts';
/** The longest service status shown in a sentence, a note, a notification or a terminal line. */
export const SHOWN_STATUS_CHARS = 60;

/**
 * A status text as people are shown it: cut to a readable length with its
 * full size said. A service once answered a 5 MB status, which
 * became a 5 MB error line and notification; the whole answer stays in the
 * call's detail.
 */
export function shownStatus(status: string): string {
  // Not trimmed nor folded: what the service sent is shown as it is (the
  // terminal escapes control characters), only cut.
  const line = status;
  if (line.length <= SHOWN_STATUS_CHARS) return line;
  // A status already cut when it was stored says its whole length itself.
  const total = CUT_MARK.exec(status)?.[1] ?? grouped(status.length);
  return `${line.slice(0, SHOWN_STATUS_CHARS - 1)}… (${total} characters)`;
}

/** The longest status text stored on a call (`rawStatus`); the whole answer stays in its response. */
export const MAX_KEPT_STATUS = 1000;

const CUT_MARK = /… \((\d[\d,]*) characters\)$/;

/** A status as stored: whole up to MAX_KEPT_STATUS characters, else its start and its whole length. */
export function keptStatus(status: string): string {
  if (status.length <= MAX_KEPT_STATUS) return status;
  const mark = `… (${grouped(status.length)} characters)`;
  return status.slice(0, MAX_KEPT_STATUS - mark.length) + mark;
}

/**
 * Statuses that plainly report a failed run, in upper case with spaces and
 * dashes as underscores. The spec names only WAITING and DONE; these are
 * what robot services commonly say when a run did not succeed.
 */
const FAILURE_STATUSES = new Set([
  'FAILED',
  'FAILURE',
  'FAIL',
  'ERROR',
  'ERRORED',
  'ABORTED',
  'ABORT',
  'CANCELLED',
  'CANCELED',
  'KILLED',
  'TERMINATED',
  'CRASHED',
  'TIMEOUT',
  'TIMED_OUT',
  'TIMEDOUT',
  'REJECTED',
]);

/** Whether a status plainly says the run failed ("FAILED", "error", "Timed out"), case-insensitive. */
export function isFailureStatus(status: string): boolean {
  if (status.length > 40) return false;
  return FAILURE_STATUSES.has(
    status
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, '_'),
  );
}
