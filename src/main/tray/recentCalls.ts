import type { AppEvent } from '../../shared/events.ts';
import { isActive } from '../../shared/models/call.ts';
import type { CallSummary } from '../../shared/models/callSummary.ts';

export const RECENT_CALLS = 5;

/**
 * The tray's "Recent calls", kept up to date from events instead of asking
 * the history at each rebuild (which would read whole responses, up to 50 MB
 * each, to show five lines). Newest first.
 */
export function nextRecentCalls(recent: readonly CallSummary[], event: AppEvent): readonly CallSummary[] {
  if (event.type === 'calls.changed') {
    const byId = new Map(recent.map((c) => [c.id, c]));
    for (const { call } of event.changes) byId.set(call.id, call);
    return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt).slice(0, RECENT_CALLS);
  }
  if (event.type === 'calls.removed') {
    const gone = new Set(event.ids);
    const scope = event.finishedOf;
    return recent.filter(
      (c) =>
        !gone.has(c.id) &&
        !(scope !== null && !isActive(c.state) && (scope.robotId === null || scope.robotId === c.robotId)),
    );
  }
  return recent;
}
