import type { AppEvent, CallChange } from '../../../shared/events.ts';

/**
 * Call changes come up to hundreds a second (each poll of each waiting call
 * is one), and applying one means a new copy of the calls by id (10,000 in
 * a long history) and the list's filters and counts run again. So they are
 * gathered by call (its latest summary) and applied together at most every
 * `waitMs`, or at once before any other event is handed on (`route`), so
 * events still apply in the order main sent them.
 */
export function gatherCallChanges(apply: (changes: CallChange[]) => void, waitMs: number) {
  const pending = new Map<string, CallChange>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const changes = [...pending.values()];
    pending.clear();
    apply(changes);
  };
  const add = (changes: readonly CallChange[]): void => {
    for (const change of changes) pending.set(change.call.id, change);
    timer ??= setTimeout(flush, waitMs);
  };
  return {
    add,
    flush,
    /** Call changes are gathered; any other event goes to `other` once the gathered ones are applied. */
    route(event: AppEvent, other: (event: Exclude<AppEvent, { type: 'calls.changed' }>) => void): void {
      if (event.type === 'calls.changed') return add(event.changes);
      flush();
      other(event);
    },
  };
}
