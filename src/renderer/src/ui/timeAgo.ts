import { dayOf } from '../../../shared/timeFormats.ts';

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
