import type { AppCore } from '../core/appCore.ts';
import type { Call } from '../shared/models/call.ts';

/** At most this many waiting calls are asked about per `calls`, one query each... */
export const MAX_REFRESHED = 20;
/** ...within this long; the ones not answered by then are listed as unverified. */
export const REFRESH_MS = 3_000;

/**
 * A call the CLI fired and nobody watched stays `waiting` in the history
 * long after the robot finished. Unless the app is watching them (its records
 * are current), `calls` asks the service once about each waiting call it is
 * about to list, the newest first, bounded in count and time. Returns the ids
 * of waiting calls it could not verify: not asked (past the count), not
 * answered in time, or asked and met with an error (the service unreachable).
 */
export async function refreshWaiting(core: AppCore, calls: readonly Call[]): Promise<Set<string>> {
  const waiting = calls.filter((c) => c.state === 'waiting');
  if (waiting.length === 0 || core.appIsWatching() === true) return new Set();
  const asked = new Map(waiting.slice(0, MAX_REFRESHED).map((c) => [c.id, c.pollCount]));
  const unverified = new Set(waiting.map((c) => c.id));
  await new Promise<void>((resolve) => {
    const settle = () => {
      unsubscribe();
      clearTimeout(guard);
      resolve();
    };
    const unsubscribe = core.subscribe((event) => {
      if (event.type !== 'calls') return;
      for (const call of event.calls) {
        const polls = asked.get(call.id);
        if (polls === undefined || (call.pollCount <= polls && call.state === 'waiting')) continue;
        // Asked once either way; only an answer (no error left on the call) verifies it.
        if (call.state !== 'waiting' || call.error === null) unverified.delete(call.id);
        asked.delete(call.id);
      }
      if (asked.size === 0) settle();
    });
    const guard = setTimeout(settle, Math.min(REFRESH_MS, core.getSettings().http.requestDeadlineMs));
    for (const id of asked.keys()) core.watchCall(id);
  });
  return unverified;
}
