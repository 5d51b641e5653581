import type { CallSummary } from '../../../../../shared/models/callSummary.ts';

type Timed = Pick<CallSummary, 'createdAt' | 'sentAt' | 'finishedAt' | 'nextPollAt' | 'state'>;

/** "850 ms", "12 s", "3 min 5 s", "2 h 10 min": a span for people. */
export function formatSpan(ms: number): string {
  const value = Math.max(0, ms);
  if (value < 1000) return `${Math.round(value)} ms`;
  const seconds = Math.floor(value / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** From sending to the end, or to now while it runs. */
export function durationOf(call: Timed, now: number): number {
  const start = call.sentAt ?? call.createdAt;
  return (call.finishedAt ?? now) - start;
}

/** Until the next poll, or null when none is planned. */
export function untilNextPoll(call: Timed, now: number): number | null {
  if (call.state !== 'waiting' || call.nextPollAt === null) return null;
  return Math.max(0, call.nextPollAt - now);
}
