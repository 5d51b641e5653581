import type { Call } from '../shared/models/call.ts';
import { pollTrouble } from '../shared/sentences/pollTrouble.ts';

/** What a progress line shows about a call being waited on. */
export type ProgressView = Pick<Call, 'state' | 'pollCount' | 'webhookCallId' | 'error'> & {
  elapsedMs: number;
  /** What the last poll met and when the next is, while polls fail (see pollTrouble). */
  trouble: string | null;
};

export function progressView(call: Call, now: number): ProgressView {
  const { state, pollCount, webhookCallId, error } = call;
  // A finished call's time is fixed: from creation to its end, not to now.
  const end = call.finishedAt ?? now;
  const trouble = pollTrouble(call, now);
  return { state, pollCount, webhookCallId, error, elapsedMs: Math.max(0, end - call.createdAt), trouble };
}

/** 0.4s, 12.3s, 2m 05s, 1h 02m: precise while short, calm while long. */
export function formatElapsed(ms: number): string {
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)}s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * One line: state, elapsed time, polls, and the last failed poll while the
 * call still waits (the tracker keeps polling through transient failures,
 * so people should see why it is taking long).
 */
export function progressLine(view: ProgressView): string {
  const parts = [view.state, formatElapsed(view.elapsedMs), plural(view.pollCount, 'poll')];
  if (view.trouble !== null) parts.push(view.trouble);
  if (view.webhookCallId !== null) parts.push(`webhookCallId ${view.webhookCallId}`);
  return parts.join(' · ');
}

/**
 * What must change for a plain (non-TTY) progress log to print a new line:
 * the state, a poll, or the failure count. Elapsed time alone does not, so a
 * log file gets one line per poll at most.
 */
export function progressKey(view: ProgressView): string {
  return `${view.state}|${view.pollCount}|${view.error?.count ?? 0}`;
}
